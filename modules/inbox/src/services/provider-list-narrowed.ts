import type { Knex } from 'knex';
import {
  type Actor,
  COUNT_CAP,
  SORT_CAP,
  type ListPage,
  type ListQuery,
  runList,
  takeSummary,
  withSummary,
} from '@portal/core';
import { type CommunicationType, providerCommunicationsView } from '@portal/communications';
import type { Narrowing } from './provider-narrowing.js';
import {
  type ProviderRow,
  providerListSpec,
  providerResponderSpec,
  type ResponderRow,
  rowsQuery,
} from './provider-rows.js';
import {
  indexedOrder,
  type IndexedOrder,
  latestReceived,
  newestFirst,
  newestReceived,
  pageOf,
  respondersInIndexedOrder,
} from './provider-list-indexed.js';

/*
 * A provider list with exact filters or a search (`Narrowing`). Every condition is one on provider communications, so
 * the matching ids are read first, unordered, up to COUNT_CAP + 1, off whichever index the conditions reach (the
 * search's events by sender and event, an owner's rows, one site's rows, ...):
 *  - at most COUNT_CAP: the total is their number and the list runs among them by primary key (an indexed order orders
 *    the ids on provider_communications alone and joins the page's rows only; any other order, or the filterModel,
 *    runs the list among them);
 *  - more (a dense match): the total is capped (`totalCapped`), an indexed order walks each organisation's received
 *    index reading only matching rows, another order joins the rows with the conditions inside.
 * A searched eR responses list also matches responders' names, a per-row column: it reads the joined rows.
 */

/** The scope's live provider communications of `types` that `n` matches (alias `m`), unordered. */
export function matching(db: Knex, n: Narrowing, types: CommunicationType[]): Knex.QueryBuilder {
  return n.where(
    db
      .from(providerCommunicationsView(db).as('m'))
      .whereIn('m.provider_organization_id', n.scope)
      .whereNot('m.status', 'DELETED')
      .whereIn('m.communication_type', types),
    'm',
  );
}

/** How many rows `rows` has, up to COUNT_CAP + 1 (reads at most that many): a subquery. */
export function cappedCount(db: Knex, rows: Knex.QueryBuilder): Knex.QueryBuilder {
  return db.count({ count: '*' }).from(
    rows
      .clone()
      .clearSelect()
      .clearOrder()
      .select(db.raw('1'))
      .limit(COUNT_CAP + 1)
      .as('capped'),
  );
}

/** A total counted up to COUNT_CAP + 1 as the list answers it. */
export function cappedTotal(n: number): { total: number; totalCapped?: true } {
  return n > COUNT_CAP ? { total: COUNT_CAP, totalCapped: true } : { total: n };
}

export async function listNarrowed(
  db: Knex,
  actor: Actor,
  n: Narrowing,
  types: CommunicationType[],
  query: ListQuery,
  responders: boolean,
): Promise<ListPage<ProviderRow | ResponderRow>> {
  if (!n.scope.length || !types.length) return pageOf(query, [], 0, undefined);
  const spec = responders ? providerResponderSpec : providerListSpec;
  const tiebreaker = responders ? 'pc.row_key' : 'pc.id';
  const select = (qb: Knex.QueryBuilder) => qb.select('pc.*');
  const order = indexedOrder({ ...query, search: '' }, n.scope);
  if (!(responders && n.search)) {
    const ids = (
      (await matching(db, n, types)
        .limit(COUNT_CAP + 1)
        .pluck('m.id')) as number[]
    ).map(Number);
    if (ids.length <= COUNT_CAP) {
      if (order && !responders) return amongInIndexedOrder(db, actor, n, ids, query, order);
      const among = rowsQuery(db, actor, n.scope, responders, ids).whereIn('pc.type', types);
      return runList(among, query, spec, tiebreaker, select, 'pc.updated_at');
    }
    const capped = db.raw('?::bigint', [COUNT_CAP + 1]);
    if (order && !responders) return narrowedInIndexedOrder(db, actor, n, types, query, order);
    if (order)
      return {
        ...(await respondersInIndexedOrder(db, actor, n.scope, types, query, order, { narrowing: n, total: capped })),
        ...cappedTotal(COUNT_CAP + 1),
      };
  }
  // A search or a contains filter: runList counts up to the cap and pins a few matches itself.
  if (query.search !== '' || query.filters.length > 0)
    return runList<ProviderRow | ResponderRow>(
      rowsQuery(db, actor, n.scope, responders, undefined, n).whereIn('pc.type', types),
      query,
      spec,
      tiebreaker,
      select,
      'pc.updated_at',
    );
  // Exact filters alone, more than COUNT_CAP matches, in an order no index serves: as the unfiltered list does, the sort
  // reads the first SORT_CAP matching rows of the default order (off the index walks), and only those are joined.
  const first = ((await newestReceived(db, n.scope, types, 'updated_at', SORT_CAP, 0, n)) as { id: number }[]).map(
    (r) => Number(r.id),
  );
  const page = await runList<ProviderRow | ResponderRow>(
    rowsQuery(db, actor, n.scope, responders, first).whereIn('pc.type', types),
    query,
    spec,
    tiebreaker,
    select,
    'pc.updated_at',
    { total: db.raw('?::bigint', [COUNT_CAP + 1]), firstRows: { column: 'pc.id', ids: async () => first } },
  );
  return { ...page, ...cappedTotal(page.total) };
}

/**
 * At most COUNT_CAP matching ids in an indexed order: the page's ids ordered on provider_communications alone (primary
 * key lookups), then only the page's rows joined; the total is their number.
 */
async function amongInIndexedOrder(
  db: Knex,
  actor: Actor,
  n: Narrowing,
  ids: number[],
  query: ListQuery,
  order: IndexedOrder,
): Promise<ListPage<ProviderRow>> {
  const offset = (query.pageNumber - 1) * query.pageSize;
  const of = () => db.from(providerCommunicationsView(db).as('m')).whereRaw('m.id = ANY(?::bigint[])', [ids]);
  const pageIds = of().orderByRaw(newestFirst(order, 'm.')).limit(query.pageSize).offset(offset).select('m.id');
  const latest = of().max('m.updated_at');
  const rows = (await withSummary(
    rowsQuery(db, actor, n.scope, false, pageIds).orderByRaw(newestFirst(order, 'pc.')).select('pc.*'),
    db.raw('?::bigint', [ids.length]),
    latest,
  )) as Parameters<typeof takeSummary<ProviderRow>>[0];
  const page = takeSummary(rows);
  if (page) return { ...pageOf(query, page.items, ids.length, undefined), lastUpdated: page.lastUpdated };
  const [row] = (await latest) as { max: Date | null }[];
  return pageOf(query, [], ids.length, row?.max ? { updated_at: row.max } : undefined);
}

/**
 * A dense match (more than COUNT_CAP) in an indexed order: each organisation's index walked for matching rows, then
 * the page's rows joined; the total is capped.
 */
async function narrowedInIndexedOrder(
  db: Knex,
  actor: Actor,
  n: Narrowing,
  types: CommunicationType[],
  query: ListQuery,
  order: IndexedOrder,
): Promise<ListPage<ProviderRow>> {
  const offset = (query.pageNumber - 1) * query.pageSize;
  const pageIds = db.from(newestReceived(db, n.scope, types, order, query.pageSize, offset, n).as('r')).select('id');
  // "Last updated" is the scope's newest change: among a dense match's rows it would be a second walk as long as the
  // page's (matches far down the newest-first order, as overdue notices are, make it a long one).
  const latest = latestReceived(db, n.scope, types);
  const rows = (await withSummary(
    rowsQuery(db, actor, n.scope, false, pageIds).orderByRaw(newestFirst(order, 'pc.')).select('pc.*'),
    db.raw('?::bigint', [COUNT_CAP + 1]),
    latest,
  )) as Parameters<typeof takeSummary<ProviderRow>>[0];
  const page = takeSummary(rows);
  if (page)
    return { ...pageOf(query, page.items, 0, undefined), ...cappedTotal(page.total), lastUpdated: page.lastUpdated };
  const [row] = (await db.select(db.raw('(?) AS updated_at', [latest]))) as { updated_at: Date | null }[];
  return {
    ...pageOf(query, [], 0, row?.updated_at ? { updated_at: row.updated_at } : undefined),
    ...cappedTotal(COUNT_CAP + 1),
  };
}
