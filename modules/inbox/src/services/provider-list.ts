import type { Knex } from 'knex';
import {
  type Actor,
  applyListFilters,
  applyListOrder,
  ForbiddenError,
  type ListPage,
  type ListQuery,
  type ListShortcuts,
  type ListSpec,
  parseListQuery,
  runList,
  SORT_CAP,
} from '@portal/core';
import { COMMUNICATION_TYPES, type CommunicationType } from '@portal/communications';
import { mayManageType, scopeIds } from './scope.js';
import {
  type ProviderRow,
  providerListSpec,
  providerResponderSpec,
  type ResponderRow,
  responderSpec,
  rowsQuery,
} from './provider-rows.js';
import { filtersOf, providerNarrowing } from './provider-narrowing.js';
import { listNarrowed } from './provider-list-narrowed.js';
import {
  indexedOrder,
  listInIndexedOrder,
  newestReceived,
  receivedCount,
  respondersInIndexedOrder,
  responderTotal,
} from './provider-list-indexed.js';

export interface ProviderListQuery {
  communicationType?: CommunicationType;
  responses?: 0 | 1;
  [key: string]: unknown;
}

/**
 * Provider communications received by the provider or its sites. With a communicationType the caller needs its permission;
 * without one, a coordinator sees the types it manages and a Responder (Provider_ResponderRole) sees every row of its scope
 * with allow_access false where its role may not open the event (the denial detail then offers an access request).
 * With `responses` (the eR responses list) there is one row per provider communication and responding person (ResponderRow).
 * The exact filters and the search (services/provider-narrowing.ts) take their own paths (provider-list-narrowed.ts).
 */
export async function listProviderCommunications(
  db: Knex,
  actor: Actor,
  raw: ProviderListQuery,
): Promise<ListPage<ProviderRow | ResponderRow>> {
  const spec = raw.responses ? providerResponderSpec : providerListSpec;
  const query = parseListQuery(raw, spec);
  const types = listTypes(actor, raw);
  const narrowing = await providerNarrowing(db, actor, await scopeIds(db, actor), filtersOf(raw), query.search);
  if (narrowing.active) return listNarrowed(db, actor, narrowing, types, query, Boolean(raw.responses));
  const scope = narrowing.scope;
  if (raw.responses) return listResponderRows(db, actor, scope, types, query, spec);
  const order = indexedOrder(query, scope);
  if (order) return listInIndexedOrder(db, actor, scope, types, query, order);
  const shortcuts = await joinedShortcuts(db, scope, types, query, receivedCount(db, scope, types));
  const onlyIds = shortcuts.firstRows ? ((await shortcuts.firstRows.ids(SORT_CAP)) as number[]) : undefined;
  const base = rowsQuery(db, actor, scope, false, onlyIds).whereIn('pc.type', types);
  return runList<ProviderRow>(base, query, spec, 'pc.id', (qb) => qb.select('pc.*'), 'pc.updated_at', shortcuts);
}

/** The event types a list query shows the caller (403 for a type its roles may not list). */
function listTypes(actor: Actor, raw: ProviderListQuery): CommunicationType[] {
  if (raw.communicationType) {
    if (!mayManageType(actor, raw.communicationType) && !actor.permissions.includes('Provider_ResponderRole'))
      throw new ForbiddenError();
    return [raw.communicationType];
  }
  if (actor.permissions.includes('Provider_ResponderRole')) return [...COMMUNICATION_TYPES];
  return COMMUNICATION_TYPES.filter((t) => mayManageType(actor, t));
}

/**
 * Every row a list query matches, in the list's order, unpaged (the provider's summary downloads): the same scope, types,
 * search, filters and sort as `listProviderCommunications`, as one query to read through a cursor
 * (wrapped: a query builder is a thenable, which an async function would run).
 */
export async function providerListRowsQuery(
  db: Knex,
  actor: Actor,
  raw: ProviderListQuery,
): Promise<{ query: Knex.QueryBuilder }> {
  const spec = raw.responses ? providerResponderSpec : providerListSpec;
  const query = parseListQuery(raw, spec);
  const n = await providerNarrowing(db, actor, await scopeIds(db, actor), filtersOf(raw), query.search);
  const base = rowsQuery(db, actor, n.scope, Boolean(raw.responses), undefined, n.active ? n : undefined).whereIn(
    'pc.type',
    listTypes(actor, raw),
  );
  const tiebreaker = raw.responses ? 'pc.row_key' : 'pc.id';
  return { query: applyListOrder(applyListFilters(base, query, spec), query, spec, tiebreaker).select('pc.*') };
}

/**
 * The joined path's shortcuts: the exact total from the counters, and for an unfiltered sort no index serves, the first
 * SORT_CAP provider communications of the default order off the received index (all of them when there are fewer), so
 * only those rows are joined and sorted.
 */
async function joinedShortcuts(
  db: Knex,
  scope: number[] | 'ALL',
  types: CommunicationType[],
  query: ListQuery,
  total: Knex.QueryBuilder | Knex.Raw,
): Promise<ListShortcuts> {
  if (query.search || query.filters.length) return {};
  const latest = db.from(newestReceived(db, scope, types, 'updated_at', 1).as('l')).select('updated_at');
  if (!query.sort.length) return { total, latest };
  const ids = ((await newestReceived(db, scope, types, 'updated_at', SORT_CAP)) as { id: number }[]).map((r) => r.id);
  return { total, latest, firstRows: { column: 'pc.id', ids: async () => ids } };
}

/**
 * The eR responses rows of a scope, or of every provider ('ALL': the operator, whose rows also carry provider_id and
 * provider_name), for a list query parsed with `spec` (responderSpec, or one that adds the 'ALL' fields).
 */
export async function listResponderRows<T extends ResponderRow = ResponderRow>(
  db: Knex,
  actor: Actor,
  scope: number[] | 'ALL',
  types: CommunicationType[],
  query: ListQuery,
  spec: ListSpec = responderSpec,
): Promise<ListPage<T>> {
  const order = indexedOrder(query, scope);
  if (order) return respondersInIndexedOrder(db, actor, scope, types, query, order) as Promise<ListPage<T>>;
  const shortcuts = await joinedShortcuts(db, scope, types, query, responderTotal(db, actor, scope, types));
  // Unfiltered, the answers are grouped only for the communications that can be on the page.
  const onlyIds = shortcuts.firstRows ? ((await shortcuts.firstRows.ids(SORT_CAP)) as number[]) : undefined;
  return runList<T>(
    rowsQuery(db, actor, scope, true, onlyIds).whereIn('pc.type', types),
    query,
    spec,
    'pc.row_key',
    (qb) => qb.select('pc.*'),
    'pc.updated_at',
    shortcuts,
  );
}
