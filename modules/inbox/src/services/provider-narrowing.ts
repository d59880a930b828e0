import type { Knex } from 'knex';
import { type Actor, type FromSchema, NotFoundError } from '@portal/core';
import { communicationsView, providerCommunicationsView } from '@portal/communications';
import { organizationsView } from '@portal/organizations';
import type { providerFilterProps } from '../schemas.js';

/** The provider lists' exact-match filters, as the query schema hands them over. */
export type ProviderFilters = FromSchema<{ type: 'object'; properties: typeof providerFilterProps }>;

/**
 * The event text the lists' search reads, written exactly as communications_search_trgm_idx's expression (a view
 * column is the table's column once PostgreSQL pulls the view up), so the trigram index serves `ILIKE '%…%'`.
 */
export const EVENT_SEARCH_SQL = (alias: string) =>
  `(${alias}.name || ' ' || coalesce(${alias}.event_id, '') || ' ' || ${alias}.product_search)`;

/** Past this many matching events, the search reads them as a subquery rather than a list of ids. */
const FEW_EVENTS = 1_000;

const CLASS_RANK: Record<string, number> = { CLASSI: 1, CLASSII: 2, CLASSIII: 3 };

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * What a search matches, worked out before the list reads any provider communication (each from a small table or an
 * index): the events whose name, event id or products match (communications_search_trgm_idx), with the provider-created
 * events whose supplier name matches; the suppliers whose name matches; the caller's sites whose name matches.
 */
interface SearchArms {
  pattern: string;
  /** The matching events received by the scope (id and sender), or, when there are many, null: read as a subquery. */
  events: { id: number; organization_id: number }[] | null;
  suppliers: number[];
  sites: number[];
}

/**
 * A provider list's exact filters and search as conditions on provider communications, so each list path (the
 * per-organisation index walks, the few-matches read, the joined rows) applies the same ones. `scope` is the caller's
 * scope narrowed by `siteId`.
 */
export interface Narrowing {
  scope: number[];
  /** Whether a filter or a search is set (otherwise the lists' unnarrowed paths apply). */
  active: boolean;
  /** The search text ('' for none). */
  search: string;
  /** Adds every condition (filters and search) on the provider communications named `alias` (table or view columns). */
  where: (q: Knex.QueryBuilder, alias: string) => Knex.QueryBuilder;
  /** The exact filters alone. */
  filter: (q: Knex.QueryBuilder, alias: string) => Knex.QueryBuilder;
  /**
   * The search alone, as OR-ed terms added to a group (`q.where((w) => { n.searchTerms?.(w, 'pc'); w.orWhere…; })`),
   * so a list may add terms of its own (the eR responses' responder name); null without a search.
   */
  searchTerms: ((w: Knex.QueryBuilder, alias: string) => void) | null;
  /** The search's ILIKE pattern, or null without a search. */
  pattern: string | null;
}

const idList = (ids: readonly number[]) => `{${ids.join(',')}}`;

async function searchArms(db: Knex, actor: Actor, scope: number[], search: string): Promise<SearchArms> {
  const pattern = `%${escapeLike(search)}%`;
  const received = db
    .from(providerCommunicationsView(db).as('r'))
    .whereRaw('r.supplier_organization_id = c.organization_id AND r.communication_id = c.id')
    .whereRaw('r.provider_organization_id = ANY(?::bigint[])', [idList(scope)])
    .whereNot('r.status', 'DELETED')
    .select(db.raw('1'));
  const events = db
    .from(communicationsView(db).as('c'))
    .whereRaw(`${EVENT_SEARCH_SQL('c')} ILIKE ?`, [pattern])
    .whereIn('c.status', ['OPEN', 'CLOSED'])
    .whereExists(received)
    .limit(FEW_EVENTS + 1)
    .select('c.id', 'c.organization_id');
  // A provider-created event names its supplier itself; its provider communication's sender is the provider.
  const created = db('provider_created_events as pce')
    .join(communicationsView(db).as('c'), 'c.id', 'pce.communication_id')
    .whereRaw('pce.organization_id = ANY(?::bigint[])', [idList(scope)])
    .whereRaw('pce.supplier_name ILIKE ?', [pattern])
    .select('c.id', 'c.organization_id');
  const suppliers = db
    .from(organizationsView(db).as('o'))
    .where('o.type', 'SUPPLIER')
    .whereRaw('o.name ILIKE ?', [pattern])
    .select('o.id');
  const sites = db
    .from(organizationsView(db).as('o'))
    .whereRaw('o.id = ANY(?::bigint[])', [idList(scope)])
    .whereNot('o.id', actor.organizationId)
    .whereRaw('o.name ILIKE ?', [pattern])
    .select('o.id');
  // One statement, each arm a scalar subquery.
  const [row] = (await db.select(
    db.raw("(SELECT coalesce(json_agg(json_build_array(e.id, e.organization_id)), '[]') FROM ? e) AS events", [events]),
    db.raw("(SELECT coalesce(json_agg(json_build_array(e.id, e.organization_id)), '[]') FROM ? e) AS created", [
      created,
    ]),
    db.raw('ARRAY(SELECT s.id FROM ? s) AS suppliers', [suppliers]),
    db.raw('ARRAY(SELECT s.id FROM ? s) AS sites', [sites]),
  )) as { events: [number, number][]; created: [number, number][]; suppliers: number[]; sites: number[] }[];
  const pairs = (xs: [number, number][]) => xs.map(([id, organization_id]) => ({ id, organization_id }));
  return {
    pattern,
    events: row!.events.length > FEW_EVENTS ? null : [...pairs(row!.events), ...pairs(row!.created)],
    suppliers: row!.suppliers.map(Number),
    sites: row!.sites.map(Number),
  };
}

/**
 * Adds the search's arms to `w` as OR-ed terms on provider communications `a` (inside a group of the caller's), or a
 * false term when nothing matched.
 */
function searchTerms(db: Knex, w: Knex.QueryBuilder, a: string, arms: SearchArms): void {
  let any = false;
  if (arms.events === null) {
    w.orWhereRaw(`??.communication_id IN (SELECT c.id FROM ? c WHERE ${EVENT_SEARCH_SQL('c')} ILIKE ?)`, [
      a,
      communicationsView(db),
      arms.pattern,
    ]);
    any = true;
  } else if (arms.events.length) {
    // The sender beside the event, both the row's own columns: provider_communications_report_idx finds them.
    const orgs = [...new Set(arms.events.map((e) => Number(e.organization_id)))];
    const ids = arms.events.map((e) => Number(e.id));
    w.orWhereRaw('(??.supplier_organization_id = ANY(?::bigint[]) AND ??.communication_id = ANY(?::bigint[]))', [
      a,
      idList(orgs),
      a,
      idList(ids),
    ]);
    any = true;
  }
  if (arms.suppliers.length) {
    w.orWhereRaw('??.supplier_organization_id = ANY(?::bigint[])', [a, idList(arms.suppliers)]);
    any = true;
  }
  if (arms.sites.length) {
    w.orWhereRaw('??.provider_organization_id = ANY(?::bigint[])', [a, idList(arms.sites)]);
    any = true;
  }
  if (!any) w.orWhereRaw('false');
}

/**
 * The filters and search of a provider list query. `siteId` outside the caller's scope answers 404; a due range whose
 * start is after its end matches nothing.
 */
export async function providerNarrowing(
  db: Knex,
  actor: Actor,
  scope: number[],
  filters: ProviderFilters,
  search: string,
): Promise<Narrowing> {
  let narrowed = scope;
  if (filters.siteId !== undefined) {
    if (!scope.includes(filters.siteId)) throw new NotFoundError('SITE_NOT_FOUND');
    narrowed = [filters.siteId];
  }
  const arms = search ? await searchArms(db, actor, narrowed, search) : null;
  // A supplier named by a provider-created event of the scope is its supplier too.
  const createdBy =
    filters.supplierId === undefined
      ? []
      : ((await db('provider_created_events')
          .where('supplier_organization_id', filters.supplierId)
          .whereRaw('organization_id = ANY(?::bigint[])', [idList(narrowed)])
          .pluck('communication_id')) as number[]);
  const owner =
    filters.ownerId === undefined || filters.ownerId === 'none'
      ? null
      : filters.ownerId === 'me'
        ? (actor.userId ?? 0)
        : Number(filters.ownerId);
  const { status, responseStatus, classification, supplierId, siteId, ownerId, dueFrom, dueTo } = filters;
  const active =
    Boolean(search) ||
    filters.overdue === 1 ||
    [status, responseStatus, classification, supplierId, siteId, ownerId, dueFrom, dueTo].some((v) => v !== undefined);

  const filter = (q: Knex.QueryBuilder, a: string): Knex.QueryBuilder => {
    const col = (c: string) => `${a}.${c}`;
    if (filters.status) q.where(col('status'), filters.status);
    if (filters.responseStatus === 'NOTCOMPLETED') q.where(col('response_status'), 'NOTCOMPLETED');
    else if (filters.responseStatus === 'COMPLETED')
      q.where(col('response_status'), 'COMPLETED').whereNull(col('not_affected_reason'));
    else if (filters.responseStatus === 'NOT_AFFECTED')
      q.where(col('response_status'), 'COMPLETED').whereNotNull(col('not_affected_reason'));
    if (filters.classification) {
      const rank = CLASS_RANK[filters.classification];
      if (rank !== undefined) q.where(col('class_rank'), rank);
      else
        q.where(col('class_rank'), 4).whereRaw(
          '??.communication_id IN (SELECT c.id FROM ? c WHERE c.classification = ?)',
          [a, communicationsView(db), filters.classification],
        );
    }
    if (filters.supplierId !== undefined) {
      const supplierId = filters.supplierId;
      if (createdBy.length)
        q.where((w) =>
          w
            .where(col('supplier_organization_id'), supplierId)
            .orWhereRaw('??.communication_id = ANY(?::bigint[])', [a, idList(createdBy.map(Number))]),
        );
      else q.where(col('supplier_organization_id'), supplierId);
    }
    if (filters.siteId !== undefined) q.where(col('provider_organization_id'), filters.siteId);
    if (owner !== null)
      q.whereRaw(
        '??.id IN (SELECT o.provider_communication_id FROM provider_communication_owners o WHERE o.user_id = ?)',
        [a, owner],
      );
    else if (filters.ownerId === 'none')
      q.whereRaw(
        'NOT EXISTS (SELECT 1 FROM provider_communication_owners o WHERE o.provider_communication_id = ??.id)',
        [a],
      );
    if (filters.overdue === 1)
      q.where(col('status'), 'OPEN')
        .where(col('response_status'), 'NOTCOMPLETED')
        .whereRaw('??.due_date < current_date', [a]);
    if (filters.dueFrom) q.where(col('due_date'), '>=', filters.dueFrom);
    if (filters.dueTo) q.where(col('due_date'), '<=', filters.dueTo);
    return q;
  };
  const terms = arms ? (w: Knex.QueryBuilder, a: string) => searchTerms(db, w, a, arms) : null;
  const where = (q: Knex.QueryBuilder, a: string): Knex.QueryBuilder => {
    filter(q, a);
    if (terms) q.where((w) => terms(w, a));
    return q;
  };
  return { scope: narrowed, active, search, where, filter, searchTerms: terms, pattern: arms?.pattern ?? null };
}

/** The filters of a list query (the properties of providerFilterProps it carries). */
export function filtersOf(raw: Record<string, unknown>): ProviderFilters {
  const { status, responseStatus, classification, supplierId, siteId, ownerId, overdue, dueFrom, dueTo } =
    raw as ProviderFilters;
  return { status, responseStatus, classification, supplierId, siteId, ownerId, overdue, dueFrom, dueTo };
}
