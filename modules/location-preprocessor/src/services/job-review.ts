import type { Knex } from 'knex';
import { type Actor, ConflictError, NotFoundError, recordAudit, ValidationError, transaction } from '@portal/core';
import { upsertPreprocessedLocations } from '@portal/organizations';
import type { LocationInput } from './matcher.js';
import { normalizeName } from './normalize.js';
import type { Decision } from './score.js';
import type { JobStatus, RowView } from './jobs.js';
import { rowQuery, type RowRecord, rowViews } from './job-detail.js';

/** A job the operator may review: matching finished, not completed, removed or failed. */
async function lockReviewable(trx: Knex.Transaction, id: number): Promise<{ supplier_id: number }> {
  const job = (await trx('preprocessor_jobs').where({ id }).forUpdate().first('status', 'matched_at', 'supplier_id')) as
    | { status: JobStatus; matched_at: Date | null; supplier_id: number }
    | undefined;
  if (!job) throw new NotFoundError('JOB_NOT_FOUND');
  if (job.status !== 'IN PROGRESS' || !job.matched_at) throw new ConflictError('JOB_NOT_REVIEWABLE');
  return job;
}

const COUNT_COLUMN: Record<Decision, string> = {
  MATCHED: 'matched_rows',
  REVIEW: 'review_rows',
  UNMATCHED: 'unmatched_rows',
};

/** Moves the job's counters after rows changed decision. */
async function moveCounts(trx: Knex.Transaction, jobId: number, moves: { from: Decision; to: Decision }[]) {
  const delta: Record<string, number> = { matched_rows: 0, review_rows: 0, unmatched_rows: 0 };
  for (const m of moves) {
    delta[COUNT_COLUMN[m.from]]! -= 1;
    delta[COUNT_COLUMN[m.to]]! += 1;
  }
  await trx('preprocessor_jobs')
    .where({ id: jobId })
    .update({
      matched_rows: trx.raw('matched_rows + ?', [delta.matched_rows!]),
      review_rows: trx.raw('review_rows + ?', [delta.review_rows!]),
      unmatched_rows: trx.raw('unmatched_rows + ?', [delta.unmatched_rows!]),
      updated_at: trx.fn.now(),
    });
}

/**
 * Decisions feed the registry: the row's name becomes an alias of the provider for this supplier, and its customer
 * number the supplier's CUSTOMER identifier of the provider, so the supplier's next file matches at once.
 */
async function learn(
  trx: Knex.Transaction,
  supplierId: number,
  accepted: { knownProviderId: number; input: LocationInput }[],
): Promise<void> {
  const aliases = accepted
    .filter((a) => a.input.name?.trim())
    .map((a) => ({
      known_provider_id: a.knownProviderId,
      supplier_id: supplierId,
      alias: a.input.name.trim(),
      alias_norm: normalizeName(a.input.name),
    }))
    .filter((a) => a.alias_norm);
  for (let i = 0; i < aliases.length; i += 1000)
    await trx('known_provider_aliases')
      .insert(aliases.slice(i, i + 1000))
      .onConflict(trx.raw('(known_provider_id, coalesce(supplier_id, 0), alias_norm)') as unknown as string)
      .ignore();
  const numbers = new Map<string, number>();
  for (const a of accepted)
    if (a.input.customerNumber?.trim()) numbers.set(a.input.customerNumber.trim(), a.knownProviderId);
  const ids = [...numbers].map(([value, known_provider_id]) => ({
    kind: 'CUSTOMER',
    value,
    supplier_id: supplierId,
    known_provider_id,
  }));
  for (let i = 0; i < ids.length; i += 1000)
    await trx('known_provider_identifiers')
      .insert(ids.slice(i, i + 1000))
      .onConflict(trx.raw('(kind, value, coalesce(supplier_id, 0))') as unknown as string)
      .merge(['known_provider_id']);
}

/** PUT /{id}/rows/{rowId}: accept a provider (a candidate or any other) or mark the row unmatched. Audited. */
export async function decideRow(
  db: Knex,
  actor: Actor,
  jobId: number,
  rowId: number,
  body: { knownProviderId?: number; decision?: 'UNMATCHED' },
): Promise<RowView> {
  if (body.knownProviderId === undefined && body.decision !== 'UNMATCHED')
    throw new ValidationError('DECISION_REQUIRED');
  await transaction(db, async (trx) => {
    const job = await lockReviewable(trx, jobId);
    const row = (await trx('preprocessor_job_rows').where({ id: rowId, job_id: jobId }).forUpdate().first()) as
      | (RowRecord & { known_provider_id: number | null })
      | undefined;
    if (!row) throw new NotFoundError('ROW_NOT_FOUND');
    let after: { decision: Decision; known_provider_id: number | null; confidence: number };
    if (body.knownProviderId !== undefined) {
      const known = await trx('known_providers').where({ id: body.knownProviderId }).first('id');
      if (!known) throw new ValidationError('UNKNOWN_KNOWN_PROVIDER');
      const candidate = row.candidates.find((c) => Number(c.knownProviderId) === body.knownProviderId);
      after = {
        decision: 'MATCHED',
        known_provider_id: body.knownProviderId,
        // A provider the operator found by search is as certain as the operator.
        confidence: candidate ? candidate.score : 1,
      };
      await learn(trx, Number(job.supplier_id), [{ knownProviderId: body.knownProviderId, input: row.input }]);
    } else {
      after = { decision: 'UNMATCHED', known_provider_id: null, confidence: Number(row.confidence) };
    }
    await trx('preprocessor_job_rows')
      .where({ id: rowId })
      .update({ ...after, decided_by: actor.userId, decided_at: trx.fn.now() });
    await moveCounts(trx, jobId, [{ from: row.decision, to: after.decision }]);
    await recordAudit(trx, actor, {
      organizationId: Number(job.supplier_id),
      action: 'LOCATION_PREPROCESSOR_ROW_DECIDED',
      entityType: 'preprocessor_job_row',
      entityId: rowId,
      before: { decision: row.decision, knownProviderId: row.known_provider_id },
      after: { jobId, decision: after.decision, knownProviderId: after.known_provider_id },
    });
  });
  const [record] = (await rowQuery(db, jobId).where('r.id', rowId)) as RowRecord[];
  return (await rowViews(db, [record!]))[0]!;
}

/** POST /{id}/bulk-accept: every REVIEW row whose best candidate scores at least minConfidence takes it. Audited. */
export async function bulkAccept(
  db: Knex,
  actor: Actor,
  jobId: number,
  minConfidence: number,
): Promise<{ accepted: number }> {
  return transaction(db, async (trx) => {
    const job = await lockReviewable(trx, jobId);
    const updated = (
      (await trx.raw(
        `UPDATE preprocessor_job_rows SET decision = 'MATCHED',
           known_provider_id = (candidates->0->>'knownProviderId')::bigint,
           decided_by = ?, decided_at = now()
         WHERE job_id = ? AND decision = 'REVIEW' AND confidence >= ? AND jsonb_array_length(candidates) > 0
           AND EXISTS (SELECT 1 FROM known_providers k WHERE k.id = (candidates->0->>'knownProviderId')::bigint)
         RETURNING id, known_provider_id, input`,
        [actor.userId, jobId, minConfidence],
      )) as { rows: { id: number; known_provider_id: number; input: LocationInput }[] }
    ).rows;
    await learn(
      trx,
      Number(job.supplier_id),
      updated.map((r) => ({ knownProviderId: Number(r.known_provider_id), input: r.input })),
    );
    await moveCounts(
      trx,
      jobId,
      updated.map(() => ({ from: 'REVIEW' as const, to: 'MATCHED' as const })),
    );
    await recordAudit(trx, actor, {
      organizationId: Number(job.supplier_id),
      action: 'LOCATION_PREPROCESSOR_BULK_ACCEPTED',
      entityType: 'preprocessor_job',
      entityId: jobId,
      after: { minConfidence, accepted: updated.length, rowIds: updated.slice(0, 1000).map((r) => Number(r.id)) },
    });
    return { accepted: updated.length };
  });
}

/**
 * POST /{id}/complete: the MATCHED rows become the supplier's locations (organisations module), mapped to the
 * provider organisation or site of the known provider, verification PENDING; REVIEW and UNMATCHED rows are skipped.
 * A row's Location ID is its customer number, or LPP-<job>-<row> when the file has none. The job is COMPLETED.
 */
export async function completeJob(
  db: Knex,
  actor: Actor,
  jobId: number,
): Promise<{ created: number; updated: number; skipped: number }> {
  const job = await transaction(db, async (trx) => {
    const locked = await lockReviewable(trx, jobId);
    // Claim the completion so a second call (or replica) cannot run it twice.
    await trx('preprocessor_jobs').where({ id: jobId }).update({ status: 'COMPLETED', completed_at: trx.fn.now() });
    return locked;
  });
  try {
    const rows = (await db('preprocessor_job_rows as r')
      .join('known_providers as k', 'k.id', 'r.known_provider_id')
      .where({ 'r.job_id': jobId, 'r.decision': 'MATCHED' })
      .orderBy('r.row_number')
      .select('r.row_number', 'r.input', 'k.organization_id', 'k.site_id')) as {
      row_number: number;
      input: LocationInput;
      organization_id: number | null;
      site_id: number | null;
    }[];
    const byLocationId = new Map<string, Parameters<typeof upsertPreprocessedLocations>[3][number]>();
    for (const r of rows) {
      const locationId = (r.input.customerNumber?.trim() || `LPP-${jobId}-${r.row_number}`).slice(0, 100);
      byLocationId.set(locationId, {
        location_id: locationId,
        location_name: (r.input.name?.trim() || locationId).slice(0, 300),
        address1: r.input.address?.trim() || null,
        city: r.input.city?.trim() || null,
        state: r.input.state?.trim().toUpperCase() || null,
        zip: r.input.zip?.trim() || null,
        provider_organization_id: r.site_id ? Number(r.site_id) : r.organization_id ? Number(r.organization_id) : null,
      });
    }
    const done = await upsertPreprocessedLocations(db, actor, Number(job.supplier_id), [...byLocationId.values()], {
      jobId,
    });
    const total = (await db('preprocessor_jobs').where({ id: jobId }).first('total_rows', 'matched_rows')) as {
      total_rows: number;
      matched_rows: number;
    };
    const skipped = total.total_rows - total.matched_rows;
    await recordAudit(db, actor, {
      organizationId: Number(job.supplier_id),
      action: 'LOCATION_PREPROCESSOR_COMPLETED',
      entityType: 'preprocessor_job',
      entityId: jobId,
      before: { status: 'IN PROGRESS' },
      after: { status: 'COMPLETED', ...done, skipped },
    });
    return { ...done, skipped };
  } catch (error) {
    await db('preprocessor_jobs').where({ id: jobId }).update({ status: 'IN PROGRESS', completed_at: null });
    throw error;
  }
}
