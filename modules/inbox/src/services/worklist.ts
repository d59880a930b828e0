import type { Knex } from 'knex';
import {
  type Actor,
  type FromSchema,
  type ListPage,
  type RowOf,
  takeSummary,
  ValidationError,
  withSummary,
} from '@portal/core';
import {
  answersView,
  COMMUNICATION_TYPES,
  type CommunicationType,
  communicationsView,
  providerCommunicationsView,
} from '@portal/communications';
import { organizationsView } from '@portal/organizations';
import { mayManageType, scopeIds } from './scope.js';
import { type ProviderRow, rowsQuery } from './provider-rows.js';
import { latestReceived } from './provider-list-indexed.js';
import { ATTENTION_CAP, WORKLIST_SECTIONS, type worklistItem, type worklistQuery } from '../worklist-schemas.js';

/*
 * What needs the provider's attention (issue 32): its open notices in sections, most urgent first (Class I before
 * Class II before Class III before the rest, then the nearest due date, no due date last). The open-and-unanswered
 * sections walk provider_communications_worklist_idx (receiving organisation, class rank, due date, id; open and not
 * completed only) per organisation of the caller's scope and merge the walks, as the received lists do; the delegated
 * and assigned sections start from their own small tables. Totals and counts stop at ATTENTION_CAP ("more than").
 */

export type WorklistSection = (typeof WORKLIST_SECTIONS)[number];
export type WorklistItem = RowOf<typeof worklistItem>;
export type WorklistQuery = FromSchema<typeof worklistQuery>;

/** Class I first, then the nearest due date (none last), then the oldest notice: the index's own order. */
const URGENT_FIRST = (a: string) => `${a}.class_rank, ${a}.due_date NULLS LAST, ${a}.id`;

/** The event types whose notices the caller manages: the worklist shows only those. */
export function managedTypes(actor: Actor): CommunicationType[] {
  return COMMUNICATION_TYPES.filter((t) => mayManageType(actor, t));
}

/**
 * A delegation still waiting for its delegate: active, and no answer of theirs submitted (to its action, if one). A
 * scalar probe rather than NOT EXISTS: each delegation looks up its notice's answers by their unique index
 * (provider_communication_id, action_id), where an anti-join would hash every link answer of the platform.
 */
const pendingDelegation = (notice: string, column = 'id') => `d.status = 'ACTIVE' AND (
  SELECT 1 FROM ? r WHERE r.provider_communication_id = ${notice}.${column}
    AND (d.action_id IS NULL OR r.action_id = d.action_id) AND r.status = 'SUBMITTED'
    AND r.responder_user_id IS NULL AND lower(r.responder_email) = d.email LIMIT 1) IS NULL`;

/**
 * The open, unanswered notices of `orgs` (alias w) in a section, unordered: the notice open and not completed (the
 * worklist index's predicate), its event open, its type one the caller manages.
 */
/** Who asks: the caller, the types it manages, and its health system (familyOf). */
interface Asker {
  actor: Actor;
  types: CommunicationType[];
  family: Knex.Raw;
}

/**
 * The caller's health system, as SQL (an array read once): the system and its sites, whether the caller is the system
 * or one of them. A delegation keeps the organisation its notice had when it was made, and a notice moves among the
 * system's organisations (switch-sites), so the delegations of the caller's notices are the system's.
 */
const familyOf = (db: Knex, actor: Actor): Knex.Raw =>
  db.raw(
    `ARRAY(SELECT f.id FROM ? f WHERE f.id = (SELECT coalesce(o.parent_id, o.id) FROM ? o WHERE o.id = ?)
      OR f.parent_id = (SELECT coalesce(o.parent_id, o.id) FROM ? o WHERE o.id = ?))`,
    [organizationsView(db), organizationsView(db), actor.organizationId, organizationsView(db), actor.organizationId],
  );

function sectionRows(
  db: Knex,
  { actor, types, family }: Asker,
  section: WorklistSection,
  orgs: number[],
): Knex.QueryBuilder {
  const q = db
    .from(providerCommunicationsView(db).as('w'))
    .join(communicationsView(db).as('we'), 'we.id', 'w.communication_id')
    .modify((x) =>
      orgs.length === 1
        ? x.where('w.provider_organization_id', orgs[0]!)
        : x.whereRaw('w.provider_organization_id = ANY(?::bigint[])', [orgs]),
    )
    .where('w.status', 'OPEN')
    .where('w.response_status', 'NOTCOMPLETED')
    .where('we.status', 'OPEN')
    .whereIn('w.communication_type', types);
  switch (section) {
    case 'unacknowledged':
      return q.whereNull('w.acknowledged_at');
    case 'awaiting':
      return q.whereNotNull('w.acknowledged_at');
    case 'overdue':
      return q.whereRaw('w.due_date < current_date');
    // These two read their few notices first, as an array (primary-key lookups then), not as a join the planner might
    // hash against every open notice of the scope.
    // The health system's delegations (provider_delegates' organisation index), each notice looked up one by one (a
    // scalar probe each, in that order: the notice, then its answers), never by hashing every open notice of the scope.
    case 'delegated':
      return q.whereRaw(
        `w.id = ANY(ARRAY(SELECT d.provider_communication_id FROM provider_delegates d
          WHERE d.organization_id = ANY(?) AND d.status = 'ACTIVE' AND CASE
            WHEN (SELECT dp.provider_organization_id FROM ? dp WHERE dp.id = d.provider_communication_id
              AND dp.status = 'OPEN' AND dp.response_status = 'NOTCOMPLETED') = ANY(?::bigint[])
            THEN ${pendingDelegation('d', 'provider_communication_id')} ELSE false END))`,
        [family, providerCommunicationsView(db), orgs, answersView(db)],
      );
    case 'assigned':
      return q.whereRaw(
        'w.id = ANY(ARRAY(SELECT o.provider_communication_id FROM provider_communication_owners o WHERE o.user_id = ?))',
        [actor.userId ?? 0],
      );
  }
}

/**
 * The first `take` notices of a section in the worklist's order, as (id, class_rank, due_date[, delegate_email,
 * delegated_at]). The open-and-unanswered sections walk each organisation's part of the worklist index (UNION ALL of
 * per-organisation walks, then one merge); the others are small and read at once.
 */
function sectionWalk(
  db: Knex,
  asker: Asker,
  section: WorklistSection,
  scope: number[],
  take: number,
): Knex.QueryBuilder {
  const first = (orgs: number[]) =>
    sectionRows(db, asker, section, orgs)
      .orderByRaw(URGENT_FIRST('w'))
      .limit(take)
      .select('w.id', 'w.class_rank', 'w.due_date');
  if (section === 'delegated')
    // The newest delegation still waiting, beside each notice.
    return first(scope)
      .joinRaw(
        `JOIN LATERAL (SELECT d.email AS delegate_email, d.created_at AS delegated_at FROM provider_delegates d
        WHERE d.provider_communication_id = w.id AND ${pendingDelegation('w')}
        ORDER BY d.created_at DESC, d.id DESC LIMIT 1) pd ON true`,
        [db.raw('?', [answersView(db)])],
      )
      .select('pd.delegate_email', 'pd.delegated_at');
  if (section === 'assigned' || scope.length === 1) return first(scope);
  return db
    .from(
      db
        .unionAll(
          scope.map((org) => first([org])),
          true,
        )
        .as('u'),
    )
    .orderByRaw(URGENT_FIRST('u'))
    .limit(take)
    .select('u.id', 'u.class_rank', 'u.due_date');
}

/** A section's size up to `cap` + 1 (ATTENTION_CAP by default): a subquery. */
function sectionCount(
  db: Knex,
  asker: Asker,
  section: WorklistSection,
  scope: number[],
  cap = ATTENTION_CAP,
): Knex.QueryBuilder {
  return db.count({ count: '*' }).from(
    sectionRows(db, asker, section, scope)
      .select(db.raw('1'))
      .limit(cap + 1)
      .as('capped'),
  );
}

/**
 * How far a page's total counts: two pages past the page (at most ATTENTION_CAP). Counting to the cap cost twice the
 * page at a million notices, and five pages 1.9 times; a short window keeps the call near its page SQL, and the total
 * grows as the reader pages on (`totalCapped` says there is more; the section sizes are the counts call's).
 */
export const countWindow = (offset: number, pageSize: number) => Math.min(ATTENTION_CAP, offset + 2 * pageSize);

const emptyPage = (query: WorklistQuery): ListPage<WorklistItem> => ({
  items: [],
  total: 0,
  pageNumber: query.pageNumber,
  pageSize: query.pageSize,
  lastUpdated: null,
});

type PageRow = ProviderRow & { delegate_email: string | null; delegated_at: Date | null };

const itemOf = (r: PageRow, section: WorklistSection): WorklistItem => ({
  id: Number(r.id),
  communication_id: Number(r.communication_id),
  name: r.name,
  event_id: r.event_id,
  type: r.type,
  classification: r.classification,
  supplier_name: r.supplier_name,
  site_id: r.site_id === null ? null : Number(r.site_id),
  site_name: r.site_name,
  due_date: r.due_date,
  days_left: r.days_left,
  overdue: r.overdue,
  acknowledged_at: r.acknowledged_at as unknown as string | null,
  response_status: r.response_status as WorklistItem['response_status'],
  owner_id: r.owner_id === null ? null : Number(r.owner_id),
  owner_name: r.owner_name,
  delegate_email: section === 'delegated' ? r.delegate_email : null,
  delegated_at: section === 'delegated' ? (r.delegated_at as unknown as string | null) : null,
  sent_at: r.sent_at as unknown as string | null,
});

/**
 * GET /provider/worklist: a page of one section, most urgent first, with its total (up to `countWindow`) and the scope's
 * newest change. One statement: the page's notices (a CTE off the walks), their list rows, the total and "last updated".
 */
export async function worklistPage(db: Knex, actor: Actor, query: WorklistQuery): Promise<ListPage<WorklistItem>> {
  const offset = (query.pageNumber - 1) * query.pageSize;
  // Past the cap the total no longer says how far the section goes.
  if (offset >= ATTENTION_CAP) throw new ValidationError('PAGE_TOO_DEEP', { max: ATTENTION_CAP });
  const scope = await scopeIds(db, actor);
  const types = managedTypes(actor);
  if (!scope.length || !types.length) return emptyPage(query);
  const section = query.section;
  const asker = { actor, types, family: familyOf(db, actor) };
  const page = db
    .from(sectionWalk(db, asker, section, scope, offset + query.pageSize).as('s'))
    .orderByRaw(URGENT_FIRST('s'))
    .limit(query.pageSize)
    .offset(offset)
    .select('s.*');
  const window = countWindow(offset, query.pageSize);
  const total = sectionCount(db, asker, section, scope, window);
  const latest = latestReceived(db, scope, types);
  const rows = (await withSummary(
    rowsQuery(db, actor, scope, false, db.raw('SELECT id FROM worklist_page'))
      .withMaterialized('worklist_page', page)
      .join('worklist_page as wp', 'wp.id', 'pc.id')
      .orderByRaw(URGENT_FIRST('wp'))
      .select(['pc.*', ...(section === 'delegated' ? ['wp.delegate_email', 'wp.delegated_at'] : [])]),
    total,
    latest,
  )) as Parameters<typeof takeSummary<PageRow>>[0];
  const taken = takeSummary(rows);
  const summary = taken ??
    (
      (await db.select(db.raw('(?) AS total', [total]), db.raw('(?) AS updated_at', [latest]))) as {
        total: number | string;
        updated_at: Date | null;
      }[]
    ).map((r) => ({
      items: [] as PageRow[],
      total: Number(r.total),
      lastUpdated: r.updated_at ? new Date(r.updated_at).toISOString() : null,
    }))[0] ?? { items: [], total: 0, lastUpdated: null };
  return {
    items: summary.items.map((r) => itemOf(r, section)),
    total: Math.min(summary.total, window),
    ...(summary.total > window ? { totalCapped: true } : {}),
    pageNumber: query.pageNumber,
    pageSize: query.pageSize,
    lastUpdated: summary.lastUpdated,
  };
}

export type WorklistCounts = Record<WorklistSection, number> & { capped: WorklistSection[] };

/** GET /provider/worklist/counts: every section's size (each up to ATTENTION_CAP; `capped` names those past it), one statement. */
export async function worklistCounts(db: Knex, actor: Actor): Promise<WorklistCounts> {
  const scope = await scopeIds(db, actor);
  const types = managedTypes(actor);
  const zero = { unacknowledged: 0, awaiting: 0, overdue: 0, delegated: 0, assigned: 0, capped: [] };
  if (!scope.length || !types.length) return zero;
  const asker = { actor, types, family: familyOf(db, actor) };
  const [row] = (await db.select(
    WORKLIST_SECTIONS.map((section) => db.raw('(?) AS ??', [sectionCount(db, asker, section, scope), section])),
  )) as Record<WorklistSection, number | string>[];
  const counts = { ...zero, capped: [] as WorklistSection[] };
  for (const section of WORKLIST_SECTIONS) {
    const n = Number(row?.[section] ?? 0);
    counts[section] = Math.min(n, ATTENTION_CAP);
    if (n > ATTENTION_CAP) counts.capped.push(section);
  }
  return counts;
}
