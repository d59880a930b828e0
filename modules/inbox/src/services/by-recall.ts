import type { Knex } from 'knex';
import {
  type Actor,
  COUNT_CAP,
  ForbiddenError,
  type FromSchema,
  type ListPage,
  type ListSpec,
  NotFoundError,
  parseListQuery,
  type RowOf,
  SORT_CAP,
  ValidationError,
} from '@portal/core';
import { type CommunicationType, communicationsView, providerCommunicationsView } from '@portal/communications';
import { organizationsView } from '@portal/organizations';
import { mayManageType, scopeIds } from './scope.js';
import { filtersOf, type Narrowing, providerNarrowing } from './provider-narrowing.js';
import { OVERDUE_SQL, rowsQuery, SUPPLIER_SQL } from './provider-rows.js';
import { matching } from './provider-list-narrowed.js';
import { newestReceived } from './provider-list-indexed.js';
import { managedTypes } from './worklist.js';
import {
  ATTENTION_CAP,
  BY_RECALL_SORTS,
  type byRecallQuery,
  type byRecallRow,
  type recallSiteList,
} from '../worklist-schemas.js';

/*
 * The provider's recalls one row per event (issue 32): a health system sees each event once, with how its organisation
 * and sites stand on it. The list's filters and search pick the events (an event is listed when one of the scope's
 * notices of it matches); each row sums every notice of the scope of its event.
 *  - With filters or a search matching at most COUNT_CAP notices, their events are grouped at once (any order, exact
 *    total).
 *  - Otherwise the events come off the received index in the order the notices arrived, newest first: each
 *    organisation's walk (provider_communications_received_sent_idx) steps from event to event until the merged walks
 *    hold the page's events for certain. Another order sorts the events of the newest SORT_CAP notices (`sortCapped`
 *    when there are more).
 */

export type ByRecallQuery = FromSchema<typeof byRecallQuery>;
export type ByRecallRow = RowOf<typeof byRecallRow>;
export type RecallSite = RowOf<typeof recallSiteList>[number];

/** The event types a by-recall query shows the caller (403 for a type it may not manage). */
function typesOf(actor: Actor, type: CommunicationType | undefined): CommunicationType[] {
  if (type && !mayManageType(actor, type)) throw new ForbiddenError();
  return type ? [type] : managedTypes(actor);
}

/** Every notice of the scope of the events `ids` (alias pc), with the event (c): the rows' aggregates read these. */
function noticesOf(db: Knex, scope: number[], types: CommunicationType[], ids: number[]): Knex.QueryBuilder {
  return (
    db
      .from(providerCommunicationsView(db).as('pc'))
      .join(communicationsView(db).as('c'), 'c.id', 'pc.communication_id')
      .whereRaw('pc.communication_id = ANY(?::bigint[])', [ids])
      // Both sides named, so the events are read by primary key too.
      .whereRaw('c.id = ANY(?::bigint[])', [ids])
      .whereIn('pc.provider_organization_id', scope)
      .whereNot('pc.status', 'DELETED')
      .whereIn('pc.communication_type', types)
      .whereIn('c.status', ['OPEN', 'CLOSED'])
  );
}

/** One row per event of `ids`: the event, and its notices of the scope counted by state. */
function eventRows(db: Knex, scope: number[], types: CommunicationType[], ids: number[]): Knex.QueryBuilder {
  const counted = (condition: string, as: string) => db.raw(`(count(*) FILTER (WHERE ${condition}))::int as ${as}`);
  return noticesOf(db, scope, types, ids)
    .join(organizationsView(db).as('so'), 'so.id', 'c.organization_id')
    .leftJoin('provider_created_events as pce', 'pce.communication_id', 'c.id')
    .groupBy(
      'c.id',
      'c.name',
      'c.event_id',
      'c.type',
      'c.classification',
      'c.status',
      'so.name',
      'pce.communication_id',
    )
    .select(
      'c.id as communication_id',
      'c.name',
      'c.event_id',
      'c.type',
      'c.classification',
      db.raw(`min(${SUPPLIER_SQL}) as supplier_name`),
      db.raw('max(pc.due_date) as due_date'),
      db.raw('(max(pc.due_date) - current_date) as days_left'),
      db.raw('max(pc.sent_at) as sent_at'),
      db.raw('count(*)::int as sites'),
      counted('pc.acknowledged_at IS NOT NULL', 'acknowledged_sites'),
      counted(`pc.response_status = 'COMPLETED' AND pc.not_affected_reason IS NULL`, 'answered_sites'),
      counted(`pc.response_status = 'COMPLETED' AND pc.not_affected_reason IS NOT NULL`, 'not_affected_sites'),
      counted(OVERDUE_SQL, 'overdue_sites'),
      db.raw(`CASE WHEN c.status = 'CLOSED' THEN 'CLOSED' ELSE 'OPEN' END as status`),
    );
}

type Sort = { field: 'sent_at' | 'due_date' | 'name'; direction: 'asc' | 'desc' };

/**
 * The row fields a filterModel may name ("contains", as the lists' filters), each as a condition on a notice (alias
 * `a`): the event's own fields through its id, the due date on the notice itself. Sorts are the query schema's enum.
 */
const FILTERS: Record<string, (db: Knex, a: string, pattern: string) => Knex.Raw> = {
  name: (db, a, p) => eventWhere(db, a, 'c.name ILIKE ?', p),
  event_id: (db, a, p) => eventWhere(db, a, 'c.event_id ILIKE ?', p),
  type: (db, a, p) => eventWhere(db, a, 'c.type ILIKE ?', p),
  classification: (db, a, p) => eventWhere(db, a, 'c.classification ILIKE ?', p),
  status: (db, a, p) => eventWhere(db, a, `(CASE WHEN c.status = 'CLOSED' THEN 'CLOSED' ELSE 'OPEN' END) ILIKE ?`, p),
  supplier_name: (db, a, p) =>
    db.raw(
      `??.communication_id IN (SELECT c.id FROM ? c JOIN ? so ON so.id = c.organization_id
        LEFT JOIN provider_created_events pce ON pce.communication_id = c.id WHERE ${SUPPLIER_SQL} ILIKE ?)`,
      [a, communicationsView(db), organizationsView(db), p],
    ),
  due_date: (db, a, p) => db.raw('??.due_date::text ILIKE ?', [a, p]),
};
const eventWhere = (db: Knex, a: string, condition: string, pattern: string) =>
  db.raw(`??.communication_id IN (SELECT c.id FROM ? c WHERE ${condition})`, [a, communicationsView(db), pattern]);
const byRecallSpec: ListSpec = {
  fields: Object.fromEntries([...new Set([...Object.keys(FILTERS), ...BY_RECALL_SORTS])].map((f) => [f, f])),
  searchColumns: [],
  defaultSort: [{ column: 'sent_at', direction: 'desc' }],
};

/** The query's filters and search, with its filterModel's conditions added (a notice of the event must match all). */
function withFilterModel(db: Knex, n: Narrowing, filters: { field: string; contains: string }[]): Narrowing {
  if (!filters.length) return n;
  const extra = (q: Knex.QueryBuilder, a: string) => {
    for (const f of filters) q.where(FILTERS[f.field]!(db, a, `%${f.contains.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`));
    return q;
  };
  return {
    ...n,
    active: true,
    filter: (q, a) => extra(n.filter(q, a), a),
    where: (q, a) => extra(n.where(q, a), a),
  };
}

const orderOf = (sort: Sort) => {
  const column = sort.field === 'name' ? 'c.name' : sort.field === 'due_date' ? 'max(pc.due_date)' : 'max(pc.sent_at)';
  return `${column} ${sort.direction} NULLS LAST, c.id`;
};

interface Walked {
  /** Event ids in the order their newest notice arrived (newest first). */
  ids: number[];
  /** Whether they are every event the walks can reach. */
  complete: boolean;
}

/**
 * The first `need` events (or every one, when fewer) by their newest matching notice, newest first. Each round takes
 * `take` steps of each organisation's walk (one statement: UNION ALL of the walks); a step is certain when no walk that
 * stopped short could still hold a newer one, and events are taken in the order of their first certain step (an event
 * sent to an organisation twice, with others between, comes up twice). Too few certain events: `take` grows.
 */
async function newestEvents(
  db: Knex,
  scope: number[],
  types: CommunicationType[],
  narrowing: Narrowing | null,
  need: number,
): Promise<Walked> {
  /** An event's newest notice in one organisation's walk; sent_us: microseconds, as the index orders them. */
  type Step = { org: number; id: number; communication_id: number; sent_us: number };
  // Newest first: the later time first, then the smaller id (the index's order: sent_at DESC NULLS LAST, id).
  const before = (a: Step, b: Step) =>
    Number(a.sent_us) !== Number(b.sent_us) ? Number(a.sent_us) > Number(b.sent_us) : Number(a.id) < Number(b.id);
  /**
   * One organisation's walk, an event at a time: each step is the next notice of another event than the last one's
   * (one probe of provider_communications_received_sent_idx from where the last step stood), so an event with thousands
   * of notices at one organisation is stepped over once, not read round after round.
   */
  const walk = (org: number, take: number) => {
    const notices = () =>
      db
        .from(providerCommunicationsView(db).as('rc'))
        .where('rc.provider_organization_id', org)
        .whereNotNull('rc.sent_at')
        .whereNot('rc.status', 'DELETED')
        .whereIn('rc.communication_type', types)
        .modify((q) => narrowing?.where(q, 'rc'))
        .orderByRaw('rc.sent_at DESC NULLS LAST, rc.id')
        .limit(1)
        .select('rc.id', 'rc.communication_id', 'rc.sent_at');
    const next = notices()
      .whereRaw('rc.sent_at <= w.sent_at AND (rc.sent_at < w.sent_at OR rc.id > w.id)')
      .whereRaw('rc.communication_id <> w.communication_id');
    return db.raw(
      `(WITH RECURSIVE w AS (? UNION ALL
          SELECT nx.id, nx.communication_id, nx.sent_at, w.n + 1 FROM w CROSS JOIN LATERAL ? nx WHERE w.n < ?)
        SELECT ?::bigint AS org, w.id, w.communication_id, (extract(epoch FROM w.sent_at) * 1000000)::bigint AS sent_us
        FROM w)`,
      [notices().select(db.raw('1 AS n')), next, take, org],
    );
  };
  for (let take = need + 1; ; take *= 4) {
    const walks = scope.map((org) => walk(org, take));
    const rows = ((await db.raw(walks.map(() => '?').join(' UNION ALL '), walks)) as { rows: Step[] }).rows;
    // Each walk's length and last step.
    const ends = new Map<number, { n: number; last: Step }>();
    for (const r of rows) {
      const e = ends.get(Number(r.org));
      ends.set(Number(r.org), { n: (e?.n ?? 0) + 1, last: !e || before(e.last, r) ? r : e.last });
    }
    // The newest of the unfinished walks' last steps: every event's newest notice up to it is known.
    let cutoff: Step | null = null;
    for (const { n, last } of ends.values()) if (n === take && (!cutoff || before(last, cutoff))) cutoff = last;
    const sorted = rows.sort((a, b) => (before(a, b) ? -1 : before(b, a) ? 1 : 0));
    const ids: number[] = [];
    const seen = new Set<number>();
    for (const r of sorted) {
      if (cutoff && before(cutoff, r)) break;
      const id = Number(r.communication_id);
      if (seen.has(id)) continue;
      seen.add(id);
      ids.push(id);
      if (ids.length === need) return { ids, complete: false };
    }
    if (!cutoff) return { ids, complete: true };
  }
}

/** The scope's events a query matches, up to ATTENTION_CAP + 1 (counted from the notices): a number. */
async function cappedEventCount(db: Knex, scope: number[], types: CommunicationType[], n: Narrowing | null) {
  const events = db
    .from(providerCommunicationsView(db).as('m'))
    .whereIn('m.provider_organization_id', scope)
    .whereNot('m.status', 'DELETED')
    .whereIn('m.communication_type', types)
    .modify((q) => n?.where(q, 'm'))
    .groupBy('m.communication_id')
    .limit(ATTENTION_CAP + 1)
    .select('m.communication_id');
  const [row] = (await db.select(db.raw('(?) AS total', [db.count({ count: '*' }).from(events.as('e'))]))) as {
    total: string | number;
  }[];
  return Number(row?.total ?? 0);
}

/** GET /provider/communications/by-recall: a page of events across the caller's organisation and its sites. */
export async function listByRecall(db: Knex, actor: Actor, raw: ByRecallQuery): Promise<ListPage<ByRecallRow>> {
  const pageNumber = raw.pageNumber;
  const pageSize = raw.pageSize;
  const offset = (pageNumber - 1) * pageSize;
  if (offset >= ATTENTION_CAP) throw new ValidationError('PAGE_TOO_DEEP', { max: ATTENTION_CAP });
  const sort: Sort = raw.sortField
    ? { field: raw.sortField, direction: raw.sortDirection ?? 'asc' }
    : { field: 'sent_at', direction: 'desc' };
  const types = typesOf(actor, raw.communicationType);
  const { filters } = parseListQuery(raw, byRecallSpec);
  const n = withFilterModel(
    db,
    await providerNarrowing(db, actor, await scopeIds(db, actor), filtersOf(raw), (raw.search ?? '').trim()),
    filters,
  );
  const scope = n.scope;
  const page = (items: ByRecallRow[], total: number, extra: { totalCapped?: true; sortCapped?: true } = {}) => ({
    items,
    total: Math.min(total, ATTENTION_CAP),
    ...(total > ATTENTION_CAP ? { totalCapped: true as const } : {}),
    ...extra,
    pageNumber,
    pageSize,
    lastUpdated: null,
  });
  if (!scope.length || !types.length) return page([], 0);
  const rowsOf = async (ids: number[]) =>
    (await eventRows(db, scope, types, ids).orderByRaw(orderOf(sort)).limit(pageSize).offset(offset)) as ByRecallRow[];

  if (n.active) {
    const ids = (await matching(db, n, types)
      .limit(COUNT_CAP + 1)
      .pluck('m.id')) as number[];
    if (ids.length <= COUNT_CAP) {
      const events = (await db
        .from(providerCommunicationsView(db).as('m'))
        .whereRaw('m.id = ANY(?::bigint[])', [ids.map(Number)])
        .distinct('m.communication_id')
        .pluck('m.communication_id')) as number[];
      return page(await rowsOf(events.map(Number)), events.length);
    }
  }
  const narrowing = n.active ? n : null;
  if (sort.field === 'sent_at' && sort.direction === 'desc') {
    const walked = await newestEvents(db, scope, types, narrowing, offset + pageSize);
    const ids = walked.ids.slice(offset);
    const rows = ids.length ? await eventRows(db, scope, types, ids) : [];
    const byId = new Map((rows as ByRecallRow[]).map((r) => [Number(r.communication_id), r]));
    const items = ids.map((id) => byId.get(id)).filter((r): r is ByRecallRow => r !== undefined);
    const total = walked.complete ? walked.ids.length : await cappedEventCount(db, scope, types, narrowing);
    return page(items, total);
  }
  // Another order sorts the events of the newest SORT_CAP notices (every event when there are no more notices).
  const newest = (
    (await newestReceived(db, scope, types, 'sent_at', SORT_CAP + 1, 0, narrowing ?? undefined)) as { id: number }[]
  ).map((r) => Number(r.id));
  const capped = newest.length > SORT_CAP;
  const events = (
    (await db
      .from(providerCommunicationsView(db).as('m'))
      .whereRaw('m.id = ANY(?::bigint[])', [newest.slice(0, SORT_CAP)])
      .distinct('m.communication_id')
      .pluck('m.communication_id')) as number[]
  ).map(Number);
  if (!capped) return page(await rowsOf(events), events.length);
  if (offset > 0 && offset >= events.length)
    throw new ValidationError('PAGE_TOO_DEEP_FOR_SORT', { max: events.length });
  return page(await rowsOf(events), await cappedEventCount(db, scope, types, narrowing), { sortCapped: true });
}

/**
 * GET /provider/communications/by-recall/:communicationId/sites: how each of the scope's notices of an event stands
 * (the caller's own organisation first, then its sites by name). An event the scope did not receive answers 404, one
 * of a type the caller may not manage 403.
 */
export async function recallSites(db: Knex, actor: Actor, communicationId: number): Promise<RecallSite[]> {
  const scope = await scopeIds(db, actor);
  const rows = (await rowsQuery(db, actor, scope)
    .where('pc.communication_id', communicationId)
    .orderByRaw('pc.site_name NULLS FIRST, pc.id')
    .select('pc.*')) as (RecallSite & { type: CommunicationType })[];
  const first = rows[0];
  if (!first) throw new NotFoundError('COMMUNICATION_NOT_FOUND');
  if (!mayManageType(actor, first.type)) throw new ForbiddenError();
  return rows.map((r) => ({
    id: Number(r.id),
    site_id: r.site_id === null ? null : Number(r.site_id),
    site_name: r.site_name,
    acknowledged_at: r.acknowledged_at,
    acknowledged_by: r.acknowledged_by,
    response_status: r.response_status,
    not_affected_reason: r.not_affected_reason,
    due_date: r.due_date,
    days_left: r.days_left,
    overdue: r.overdue,
    owner_id: r.owner_id === null ? null : Number(r.owner_id),
    owner_name: r.owner_name,
  }));
}
