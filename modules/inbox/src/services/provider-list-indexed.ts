import type { Knex } from 'knex';
import { type Actor, type ListPage, type ListQuery, takeSummary, withSummary } from '@portal/core';
import type { CommunicationType } from '@portal/communications';
import { answersView, providerCommunicationsView } from '@portal/communications';
import { type ProviderRow, type ResponderRow, rowsQuery } from './provider-rows.js';
import type { Narrowing } from './provider-narrowing.js';

/**
 * Orders served off an index per receiving organisation (newest first): `updated_at`, the server's default, and
 * `sent_at`, the one the provider's pages open in ("Received"). Every provider has both; the operator ('ALL') only the
 * first, on one global index.
 */
export type IndexedOrder = 'updated_at' | 'sent_at';

/** The index-served order of a list query without search or filter, if it has one. */
export function indexedOrder(query: ListQuery, scope: number[] | 'ALL'): IndexedOrder | null {
  if (query.search || query.filters.length) return null;
  if (!query.sort.length) return 'updated_at';
  const [only] = query.sort;
  if (query.sort.length !== 1 || only!.direction !== 'desc') return null;
  if (only!.field === 'updated_at' || (only!.field === 'sent_at' && scope !== 'ALL')) return only!.field;
  return null;
}

/*
 * The indexed orders without joining every received row. Provider communications exist only for sent events, whose status
 * stays OPEN or CLOSED (a sent event cannot be deleted), so the scope, type and status of provider_communications alone
 * decide which rows the joined path would list; the joined path still checks the event's status explicitly.
 */

export const newestFirst = (order: IndexedOrder, alias = '') => `${alias}${order} DESC NULLS LAST, ${alias}id`;

/**
 * Ids of the first provider communications of the scope in `order`, off provider_communications_received_idx (or
 * _received_sent_idx): per organisation the first skip + limit entries in order (UNION ALL, merge-appended), or one walk
 * of the global index for 'ALL'. With a provider list's filters and search (`narrowing`), each walk reads only the
 * rows they match.
 */
export function newestReceived(
  db: Knex,
  scope: number[] | 'ALL',
  types: CommunicationType[],
  order: IndexedOrder,
  limit: number,
  skip = 0,
  narrowing?: Pick<Narrowing, 'where'>,
): Knex.QueryBuilder {
  const received = (orgId: number | null, take: number) =>
    db
      .from(providerCommunicationsView(db).as('rc'))
      .modify((q) =>
        orgId === null ? q.whereNotNull('provider_organization_id') : q.where('provider_organization_id', orgId),
      )
      .whereNot('status', 'DELETED')
      .whereIn('communication_type', types)
      .modify((q) => narrowing?.where(q, 'rc'))
      .orderByRaw(newestFirst(order))
      .limit(take)
      .select([...new Set(['id', 'updated_at', order])]);
  if (scope === 'ALL') return received(null, limit).offset(skip);
  // No organisation: an empty list (a UNION of nothing is no SQL).
  if (!scope.length) return received(0, 0);
  return db
    .from(
      db
        .unionAll(
          scope.map((orgId) => received(orgId, skip + limit)),
          true,
        )
        .as('r'),
    )
    .orderByRaw(newestFirst(order))
    .limit(limit)
    .offset(skip)
    .select('id', 'updated_at');
}

/** How many provider communications the scope received, from the counters kept by triggers (no scan): a subquery. */
export function receivedCount(db: Knex, scope: number[] | 'ALL', types: CommunicationType[]): Knex.QueryBuilder {
  return db('provider_communication_counts')
    .modify((q) => (scope === 'ALL' ? q : q.whereIn('provider_organization_id', scope)))
    .whereNot('status', 'DELETED')
    .whereIn('communication_type', types)
    .select(db.raw('coalesce(sum(n), 0)::bigint'));
}

/**
 * How many eR responses rows the scope has, as one expression: the received count, plus every person beyond the first on
 * a communication (`extra_responders`, kept by a trigger on the answers; a partial index finds the few communications with
 * several people), minus the caller's hidden rows: no answer is read for it.
 */
export function responderTotal(db: Knex, actor: Actor, scope: number[] | 'ALL', types: CommunicationType[]): Knex.Raw {
  const inScope = (q: Knex.QueryBuilder) =>
    q
      .modify((x) =>
        scope === 'ALL'
          ? x.whereNotNull('pc.provider_organization_id')
          : x.whereIn('pc.provider_organization_id', scope),
      )
      .whereNot('pc.status', 'DELETED')
      .whereIn('pc.communication_type', types);
  const extraPeople = inScope(db.from(providerCommunicationsView(db).as('pc')))
    .where('pc.extra_responders', '>', 0)
    .select(db.raw('coalesce(sum(pc.extra_responders), 0)::bigint'));
  const hidden = inScope(
    db('provider_response_dismissals as prd').join(
      providerCommunicationsView(db).as('pc'),
      'pc.id',
      'prd.provider_communication_id',
    ),
  )
    .where('prd.user_id', actor.userId ?? 0)
    .whereRaw(
      'prd.dismissed_at >= (SELECT max(r.updated_at) FROM ? r WHERE r.provider_communication_id = prd.provider_communication_id AND r.responder_user_id = prd.user_id)',
      [answersView(db)],
    )
    .select(db.raw('count(*)'));
  return db.raw('(?) + (?) - (?)', [receivedCount(db, scope, types), extraPeople, hidden]);
}

export function pageOf<T>(
  query: ListQuery,
  items: T[],
  total: number,
  latest: { updated_at: Date } | undefined,
): ListPage<T> {
  return {
    items,
    total,
    pageNumber: query.pageNumber,
    pageSize: query.pageSize,
    lastUpdated: latest?.updated_at ? new Date(latest.updated_at).toISOString() : null,
  };
}

/** A page in an indexed order: the page's ids come off the index, then only those rows are joined. */
export async function listInIndexedOrder(
  db: Knex,
  actor: Actor,
  scope: number[],
  types: CommunicationType[],
  query: ListQuery,
  order: IndexedOrder,
): Promise<ListPage<ProviderRow>> {
  const offset = (query.pageNumber - 1) * query.pageSize;
  if (!scope.length) return pageOf(query, [], 0, undefined);
  // One statement: the page's rows joined for the page's ids only, the total and "last updated" beside them.
  const pageIds = db.from(newestReceived(db, scope, types, order, query.pageSize, offset).as('r')).select('id');
  const rows = (await withSummary(
    rowsQuery(db, actor, scope, false, pageIds).orderByRaw(newestFirst(order, 'pc.')).select('pc.*'),
    receivedCount(db, scope, types),
    latestReceived(db, scope, types),
  )) as Parameters<typeof takeSummary<ProviderRow>>[0];
  const page = takeSummary(rows);
  if (page) return { ...pageOf(query, page.items, page.total, undefined), lastUpdated: page.lastUpdated };
  const summary = await summaryOf(db, receivedCount(db, scope, types), scope, types);
  return pageOf(query, [], summary.total, summary.latest);
}

/** The newest change of the scope's received rows, off the received index: a subquery. */
export const latestReceived = (db: Knex, scope: number[] | 'ALL', types: CommunicationType[]) =>
  db.from(newestReceived(db, scope, types, 'updated_at', 1).as('l')).select('updated_at');

/** A list's total (an expression) and its newest change off the received index, in one statement. */
async function summaryOf(
  db: Knex,
  total: Knex.QueryBuilder | Knex.Raw,
  scope: number[] | 'ALL',
  types: CommunicationType[],
): Promise<{ total: number; latest: { updated_at: Date } | undefined }> {
  const latest = latestReceived(db, scope, types);
  const [row] = (await db.select(db.raw('(?) AS total', [total]), db.raw('(?) AS updated_at', [latest]))) as {
    total: string | number | null;
    updated_at: Date | null;
  }[];
  return { total: Number(row?.total ?? 0), latest: row?.updated_at ? { updated_at: row.updated_at } : undefined };
}

/**
 * A page of the eR responses rows in an indexed order. A provider communication gives one row per responding person, or
 * one row when nobody answered, except the caller's own dismissed rows (hidden until it answers again). So the rows of the
 * first N provider communications in that order are the first rows of the list, and N = offset + pageSize of them cover
 * the page unless dismissals hid some: then N doubles. Rows order by the communication's (order, id), then by person.
 */
export async function respondersInIndexedOrder(
  db: Knex,
  actor: Actor,
  scope: number[] | 'ALL',
  types: CommunicationType[],
  query: ListQuery,
  order: IndexedOrder,
  /** A provider list's filters (then `total` is the caller's, e.g. a capped count), read by each index walk. */
  narrowed?: { narrowing: Pick<Narrowing, 'where'>; total: Knex.QueryBuilder | Knex.Raw },
): Promise<ListPage<ResponderRow>> {
  const offset = (query.pageNumber - 1) * query.pageSize;
  if (scope !== 'ALL' && !scope.length) return pageOf(query, [], 0, undefined);
  const total = narrowed?.total ?? responderTotal(db, actor, scope, types);
  const n = narrowed?.narrowing;
  const need = offset + query.pageSize;
  // Most pages take one statement: the first `need` provider communications' ids off the index (a CTE), their rows,
  // and the total and "last updated" beside them.
  const first = takeSummary(
    (await withSummary(
      rowsQuery(db, actor, scope, true, db.raw('SELECT id FROM page_ids'))
        .withMaterialized('page_ids', newestReceived(db, scope, types, order, need, 0, n))
        .orderByRaw(`pc.${order} DESC NULLS LAST, pc.row_key`)
        .select('pc.*'),
      total,
      // The scope's newest change, filtered or not (a dense match's own would be another long walk).
      latestReceived(db, scope, types),
    )) as Parameters<typeof takeSummary<ResponderRow>>[0],
  );
  const pageOfRows = (rows: ResponderRow[], summary: { total: number; lastUpdated: string | null }) => ({
    ...pageOf(query, rows.slice(offset, offset + query.pageSize), summary.total, undefined),
    lastUpdated: summary.lastUpdated,
  });
  if (first && first.items.length >= need) return pageOfRows(first.items, first);

  // A short page: the list's end, or the caller's dismissed rows hid some. Then the ids come first, and N doubles until
  // the rows cover the page or no provider communication is left.
  const firstRows = async (by: IndexedOrder): Promise<ResponderRow[]> => {
    for (let take = need; ; take *= 2) {
      const ids = (await newestReceived(db, scope, types, by, take, 0, n)) as { id: number }[];
      const rows = ids.length
        ? ((await rowsQuery(
            db,
            actor,
            scope,
            true,
            ids.map((r) => r.id),
          )
            .orderByRaw(`pc.${by} DESC NULLS LAST, pc.row_key`)
            .select('pc.*')) as ResponderRow[])
        : [];
      if (rows.length >= need || ids.length < take) return rows;
    }
  };
  const rows = await firstRows(order);
  if (first) return pageOfRows(rows, first);
  const counted = await summaryOf(db, total, scope, types);
  return pageOf(query, rows.slice(offset, offset + query.pageSize), counted.total, counted.latest);
}
