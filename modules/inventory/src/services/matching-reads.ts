import type { Knex } from 'knex';
import {
  type CommunicationType,
  loadOwnCommunication,
  providerCommunicationsView,
  affectedCustomersView,
} from '@portal/communications';
import {
  type Actor,
  ConflictError,
  type FileResult,
  ForbiddenError,
  NotFoundError,
  type ReportFormat,
  recordAudit,
  reportFile,
  sheet,
  transaction,
  whereAnyOf,
} from '@portal/core';
import { markNotAffected } from '@portal/inbox';
import { providerScopeIds } from '@portal/organizations';
import type { RowOf } from '@portal/core';
import { inventorySummary } from './candidates.js';
import type { matchRowSchema, noticeMatchesSchema } from '../matching-schemas.js';

/*
 * What the provider and the supplier read of the matches (issue 38, items 4 and 5), and the one-step "not affected".
 * The provider reads its own notices' runs and rows (its scope: its organisation and its sites); the supplier reads,
 * per customer of its own event, only whether the customer's records found the product.
 */

export type MatchRowView = RowOf<typeof matchRowSchema>;
export type NoticeMatches = RowOf<typeof noticeMatchesSchema>;

/** Rows a notice's view lists (most confident first); the report has them all. */
export const MATCH_ROWS_SHOWN = 200;

const PERMISSION_OF_TYPE: Record<CommunicationType, string> = {
  RECALL: 'Provider_ManageRecalls',
  'PRODUCT DISRUPTION': 'Provider_ManageDisruption',
};

interface ScopedPc {
  id: number;
  communication_id: number;
  provider_organization_id: number;
  communication_type: CommunicationType;
}

/** A provider communication the caller's scope received (another's, a deleted one, or none: 404). */
async function scopedPc(db: Knex | Knex.Transaction, actor: Actor, pcId: number): Promise<ScopedPc> {
  const scope = await providerScopeIds(db, actor);
  const pc = (await db
    .from(providerCommunicationsView(db as Knex).as('pc'))
    .where('pc.id', pcId)
    .whereNot('pc.status', 'DELETED')
    .first('pc.id', 'pc.communication_id', 'pc.provider_organization_id', 'pc.communication_type')) as
    | ScopedPc
    | undefined;
  if (!pc || pc.provider_organization_id === null || !scope.includes(Number(pc.provider_organization_id)))
    throw new NotFoundError('COMMUNICATION_NOT_FOUND');
  return {
    ...pc,
    id: Number(pc.id),
    communication_id: Number(pc.communication_id),
    provider_organization_id: Number(pc.provider_organization_id),
  };
}

type RunRow = {
  status: 'MATCHED' | 'NONE';
  likely_rows: number;
  units: number;
  purchased_units: number;
  departments: number;
  sites: number;
  possible_rows: number;
  items_count: number;
  purchases_count: number;
  items_imported_at: Date | null;
  purchases_imported_at: Date | null;
  searched: Record<string, unknown>;
  matched_at: Date;
};

const iso = (d: Date | null | undefined) => (d ? new Date(d).toISOString() : null);

const ROW_COLUMNS = [
  'id',
  'source',
  'row_id',
  'product_index',
  'reason',
  'confidence',
  'likely',
  'evidence',
  'units',
  'department',
  'site_id',
  'location',
  'gtin',
  'manufacturer',
  'catalogue_number',
  'model',
  'description',
  'lot',
  'serial',
  'row_imported_at',
] as const;

function rowView(r: Record<string, unknown>): MatchRowView {
  return {
    id: Number(r.id),
    source: r.source as 'ITEM' | 'PURCHASE',
    row_id: Number(r.row_id),
    product_index: Number(r.product_index),
    reason: r.reason as MatchRowView['reason'],
    confidence: Number(r.confidence),
    likely: Boolean(r.likely),
    evidence: String(r.evidence ?? ''),
    units: Number(r.units),
    department: (r.department as string | null) ?? null,
    site_id: r.site_id === null ? null : Number(r.site_id),
    location: (r.location as string | null) ?? null,
    gtin: (r.gtin as string | null) ?? null,
    manufacturer: (r.manufacturer as string | null) ?? null,
    catalogue_number: (r.catalogue_number as string | null) ?? null,
    model: (r.model as string | null) ?? null,
    description: (r.description as string | null) ?? null,
    lot: (r.lot as string | null) ?? null,
    serial: (r.serial as string | null) ?? null,
    row_imported_at: iso(r.row_imported_at as Date | null),
  };
}

/** GET /provider/inventory/matches/:id: one notice's match against the item master (status, figures, rows). */
export async function noticeMatches(db: Knex, actor: Actor, pcId: number): Promise<NoticeMatches> {
  const pc = await scopedPc(db, actor, pcId);
  const [run, master, rows, names] = await Promise.all([
    db('inventory_match_runs').where('provider_communication_id', pc.id).first() as Promise<RunRow | undefined>,
    inventorySummary(db, pc.provider_organization_id),
    db('inventory_matches')
      .where('provider_communication_id', pc.id)
      .orderBy([{ column: 'confidence', order: 'desc' }, 'id'])
      .limit(MATCH_ROWS_SHOWN)
      .select(ROW_COLUMNS) as Promise<Record<string, unknown>[]>,
    db('inventory_matches')
      .where({ provider_communication_id: pc.id, likely: true })
      .select(
        db.raw(`array_remove(array_agg(DISTINCT department), NULL) AS departments`),
        db.raw(`array_remove(array_agg(DISTINCT location), NULL) AS locations`),
        db.raw('count(*)::int AS total'),
      )
      .first() as Promise<{ departments: string[]; locations: string[]; total: number }>,
  ]);
  const total = await db('inventory_matches')
    .where('provider_communication_id', pc.id)
    .count<{ n: string }[]>('* as n');
  const hasMaster = master.items + master.purchases > 0;
  // A run older than the item master's last import is being redone (the import's job): "checking", not an answer.
  const latest = Math.max(master.items_imported_at?.getTime() ?? 0, master.purchases_imported_at?.getTime() ?? 0);
  const stale = !!run && latest > new Date(run.matched_at).getTime();
  return {
    provider_communication_id: pc.id,
    status: run && !stale ? run.status : hasMaster ? 'PENDING' : 'NO_ITEM_MASTER',
    matched_at: iso(run?.matched_at),
    item_master: {
      items: master.items,
      purchases: master.purchases,
      items_imported_at: iso(master.items_imported_at),
      purchases_imported_at: iso(master.purchases_imported_at),
    },
    summary: {
      units: run?.units ?? 0,
      rows: run?.likely_rows ?? 0,
      departments: run?.departments ?? 0,
      sites: run?.sites ?? 0,
      purchased_units: run?.purchased_units ?? 0,
      possible: run?.possible_rows ?? 0,
    },
    department_names: (names?.departments ?? []).slice(0, 50),
    site_names: (names?.locations ?? []).slice(0, 50),
    searched: (run?.searched ?? {}) as NoticeMatches['searched'],
    rows: rows.map(rowView),
    rows_total: Number(total[0]?.n ?? 0),
  };
}

/** GET /provider/inventory/matches?ids=…: the worklist's badge per notice (only those of the caller's scope). */
export async function matchBadges(db: Knex, actor: Actor, ids: readonly number[]) {
  if (!ids.length) return [];
  const scope = await providerScopeIds(db, actor);
  const q = db('inventory_match_runs');
  whereAnyOf(q, 'provider_communication_id', ids);
  whereAnyOf(q, 'organization_id', scope);
  const rows = (await q.select(
    'provider_communication_id',
    'status',
    'units',
    'likely_rows',
    'departments',
    'sites',
    'matched_at',
  )) as (Omit<RunRow, 'searched'> & { provider_communication_id: string; likely_rows: number })[];
  return rows.map((r) => ({
    provider_communication_id: Number(r.provider_communication_id),
    status: r.status,
    units: r.units,
    rows: r.likely_rows,
    departments: r.departments,
    sites: r.sites,
    matched_at: iso(r.matched_at)!,
  }));
}

/**
 * POST /provider/inventory/matches/:id/not-affected: the one step when the item master holds none of the product.
 * Refused while the notice has not been checked against the current item master (409 INVENTORY_NOT_CHECKED) and when
 * it found likely affected rows (409 INVENTORY_MATCHES_FOUND). Answers the notice as the inbox's "not affected" does
 * (acknowledged, completed, reason, who and when; the supplier sees it), and records the evidence in the audit trail:
 * the item master's size and date, and what was searched.
 */
export async function notAffectedByItemMaster(db: Knex, actor: Actor, pcId: number, reason: string | undefined) {
  return transaction(db, async (trx) => {
    const pc = await scopedPc(trx, actor, pcId);
    if (!actor.permissions.includes(PERMISSION_OF_TYPE[pc.communication_type])) throw new ForbiddenError();
    // The run row's lock: a re-match of this notice waits until the answer commits (and then finds it answered).
    const run = (await trx('inventory_match_runs').where('provider_communication_id', pc.id).forUpdate().first()) as
      | RunRow
      | undefined;
    const master = await inventorySummary(trx, pc.provider_organization_id);
    const latest = Math.max(master.items_imported_at?.getTime() ?? 0, master.purchases_imported_at?.getTime() ?? 0);
    if (!run || latest > new Date(run.matched_at).getTime()) throw new ConflictError('INVENTORY_NOT_CHECKED');
    if (run.status === 'MATCHED') throw new ConflictError('INVENTORY_MATCHES_FOUND');
    const asOf = master.items_imported_at ?? master.purchases_imported_at;
    const text =
      reason?.trim() ||
      `No match in our item master (as of ${asOf ? asOf.toISOString().slice(0, 10) : 'never imported'}).`;
    const answered = await markNotAffected(trx as unknown as Knex, actor, pc.id, text);
    await recordAudit(trx, actor, {
      organizationId: pc.provider_organization_id,
      action: 'INVENTORY_NOT_AFFECTED',
      entityType: 'provider_communication',
      entityId: pc.id,
      after: {
        reason: text,
        matched_at: iso(run.matched_at),
        item_master: {
          items: master.items,
          purchases: master.purchases,
          items_imported_at: iso(master.items_imported_at),
          purchases_imported_at: iso(master.purchases_imported_at),
        },
        possible_rows: run.possible_rows,
        searched: run.searched,
      },
    });
    return {
      ...answered,
      evidence: {
        matched_at: iso(run.matched_at)!,
        items: master.items,
        items_imported_at: iso(master.items_imported_at),
      },
    };
  });
}

const REASON_WORDS: Record<string, string> = {
  DI_LOT: 'Same UDI-DI, lot or serial listed',
  DI: 'Same UDI-DI',
  CATALOGUE_LOT: 'Same catalogue number and manufacturer, lot listed',
  MODEL_LOT: 'Same model and manufacturer, lot listed',
  CATALOGUE: 'Same catalogue number and manufacturer',
  MODEL: 'Same model and manufacturer',
  LOT: 'Lot listed, same manufacturer',
  TEXT_TOKEN: 'Found in the recall text',
};

/** GET /provider/inventory/matches/:id/report: every matched row of one notice, as CSV or XLSX (the one writer). */
export async function matchesReport(
  db: Knex,
  actor: Actor,
  pcId: number,
  format: ReportFormat,
  timeZone: string,
  onError: (err: unknown) => void,
): Promise<FileResult> {
  const pc = await scopedPc(db, actor, pcId);
  async function* batches() {
    let after = 0;
    for (;;) {
      const rows = (await db('inventory_matches')
        .where('provider_communication_id', pc.id)
        .where('id', '>', after)
        .orderBy('id')
        .limit(1000)
        .select(ROW_COLUMNS)) as Record<string, unknown>[];
      if (rows.length) yield rows.map(rowView);
      if (rows.length < 1000) return;
      after = Number(rows.at(-1)!.id);
    }
  }
  return reportFile(
    'Item Master Matches',
    format,
    [
      sheet<MatchRowView>({
        name: 'Matches',
        columns: [
          { header: 'Likely Affected', value: (r) => r.likely, kind: 'yesno' },
          { header: 'Reason', value: (r) => REASON_WORDS[r.reason] ?? r.reason },
          { header: 'Confidence', value: (r) => r.confidence, kind: 'number' },
          { header: 'Evidence', value: (r) => r.evidence },
          { header: 'Source', value: (r) => (r.source === 'ITEM' ? 'Item master' : 'Purchase history') },
          { header: 'Units', value: (r) => r.units, kind: 'number' },
          { header: 'Department', value: (r) => r.department },
          { header: 'Site', value: (r) => r.location },
          { header: 'GTIN / UDI-DI', value: (r) => r.gtin },
          { header: 'Manufacturer', value: (r) => r.manufacturer },
          { header: 'Catalogue Number', value: (r) => r.catalogue_number },
          { header: 'Model', value: (r) => r.model },
          { header: 'Description', value: (r) => r.description },
          { header: 'Lot', value: (r) => r.lot },
          { header: 'Serial', value: (r) => r.serial },
          { header: 'Row Imported', value: (r) => r.row_imported_at, kind: 'datetime' },
        ],
        rows: batches(),
      }),
    ],
    timeZone,
    onError,
  );
}

/**
 * GET /supplier/communications/:id/inventory-checks: per customer of the supplier's own event, whether the customer's
 * own records found the product: FOUND, NOT_FOUND or NOT_CHECKED. Nothing else of the hospital's item master.
 */
export async function inventoryChecks(db: Knex, actor: Actor, communicationId: number) {
  await loadOwnCommunication(db, actor, communicationId);
  const rows = (await db
    .from(providerCommunicationsView(db).as('pc'))
    .join(affectedCustomersView(db).as('c'), 'c.id', 'pc.affected_customer_id')
    .leftJoin('inventory_match_runs as r', 'r.provider_communication_id', 'pc.id')
    .where('pc.communication_id', communicationId)
    .whereNot('pc.status', 'DELETED')
    .orderBy('pc.id')
    .select(
      'pc.id as provider_communication_id',
      'pc.affected_customer_id',
      'pc.provider_organization_id',
      'r.status',
    )) as {
    provider_communication_id: string;
    affected_customer_id: string;
    provider_organization_id: string | null;
    status: 'MATCHED' | 'NONE' | null;
  }[];
  return rows.map((r) => ({
    provider_communication_id: Number(r.provider_communication_id),
    affected_customer_id: Number(r.affected_customer_id),
    provider_organization_id: r.provider_organization_id === null ? null : Number(r.provider_organization_id),
    state:
      r.status === 'MATCHED'
        ? ('FOUND' as const)
        : r.status === 'NONE'
          ? ('NOT_FOUND' as const)
          : ('NOT_CHECKED' as const),
  }));
}
