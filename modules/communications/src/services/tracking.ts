import type { Knex } from 'knex';
import {
  type Actor,
  cleanRichTextOrNull,
  type Config,
  ConflictError,
  NotFoundError,
  recordAudit,
  ValidationError,
  type ListPage,
  type ListSpec,
  parseListQuery,
  runList,
  transaction,
  type RowOf,
} from '@portal/core';
import { assertLookupCodes } from '@portal/lookups';
import { loadOwnCommunication } from './access.js';
import { appendHistory } from './history.js';
import { loadProviderCommunication } from './provider-communications.js';
import { fileView, noticeView, type NoticeView } from './notice-view.js';
import { queueNotices } from './notice-queue.js';
import { appendApprovedProducts } from './post-approval-products.js';
import type { ProductInput } from './wizard-steps.js';
import type { actionCountsSchema, providerProgressRowSchema } from '../communication-progress-output-schemas.js';

/** The supplier's view of provider answers (spec 001 §7.3). */

export type ActionSummary = RowOf<(typeof actionCountsSchema)['items']>;

export async function actionSummaries(db: Knex, actor: Actor, id: number): Promise<ActionSummary[]> {
  await loadOwnCommunication(db, actor, id);
  return (await db('communication_actions as a')
    .leftJoin('provider_responses as r', 'r.action_id', 'a.id')
    .where('a.communication_id', id)
    .groupBy('a.id')
    .orderBy(['a.sort_order', 'a.id'])
    .select(
      'a.id',
      'a.sort_order',
      'a.action_type',
      'a.title',
      'a.is_required',
      'a.due_date',
      db.raw(`count(r.id) FILTER (WHERE r.status = 'SUBMITTED')::int as submitted`),
      db.raw(`count(r.id) FILTER (WHERE r.status = 'DRAFT')::int as drafts`),
    )) as ActionSummary[];
}

/** Every answer to one action, with who answered for which customer. */
export async function answersToAction(db: Knex, secret: string, actor: Actor, id: number, actionId: number) {
  await loadOwnCommunication(db, actor, id);
  const action = await db('communication_actions')
    .where({ id: actionId, communication_id: id })
    .first('id', 'title', 'action_type');
  if (!action) throw new NotFoundError('ACTION_NOT_FOUND');
  const responses = await db('provider_responses as r')
    .join('provider_communications as pc', 'pc.id', 'r.provider_communication_id')
    .join('communication_affected_customers as c', 'c.id', 'pc.affected_customer_id')
    .where({ 'r.action_id': actionId, 'r.communication_id': id })
    .orderBy('c.name')
    .select(
      'r.id',
      'r.provider_communication_id',
      'c.name as customer_name',
      'r.value',
      'r.status',
      'r.source',
      'r.responder_email',
      'r.submitted_at',
      'r.updated_at',
    );
  // Issue 33: a file answer's files by name with their signed links (the live files of the action, by answer).
  const files =
    action.action_type === 'Image' || action.action_type === 'Document'
      ? ((await db('response_files')
          .where({ action_id: actionId, supplier_organization_id: actor.organizationId })
          .whereNull('deleted_at')
          .orderBy('id')
          .select('id', 'provider_communication_id', 'name', 'extension', 'mimetype', 'size', 'file_key')) as ({
          provider_communication_id: number;
        } & Parameters<ReturnType<typeof fileView>>[0])[])
      : [];
  const toFile = fileView(secret);
  return {
    action,
    responses: (responses as { provider_communication_id: number }[]).map((r) => ({
      ...r,
      files: files
        .filter((f) => Number(f.provider_communication_id) === Number(r.provider_communication_id))
        .map(toFile),
    })),
  };
}

const progressList: ListSpec = {
  fields: {
    name: 'c.name',
    response_status: 'pc.response_status',
    acknowledged_at: 'pc.acknowledged_at',
    sent_at: 'pc.sent_at',
    completed_at: 'pc.completed_at',
    status: 'pc.status',
  },
  searchColumns: ['c.name', 'c.emails'],
  defaultSort: [{ column: 'c.name', direction: 'asc' }],
};

export type ProgressRow = RowOf<typeof providerProgressRowSchema>;

/** Per provider communication: progress of acknowledgement and answers (paged). */
export async function providerProgress(
  db: Knex,
  actor: Actor,
  id: number,
  raw: object,
): Promise<ListPage<ProgressRow>> {
  await loadOwnCommunication(db, actor, id);
  const query = parseListQuery(raw, progressList);
  const base = db('provider_communications as pc')
    .join('communication_affected_customers as c', 'c.id', 'pc.affected_customer_id')
    .where({ 'pc.communication_id': id, 'pc.supplier_organization_id': actor.organizationId })
    .whereNot('pc.status', 'DELETED');
  return runList<ProgressRow>(
    base,
    query,
    progressList,
    'pc.id',
    (qb) =>
      qb.select(
        'pc.id as provider_communication_id',
        'pc.provider_organization_id',
        'c.name as customer_name',
        'c.emails',
        'pc.status',
        'pc.response_status',
        'pc.sent_at',
        'pc.last_notified_at',
        'pc.acknowledged_at',
        'pc.acknowledged_by',
        'pc.completed_at',
        'pc.reminder_count',
        'pc.not_affected_reason',
        'pc.not_affected_at',
        db.raw(
          `(SELECT count(*)::int FROM provider_responses r WHERE r.provider_communication_id = pc.id AND r.status = 'SUBMITTED') as answered`,
        ),
      ),
    'pc.updated_at',
  );
}

/** One provider communication of the caller's own event, as the recipient sees it (with answers). */
export async function providerView(
  db: Knex,
  config: Config,
  actor: Actor,
  id: number,
  pcId: number,
): Promise<NoticeView> {
  await loadOwnCommunication(db, actor, id);
  const { pc, event } = await loadProviderCommunication(db, pcId, { communicationId: id });
  if (pc.supplier_organization_id !== actor.organizationId) throw new NotFoundError('NOT_FOUND');
  return noticeView(db, config.jwtSecret, { pc, event, respondent: { email: actor.email, actor } });
}

/** Sends a provider communication's notice again (to one address or all its recipients); older links stop working. */
export async function resendNotice(
  db: Knex,
  config: Config,
  actor: Actor,
  id: number,
  pcId: number,
  email?: string,
): Promise<{ emails_queued: number }> {
  return transaction(db, async (trx) => {
    const event = await loadOwnCommunication(trx, actor, id, { forUpdate: true });
    const { pc } = await loadProviderCommunication(trx, pcId, { communicationId: id });
    if (event.status !== 'OPEN' || pc.status !== 'OPEN') throw new NotFoundError('NOTICE_NOT_OPEN');
    const customer = (await trx('communication_affected_customers')
      .where({ id: pc.affected_customer_id })
      .first('name', 'emails')) as { name: string; emails: string[] };
    const to = email ? [email.trim().toLowerCase()] : customer.emails;
    if (email && !customer.emails.includes(to[0]!)) {
      await trx('communication_affected_customers')
        .where({ id: pc.affected_customer_id })
        .update({ emails: [...customer.emails, to[0]!], updated_at: trx.fn.now() });
    }
    await trx('notice_links')
      .where({ provider_communication_id: pc.id, purpose: 'RECIPIENT' })
      .whereIn('email', to)
      .whereNull('revoked_at')
      .update({ revoked_at: trx.fn.now() });
    const queued = await queueNotices(
      trx,
      config,
      event,
      to.map((e) => ({ providerCommunicationId: pc.id, email: e, customerName: customer.name })),
    );
    await trx('provider_communications')
      .where({ id: pc.id })
      .update({ last_notified_at: trx.fn.now(), updated_at: trx.fn.now() });
    await appendHistory(trx, actor, {
      communicationId: id,
      organizationId: actor.organizationId,
      providerCommunicationId: pc.id,
      action: 'NOTICE_RESENT',
      entityType: 'provider_communication',
      entityId: pc.id,
      after: { to },
    });
    return { emails_queued: queued };
  });
}

const POST_UPDATE_FIELDS = [
  'name',
  'description',
  'end_date',
  // Issue 32: a due date may move after approval; each provider communication follows it (a trigger).
  'response_due_date',
  'contact_name',
  'contact_email',
  'contact_phone',
  'disposition',
  'lead_time',
  'reason',
] as const;

/**
 * A change after approval (DESIGN §4): allowed information fields only, recorded in the change history with before and
 * after; with `notify`, every notified recipient gets the update with a fresh link.
 */
export async function postUpdate(
  db: Knex,
  config: Config,
  actor: Actor,
  id: number,
  input: {
    changes: Partial<Record<(typeof POST_UPDATE_FIELDS)[number], string | null>>;
    /** Issue 33: products added after the current ones (step 1's checks). */
    products?: ProductInput[];
    note?: string;
    notify?: boolean;
  },
): Promise<{ changed: string[]; products_added: number; emails_queued: number }> {
  const frozen = Object.keys(input.changes).filter((k) => !(POST_UPDATE_FIELDS as readonly string[]).includes(k));
  if (frozen.length) throw new ValidationError('FROZEN_AFTER_APPROVAL', { fields: frozen.join(', ') });
  // The description is rich text: compared and stored cleaned with the browser's allow-list (issue 36).
  if (input.changes.description !== undefined)
    input = { ...input, changes: { ...input.changes, description: cleanRichTextOrNull(input.changes.description) } };
  return transaction(db, async (trx) => {
    const event = await loadOwnCommunication(trx, actor, id, { forUpdate: true });
    if (event.status === 'DRAFT') throw new ConflictError('NOT_APPROVED.edit');
    await assertLookupCodes(
      db,
      Number(event.organization_id),
      event.type,
      input.changes,
      event as unknown as Record<string, unknown>,
    );
    const changed = POST_UPDATE_FIELDS.filter(
      (f) => input.changes[f] !== undefined && input.changes[f] !== (event as unknown as Record<string, unknown>)[f],
    );
    const before = Object.fromEntries(
      changed.map((f) => [f, (event as unknown as Record<string, unknown>)[f] ?? null]),
    );
    const after = Object.fromEntries(changed.map((f) => [f, input.changes[f] ?? null]));
    if (changed.length)
      await trx('communications')
        .where({ id })
        .update({ ...after, updated_at: trx.fn.now() });
    const added = await appendApprovedProducts(trx, actor, event, input.products ?? []);
    if (added.length && !changed.length) await trx('communications').where({ id }).update({ updated_at: trx.fn.now() });
    await appendHistory(trx, actor, {
      communicationId: id,
      organizationId: actor.organizationId,
      action: 'POST_UPDATE',
      entityType: 'communication',
      entityId: id,
      before,
      after: {
        ...after,
        ...(added.length ? { products_added: added } : {}),
        ...(input.note ? { note: input.note } : {}),
      },
      isChange: true,
    });
    let queued = 0;
    if (input.notify && event.status === 'OPEN') {
      const refreshed = { ...event, ...after } as typeof event;
      const pcs = (await trx('provider_communications as pc')
        .join('communication_affected_customers as c', 'c.id', 'pc.affected_customer_id')
        .where({ 'pc.communication_id': id, 'pc.status': 'OPEN' })
        .select('pc.id', 'c.name', 'c.emails')) as { id: number; name: string; emails: string[] }[];
      queued = await queueNotices(
        trx,
        config,
        refreshed,
        pcs.flatMap((pc) =>
          pc.emails.map((email) => ({ providerCommunicationId: pc.id, email, customerName: pc.name })),
        ),
      );
    }
    return { changed: [...changed], products_added: added.length, emails_queued: queued };
  });
}

/** A free-text entry in the change history (POST /change-history). */
export async function addChangeNote(db: Knex, actor: Actor, id: number, note: string): Promise<void> {
  await transaction(db, async (trx) => {
    await loadOwnCommunication(trx, actor, id);
    await appendHistory(trx, actor, {
      communicationId: id,
      organizationId: actor.organizationId,
      action: 'CHANGE_NOTE',
      entityType: 'communication',
      entityId: id,
      after: { note },
      isChange: true,
    });
    await recordAudit(trx, actor, {
      organizationId: actor.organizationId,
      action: 'CHANGE_NOTE',
      entityType: 'communication',
      entityId: id,
      after: { note },
    });
  });
}
