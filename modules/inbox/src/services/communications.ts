import { vocabularyLabel } from '@portal/vocabulary';
import type { Knex } from 'knex';
import {
  emailDomainsOf,
  findOrganizationCard,
  organizationsView,
  permittedMembers,
  providerContactFor,
  usersView,
} from '@portal/organizations';
import {
  type Actor,
  applyListFilters,
  applyListOrder,
  BusinessRuleError,
  type Config,
  ConflictError,
  ForbiddenError,
  type ListPage,
  type ListQuery,
  type ListShortcuts,
  type ListSpec,
  NotFoundError,
  parseListQuery,
  recordAudit,
  runList,
  takeSummary,
  withSummary,
  SORT_CAP,
  signedUrls,
  ValidationError,
  transaction,
} from '@portal/core';
import { enqueueEmail } from '@portal/notifications';
import { ACTION_TYPES, COMMUNICATION_TYPES, type CommunicationType } from '@portal/communications';
import { lookupOptions } from '@portal/lookups';
import { appendHistory, listHistory } from '@portal/communications';
import { noticeHistory, noticeView, type NoticeView } from '@portal/communications';
import {
  answersView,
  eventDocumentFiles,
  firstNoticeOfEvent,
  moveNoticeToOrganization,
  receivedEventsView,
  receivedNoticesView,
  responderGroups,
} from '@portal/communications';
import { type LinkedFdaRecord, linkedFdaRecords } from '@portal/fda';
import { insertReportHistory, reportHistoryOf } from '@portal/reports';
import { loadScopedNotice, mayManageType, PROVIDER_PERMISSION_OF_TYPE, scopeIds, type ScopedNotice } from './scope.js';

// ---------- the list (001 §7.6, 000 §3 row fields, §4 row actions) ----------

export interface ProviderRow {
  id: number;
  communication_id: number;
  stt: string;
  status: string;
  status_provider: 'OPEN' | 'COMPLETED';
  isProviderCreated: boolean;
  allow_access: boolean;
  response_status: string;
  name: string;
  event_id: string | null;
  type: CommunicationType;
  subtype: string | null;
  classification: string | null;
  supplier_id: number;
  supplier_name: string | null;
  organization_id: number;
  site_id: number | null;
  site_name: string | null;
  acknowledged: boolean;
  acknowledged_at: Date | null;
  acknowledged_by: string | null;
  sent_at: Date | null;
  completed_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

/**
 * A row of the eR responses list (`responses=1`): one per provider communication and responding person. `userid` is the
 * provider user whose answers they are (null for answers given through a link, named by `responder_email`, and for the one
 * row of a communication nobody has answered yet); `response_status` is that person's: ERROR, DRAFT, SUBMITTED or COMPLETED.
 */
export interface ResponderRow extends ProviderRow {
  row_key: string;
  userid: number | null;
  responder_name: string | null;
  responder_email: string | null;
  responded_at: Date | null;
}

const STATUS_SQL = `CASE WHEN c.status = 'CLOSED' OR pc.status = 'CLOSED' THEN 'CLOSED' ELSE 'OPEN' END`;
/** A provider-created event names its supplier itself (possibly none); a supplier's event names the sender. */
const SUPPLIER_SQL = `CASE WHEN pce.communication_id IS NOT NULL THEN pce.supplier_name ELSE so.name END`;

const LIST_FIELDS = [
  'name',
  'event_id',
  'type',
  'subtype',
  'classification',
  'supplier_name',
  'site_name',
  'status',
  'stt',
  'status_provider',
  'response_status',
  'acknowledged_by',
  'sent_at',
  'acknowledged_at',
  'completed_at',
  'created_at',
  'updated_at',
] as const;

/** Sort and filter fields (whitelisted); they name columns of the derived row table `pc`. */
const listSpec: ListSpec = {
  fields: Object.fromEntries(LIST_FIELDS.map((f) => [f, `pc.${f}`])),
  searchColumns: ['pc.name', 'pc.event_id', 'pc.supplier_name', 'pc.site_name'],
  defaultSort: [{ column: 'pc.updated_at', direction: 'desc' }],
};

export const responderSpec: ListSpec = {
  fields: Object.fromEntries([...LIST_FIELDS, 'responder_name', 'responded_at'].map((f) => [f, `pc.${f}`])),
  searchColumns: [...listSpec.searchColumns!, 'pc.responder_name'],
  defaultSort: listSpec.defaultSort,
  // Its rows' key (a provider communication and a person) is computed per row: no index finds a row by it.
  pinFewMatches: false,
};

/**
 * The rows the provider received (own organisation and sites), as one derived table so every row field filters and sorts.
 * 'ALL' (the operator, read-only) drops the scope: every provider's rows, a site being any organisation with a parent, and
 * allow_access true.
 */
function rowsQuery(
  db: Knex,
  actor: Actor,
  scope: number[] | 'ALL',
  responders = false,
  /** Only these provider communications: ids, a subquery of them, or SQL reading them (a CTE of the statement). */
  onlyIds?: number[] | Knex.QueryBuilder | Knex.Raw,
): Knex.QueryBuilder {
  const all = scope === 'ALL';
  const siteOf = all
    ? db.raw('po.parent_id IS NOT NULL')
    : db.raw('pc.provider_organization_id <> ?', [actor.organizationId]);
  const inner = db
    .from(receivedNoticesView(db).as('pc'))
    .join(receivedEventsView(db).as('c'), 'c.id', 'pc.communication_id')
    .join(organizationsView(db).as('so'), 'so.id', 'pc.supplier_organization_id')
    .join(organizationsView(db).as('po'), 'po.id', 'pc.provider_organization_id')
    .leftJoin('provider_communication_states as ps', 'ps.provider_communication_id', 'pc.id')
    .leftJoin('provider_created_events as pce', 'pce.communication_id', 'c.id')
    .whereNot('pc.status', 'DELETED')
    .whereIn('c.status', ['OPEN', 'CLOSED'])
    .select(
      'pc.id',
      'pc.communication_id',
      db.raw(`${STATUS_SQL} as stt`),
      db.raw(`${STATUS_SQL} as status`),
      db.raw(`coalesce(ps.status_provider, 'OPEN') as status_provider`),
      db.raw('(pce.communication_id IS NOT NULL) as "isProviderCreated"'),
      all
        ? db.raw('true as allow_access')
        : db.raw(`(c.type = 'RECALL' AND ?::boolean OR c.type = 'PRODUCT DISRUPTION' AND ?::boolean) as allow_access`, [
            mayManageType(actor, 'RECALL'),
            mayManageType(actor, 'PRODUCT DISRUPTION'),
          ]),
      'c.name',
      'c.event_id',
      'c.type',
      'c.subtype',
      'c.classification',
      'pc.supplier_organization_id as supplier_id',
      db.raw(`${SUPPLIER_SQL} as supplier_name`),
      'pc.provider_organization_id as organization_id',
      db.raw('CASE WHEN ? THEN pc.provider_organization_id END as site_id', [siteOf]),
      db.raw('CASE WHEN ? THEN po.name END as site_name', [siteOf]),
      db.raw('(pc.acknowledged_at IS NOT NULL) as acknowledged'),
      'pc.acknowledged_at',
      'pc.acknowledged_by',
      'pc.sent_at',
      'pc.completed_at',
      'pc.created_at',
      'pc.updated_at',
    );
  if (scope !== 'ALL') inner.whereIn('pc.provider_organization_id', scope);
  // Across tenants, each row also names its provider (a site's parent, else the receiving organisation).
  else
    inner
      .leftJoin(organizationsView(db).as('pp'), 'pp.id', 'po.parent_id')
      .select(db.raw('coalesce(pp.id, po.id) as provider_id'), db.raw('coalesce(pp.name, po.name) as provider_name'));
  // Only these provider communications (a page's ids, or the first rows of the default order).
  const readIds = onlyIds && !Array.isArray(onlyIds) && !('select' in onlyIds) ? onlyIds : undefined;
  if (Array.isArray(onlyIds)) inner.whereRaw('pc.id = ANY(?::bigint[])', [onlyIds]);
  // As an array read once (an InitPlan), so the plan is the one of a list of ids: index lookups, never a join.
  else if (readIds) inner.whereRaw('pc.id = ANY(ARRAY(?))', [readIds]);
  else if (onlyIds) inner.whereIn('pc.id', onlyIds as Knex.QueryBuilder);
  if (!responders) return db.from(inner.select('pc.response_status').as('pc'));
  // Each responding person's answers (communications' grouping), grouped once for the whole scope, or only for the
  // given rows (a page of the default order).
  const groups = responderGroups(
    db,
    Array.isArray(onlyIds) ? { ids: onlyIds } : readIds ? { idsFrom: readIds } : all ? 'all' : { scope },
  );
  inner.joinRaw('LEFT JOIN ? rr ON rr.provider_communication_id = pc.id', [groups]);
  inner
    .leftJoin(usersView(db).as('ru'), 'ru.id', 'rr.userid')
    // The caller's own row stays hidden once it dismissed it, until it answers again (DELETE .../responses/:userId).
    .leftJoin('provider_response_dismissals as prd', function ownDismissal() {
      this.on('prd.provider_communication_id', '=', 'pc.id')
        .andOn('prd.user_id', '=', 'rr.userid')
        .andOn('rr.userid', '=', db.raw('?', [actor.userId]));
    })
    .where((w) => w.whereNull('prd.id').orWhereRaw('prd.dismissed_at < rr.responded_at'))
    .select(
      // Zero-padded so that ordering by row_key orders by provider communication first, as the default order does.
      db.raw(
        `lpad(pc.id::text, 19, '0') || ':' || coalesce('u' || rr.userid::text, 'e' || lower(rr.responder_email), '-') as row_key`,
      ),
      'rr.userid',
      'rr.responder_email',
      'rr.responded_at',
      db.raw(
        `coalesce(nullif(trim(concat_ws(' ', ru.first_name, ru.last_name)), ''), ru.email, rr.responder_email) as responder_name`,
      ),
      db.raw(`CASE WHEN rr.own_status IS NULL THEN pc.response_status
        WHEN rr.own_status = 'SUBMITTED' AND pc.response_status = 'COMPLETED' THEN 'COMPLETED' ELSE rr.own_status END as response_status`),
    );
  return db.from(inner.as('pc'));
}

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
 */
export async function listProviderCommunications(
  db: Knex,
  actor: Actor,
  raw: ProviderListQuery,
): Promise<ListPage<ProviderRow | ResponderRow>> {
  const spec = raw.responses ? responderSpec : listSpec;
  const query = parseListQuery(raw, spec);
  const scope = await scopeIds(db, actor);
  const types = listTypes(actor, raw);
  if (raw.responses) return listResponderRows(db, actor, scope, types, query);
  const order = indexedOrder(query, scope);
  if (order) return listInIndexedOrder(db, actor, scope, types, query, order);
  const shortcuts = await joinedShortcuts(db, scope, types, query, receivedCount(db, scope, types));
  const onlyIds = shortcuts.firstRows ? ((await shortcuts.firstRows.ids(SORT_CAP)) as number[]) : undefined;
  const base = rowsQuery(db, actor, scope, false, onlyIds).whereIn('pc.type', types);
  return runList<ProviderRow>(base, query, listSpec, 'pc.id', (qb) => qb.select('pc.*'), 'pc.updated_at', shortcuts);
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
  const spec = raw.responses ? responderSpec : listSpec;
  const query = parseListQuery(raw, spec);
  const scope = await scopeIds(db, actor);
  const base = rowsQuery(db, actor, scope, Boolean(raw.responses)).whereIn('pc.type', listTypes(actor, raw));
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

/**
 * Orders served off an index per receiving organisation (newest first): `updated_at`, the server's default, and
 * `sent_at`, the one the provider's pages open in ("Received"). Every provider has both; the operator ('ALL') only the
 * first, on one global index.
 */
type IndexedOrder = 'updated_at' | 'sent_at';

/** The index-served order of a list query without search or filter, if it has one. */
function indexedOrder(query: ListQuery, scope: number[] | 'ALL'): IndexedOrder | null {
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

const newestFirst = (order: IndexedOrder, alias = '') => `${alias}${order} DESC NULLS LAST, ${alias}id`;

/**
 * Ids of the first provider communications of the scope in `order`, off provider_communications_received_idx (or
 * _received_sent_idx): per organisation the first skip + limit entries in order (UNION ALL, merge-appended), or one walk
 * of the global index for 'ALL'.
 */
function newestReceived(
  db: Knex,
  scope: number[] | 'ALL',
  types: CommunicationType[],
  order: IndexedOrder,
  limit: number,
  skip = 0,
): Knex.QueryBuilder {
  const received = (orgId: number | null, take: number) =>
    db
      .from(receivedNoticesView(db).as('rc'))
      .modify((q) =>
        orgId === null ? q.whereNotNull('provider_organization_id') : q.where('provider_organization_id', orgId),
      )
      .whereNot('status', 'DELETED')
      .whereIn('communication_type', types)
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
function receivedCount(db: Knex, scope: number[] | 'ALL', types: CommunicationType[]): Knex.QueryBuilder {
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
function responderTotal(db: Knex, actor: Actor, scope: number[] | 'ALL', types: CommunicationType[]): Knex.Raw {
  const inScope = (q: Knex.QueryBuilder) =>
    q
      .modify((x) =>
        scope === 'ALL'
          ? x.whereNotNull('pc.provider_organization_id')
          : x.whereIn('pc.provider_organization_id', scope),
      )
      .whereNot('pc.status', 'DELETED')
      .whereIn('pc.communication_type', types);
  const extraPeople = inScope(db.from(receivedNoticesView(db).as('pc')))
    .where('pc.extra_responders', '>', 0)
    .select(db.raw('coalesce(sum(pc.extra_responders), 0)::bigint'));
  const hidden = inScope(
    db('provider_response_dismissals as prd').join(
      receivedNoticesView(db).as('pc'),
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

function pageOf<T>(query: ListQuery, items: T[], total: number, latest: { updated_at: Date } | undefined): ListPage<T> {
  return {
    items,
    total,
    pageNumber: query.pageNumber,
    pageSize: query.pageSize,
    lastUpdated: latest?.updated_at ? new Date(latest.updated_at).toISOString() : null,
  };
}

/** A page in an indexed order: the page's ids come off the index, then only those rows are joined. */
async function listInIndexedOrder(
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
const latestReceived = (db: Knex, scope: number[] | 'ALL', types: CommunicationType[]) =>
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
async function respondersInIndexedOrder(
  db: Knex,
  actor: Actor,
  scope: number[] | 'ALL',
  types: CommunicationType[],
  query: ListQuery,
  order: IndexedOrder,
): Promise<ListPage<ResponderRow>> {
  const offset = (query.pageNumber - 1) * query.pageSize;
  if (scope !== 'ALL' && !scope.length) return pageOf(query, [], 0, undefined);
  const total = responderTotal(db, actor, scope, types);
  const need = offset + query.pageSize;
  // Most pages take one statement: the first `need` provider communications' ids off the index (a CTE), their rows,
  // and the total and "last updated" beside them.
  const first = takeSummary(
    (await withSummary(
      rowsQuery(db, actor, scope, true, db.raw('SELECT id FROM page_ids'))
        .withMaterialized('page_ids', newestReceived(db, scope, types, order, need))
        .orderByRaw(`pc.${order} DESC NULLS LAST, pc.row_key`)
        .select('pc.*'),
      total,
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
      const ids = (await newestReceived(db, scope, types, by, take)) as { id: number }[];
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

// ---------- metadata ----------

/** The filters' and provider-created events' lists; the lookup lists are the ACTIVE managed values (issue 12). */
export async function providerMeta(db: Knex, actor: Actor) {
  const lookup = (vocabulary: Parameters<typeof lookupOptions>[1]) =>
    lookupOptions(db, vocabulary, actor.organizationId);
  return {
    communicationTypes: COMMUNICATION_TYPES.filter((t) => mayManageType(actor, t)).map((value) => ({
      value,
      label: vocabularyLabel('communicationType', value),
    })),
    recallSubtypes: await lookup('recallSubtype'),
    disruptionSubtypes: await lookup('disruptionSubtype'),
    classifications: await lookup('classification'),
    dispositions: await lookup('disposition'),
    leadTimes: await lookup('leadTime'),
    reasons: await lookup('reason'),
    actionTypes: [...ACTION_TYPES],
    statuses: (['OPEN', 'CLOSED'] as const).map((value) => ({
      value,
      label: vocabularyLabel('communicationStatus', value),
    })),
    responseStatuses: (['NOTCOMPLETED', 'COMPLETED'] as const).map((value) => ({
      value,
      label: vocabularyLabel('responseStatus', value),
    })),
    providerStatuses: [
      { value: 'OPEN', label: 'Open' },
      { value: 'COMPLETED', label: 'Completed' },
    ],
  };
}

/** The provider organisation and its sites, for site pickers. */
export async function metaSites(db: Knex, actor: Actor): Promise<{ id: number; name: string; is_site: boolean }[]> {
  const scope = await scopeIds(db, actor);
  const rows = (await db
    .from(organizationsView(db).as('o'))
    .whereIn('id', scope)
    .orderByRaw('parent_id NULLS FIRST, lower(name)')
    .select('id', 'name', 'parent_id')) as { id: number; name: string; parent_id: number | null }[];
  return rows.map((r) => ({ id: Number(r.id), name: r.name, is_site: r.parent_id !== null }));
}

export async function isSite(
  db: Knex,
  actor: Actor,
): Promise<{ isSite: boolean; parent_id: number | null; parent_name: string | null }> {
  const row = (await db
    .from(organizationsView(db).as('o'))
    .leftJoin(organizationsView(db).as('p'), 'p.id', 'o.parent_id')
    .where('o.id', actor.organizationId)
    .first('o.parent_id', 'p.name as parent_name')) as { parent_id: number | null; parent_name: string | null };
  return {
    isSite: row.parent_id !== null,
    parent_id: row.parent_id === null ? null : Number(row.parent_id),
    parent_name: row.parent_name,
  };
}

/** The values the list's filters offer: suppliers, sites, statuses, types. */
export async function searchMeta(db: Knex, actor: Actor) {
  const scope = await scopeIds(db, actor);
  const suppliers = (await db
    .from(receivedNoticesView(db).as('pc'))
    .join(organizationsView(db).as('so'), 'so.id', 'pc.supplier_organization_id')
    .leftJoin('provider_created_events as pce', 'pce.communication_id', 'pc.communication_id')
    .whereIn('pc.provider_organization_id', scope)
    .whereNot('pc.status', 'DELETED')
    .distinct(db.raw(`${SUPPLIER_SQL} as name`))
    .orderBy('name')) as { name: string | null }[];
  return {
    suppliers: suppliers.map((s) => s.name).filter((name): name is string => Boolean(name)),
    sites: (await metaSites(db, actor)).filter((s) => s.is_site),
    ...(await providerMeta(db, actor)),
  };
}

/** Active suppliers, for naming the supplier of a provider-created event. */
export async function supplierNameList(db: Knex): Promise<{ id: number; name: string }[]> {
  return (
    (await db
      .from(organizationsView(db).as('o'))
      .where({ type: 'SUPPLIER' })
      .whereIn('status', ['ACTIVE', 'LINKED'])
      .orderByRaw('lower(name)')
      .select('id', 'name')) as { id: number; name: string }[]
  ).map((r) => ({ id: Number(r.id), name: r.name }));
}

// ---------- one provider communication ----------

export type ProviderView = NoticeView & {
  status_provider: 'OPEN' | 'COMPLETED';
  isProviderCreated: boolean;
  allow_access: boolean;
  site: { id: number; name: string } | null;
  /** Issue 15: the FDA records the event names, as the supplier and the operator see them. */
  fda_records: LinkedFdaRecord[];
};

async function extras(db: Knex | Knex.Transaction, actor: Actor, n: ScopedNotice) {
  const [state, created, org] = await Promise.all([
    db('provider_communication_states').where({ provider_communication_id: n.pc.id }).first('status_provider'),
    db('provider_created_events').where({ communication_id: n.event.id }).first('supplier_name'),
    findOrganizationCard(db, n.pc.provider_organization_id!),
  ]);
  const o = org as { id: number; name: string };
  return {
    status_provider: ((state as { status_provider?: 'OPEN' | 'COMPLETED' } | undefined)?.status_provider ?? 'OPEN') as
      | 'OPEN'
      | 'COMPLETED',
    isProviderCreated: Boolean(created),
    supplier_name: (created as { supplier_name: string | null } | undefined)?.supplier_name ?? null,
    allow_access: mayManageType(actor, n.event.type),
    site: Number(o.id) === actor.organizationId ? null : { id: Number(o.id), name: o.name },
  };
}

/** The provider's view of a provider communication: the notice (reused) plus the provider's own flags. */
export async function providerRecall(
  db: Knex,
  config: Config,
  actor: Actor,
  communicationId: number,
  pcId: number,
): Promise<ProviderView> {
  const n = await loadScopedNotice(db, actor, pcId, { communicationId });
  const view = await noticeView(db, config.jwtSecret, n);
  const x = await extras(db, actor, n);
  if (x.isProviderCreated) view.communication.supplier_name = x.supplier_name ?? '';
  return {
    ...view,
    status_provider: x.status_provider,
    isProviderCreated: x.isProviderCreated,
    allow_access: x.allow_access,
    site: x.site,
    fda_records: await linkedFdaRecords(db, n.event.fda_recall_numbers ?? []),
  };
}

export async function summary(db: Knex, config: Config, actor: Actor, communicationId: number, pcId: number) {
  const view = await providerRecall(db, config, actor, communicationId, pcId);
  const required = view.actions.filter((a) => a.is_required && !a.is_disabled);
  const delegates = (await db('provider_delegates')
    .where({ provider_communication_id: pcId, status: 'ACTIVE' })
    .count<{ n: number }[]>({ n: '*' })
    .first()) as { n: number };
  return {
    communication: view.communication,
    provider_communication_id: pcId,
    status: view.provider_communication.status,
    response_status: view.provider_communication.response_status,
    response_label: view.provider_communication.response_label,
    status_provider: view.status_provider,
    isProviderCreated: view.isProviderCreated,
    acknowledged: view.provider_communication.acknowledged_at !== null,
    acknowledged_at: view.provider_communication.acknowledged_at,
    acknowledged_by: view.provider_communication.acknowledged_by,
    actions_total: view.actions.length,
    actions_required: required.length,
    actions_submitted: view.actions.filter((a) => a.response?.status === 'SUBMITTED').length,
    actions_draft: view.actions.filter((a) => a.response?.status === 'DRAFT').length,
    required_remaining: required.filter((a) => a.response?.status !== 'SUBMITTED').length,
    delegates: Number(delegates.n),
    documents: view.documents.length,
    site: view.site,
  };
}

/** Per action: its answer, who gave it and when (the response details tab). */
export async function responseDetails(db: Knex, config: Config, actor: Actor, communicationId: number, pcId: number) {
  return actionAnswers(await providerRecall(db, config, actor, communicationId, pcId));
}

/** The actions of a notice view with their answers (the response details; the operator's read-only detail). */
export function actionAnswers(view: NoticeView) {
  return view.actions.map((a) => ({
    action_id: a.id,
    action_type: a.action_type,
    title: a.title,
    is_required: a.is_required,
    status: a.response?.status ?? 'NA',
    value: a.response?.value ?? null,
    responder_email: a.response?.responder_email ?? null,
    submitted_at: a.response?.submitted_at ?? null,
    updated_at: a.response?.updated_at ?? null,
    files: a.files,
  }));
}

export async function histories(db: Knex, actor: Actor, communicationId: number, pcId: number) {
  await loadScopedNotice(db, actor, pcId, { communicationId });
  return noticeHistory(db, pcId);
}

/** Change history (post-approval edits) of an event the provider received. */
export async function changeHistory(db: Knex, actor: Actor, communicationId: number, pcId: number) {
  await loadScopedNotice(db, actor, pcId, { communicationId });
  return (await listHistory(db, communicationId, { changesOnly: true })).filter(
    (h) => h.provider_communication_id === null || Number(h.provider_communication_id) === pcId,
  );
}

// ---------- writes ----------

/** Moves a provider communication to the provider itself or one of its sites (GET /:id/switch-sites/:x). */
export async function switchSite(db: Knex, actor: Actor, pcId: number, organizationId: number) {
  return transaction(db, async (trx) => {
    const n = await loadScopedNotice(trx, actor, pcId, { forUpdate: true });
    if (!n.scope.includes(organizationId)) throw new NotFoundError('Site not found.');
    const before = Number(n.pc.provider_organization_id);
    if (before === organizationId) return { id: pcId, organization_id: organizationId };
    await moveNoticeToOrganization(trx, pcId, organizationId);
    await appendHistory(trx, actor, {
      communicationId: n.event.id,
      organizationId: n.event.organization_id,
      providerCommunicationId: pcId,
      action: 'SITE_SWITCHED',
      entityType: 'provider_communication',
      entityId: pcId,
      before: { provider_organization_id: before },
      after: { provider_organization_id: organizationId },
    });
    return { id: pcId, organization_id: organizationId };
  });
}

/**
 * The provider's complete flag (PUT /:id/change-status/:x, body { status }). COMPLETED needs every required action
 * submitted on a supplier's event (a provider-created event may be completed at any time); a closed event cannot change.
 */
export async function changeStatus(
  db: Knex,
  actor: Actor,
  communicationId: number,
  pcId: number,
  status: 'OPEN' | 'COMPLETED',
) {
  return transaction(db, async (trx) => {
    const n = await loadScopedNotice(trx, actor, pcId, { communicationId, forUpdate: true });
    if (n.pc.status !== 'OPEN' || n.event.status !== 'OPEN')
      throw new ConflictError('This event is closed and can no longer be answered.', 'EVENT_CLOSED');
    const created = await trx('provider_created_events')
      .where({ communication_id: n.event.id })
      .first('communication_id');
    if (status === 'COMPLETED' && !created && n.pc.response_status !== 'COMPLETED') {
      throw new BusinessRuleError(
        'Every required action must be answered before the event can be marked completed.',
        'RESPONSE_INCOMPLETE',
      );
    }
    const current = (await trx('provider_communication_states')
      .where({ provider_communication_id: pcId })
      .first('status_provider')) as { status_provider: string } | undefined;
    const before = current?.status_provider ?? 'OPEN';
    await trx('provider_communication_states')
      .insert({
        provider_communication_id: pcId,
        organization_id: n.pc.provider_organization_id,
        status_provider: status,
        updated_by: actor.userId,
      })
      .onConflict('provider_communication_id')
      .merge({ status_provider: status, updated_by: actor.userId, updated_at: trx.fn.now() });
    await appendHistory(trx, actor, {
      communicationId: n.event.id,
      organizationId: n.event.organization_id,
      providerCommunicationId: pcId,
      action: 'PROVIDER_STATUS_CHANGED',
      entityType: 'provider_communication',
      entityId: pcId,
      before: { status_provider: before },
      after: { status_provider: status },
    });
    return { id: pcId, status_provider: status, response_status: n.pc.response_status };
  });
}

/** Records that the provider reviewed or updated its handling of the notification (notification history). */
export async function updateNotification(
  db: Knex,
  actor: Actor,
  communicationId: number,
  pcId: number,
  note: string | undefined,
) {
  return transaction(db, async (trx) => {
    const n = await loadScopedNotice(trx, actor, pcId, { communicationId });
    await appendHistory(trx, actor, {
      communicationId: n.event.id,
      organizationId: n.event.organization_id,
      providerCommunicationId: pcId,
      action: 'NOTIFICATION_UPDATED',
      entityType: 'provider_communication',
      entityId: pcId,
      after: { note: note ?? null },
    });
    return noticeHistory(trx, pcId);
  });
}

/**
 * Notifies the provider's own users about a provider communication (PUT /:id/send-notification/:a/:b): `target` 0 means the
 * provider and all its sites, otherwise one organisation of the scope. Recipients are active users whose role may see the type.
 */
export async function sendInternalNotification(
  db: Knex,
  config: Config,
  actor: Actor,
  communicationId: number,
  pcId: number,
  target: number,
  message: string | undefined,
) {
  return transaction(db, async (trx) => {
    const n = await loadScopedNotice(trx, actor, pcId, { communicationId });
    const orgs = target === 0 ? n.scope : n.scope.filter((id) => id === target);
    if (!orgs.length) throw new NotFoundError('Site not found.');
    const emails = (await trx
      .from(permittedMembers(trx, PROVIDER_PERMISSION_OF_TYPE[n.event.type]).as('pm'))
      .whereIn('pm.organization_id', orgs)
      .whereNot('pm.user_id', actor.userId)
      .distinct('pm.email')
      .pluck('pm.email')) as string[];
    if (!emails.length)
      throw new BusinessRuleError('Nobody else in this organisation can receive this event type.', 'NO_RECIPIENT');
    const kind = n.event.type === 'RECALL' ? 'Recall' : 'Supply advisory';
    const path =
      n.event.type === 'RECALL'
        ? `/provider/recalls/view/${communicationId}/${pcId}`
        : `/provider/product-disruption/view/${communicationId}/${pcId}`;
    for (const to of emails) {
      await enqueueEmail(trx, {
        organizationId: actor.organizationId,
        kind: 'PROVIDER_NOTIFICATION',
        to,
        referenceType: 'provider_communication',
        referenceId: pcId,
        template: {
          key: 'PROVIDER_NOTIFICATION',
          overrideOrganizationId: actor.organizationId,
          values: {
            sender_email: actor.email,
            event_kind: kind,
            event_name: n.event.name,
            message,
            link: `${config.appUrl}${path}`,
          },
        },
      });
    }
    await appendHistory(trx, actor, {
      communicationId: n.event.id,
      organizationId: n.event.organization_id,
      providerCommunicationId: pcId,
      action: 'NOTIFICATION_FORWARDED',
      entityType: 'provider_communication',
      entityId: pcId,
      after: { recipients: emails.length, organizations: orgs },
    });
    return { emails_queued: emails.length };
  });
}

/** Does the email belong to the provider's domain (GET /valid-domain/emailid/:a/:b: a = organisation id, b = email)? */
export async function validDomain(db: Knex, actor: Actor, organizationId: number, email: string) {
  const scope = await scopeIds(db, actor);
  if (!scope.includes(organizationId)) throw new NotFoundError('Organization not found.');
  const domains = await emailDomainsOf(db, organizationId);
  const at = email.trim().toLowerCase().split('@');
  if (at.length !== 2 || !at[1]) throw new ValidationError('Email not valid');
  // Each organisation may list several domains, comma-separated (organizations `joinDomains`).
  const valid = domains.some((d) =>
    (d ?? '')
      .toLowerCase()
      .split(/[,;\s]+/)
      .includes(at[1]!),
  );
  return { email: email.trim().toLowerCase(), domain: at[1], valid };
}

/**
 * The supplier's contact for an event the provider received (or, for a provider-created event, of the supplier it
 * names). The contact the provider keeps for that supplier (/provider/supplier-contacts) wins over the event's.
 */
export async function supplierContact(db: Knex, actor: Actor, communicationId: number) {
  const scope = await scopeIds(db, actor);
  const pcId = await firstNoticeOfEvent(db, communicationId, scope);
  if (pcId === undefined) throw new NotFoundError('Communication not found.');
  const n = await loadScopedNotice(db, actor, pcId, { communicationId });
  const { pc } = n;
  const created = (await db('provider_created_events')
    .where({ communication_id: communicationId })
    .first('supplier_organization_id')) as { supplier_organization_id: number | null } | undefined;
  const supplierId = created ? created.supplier_organization_id : pc.supplier_organization_id;
  const card = supplierId ? await findOrganizationCard(db, supplierId) : undefined;
  const org = card
    ? (({ id, name, email, phone, address1, address2, city, state, zip }) => ({
        id,
        name,
        email,
        phone,
        address1,
        address2,
        city,
        state,
        zip,
      }))(card)
    : null;
  const own = supplierId ? await providerContactFor(db, Number(pc.provider_organization_id), supplierId) : undefined;
  return {
    supplier: org,
    contact_name: own ? own.name : n.event.contact_name,
    contact_email: own ? own.email : n.event.contact_email,
    contact_phone: own ? own.phone : n.event.contact_phone,
    contact_source: own ? 'PROVIDER' : 'EVENT',
  };
}

export async function supportingDocuments(db: Knex, config: Config, actor: Actor, communicationId: number) {
  const scope = await scopeIds(db, actor);
  const pcId = await firstNoticeOfEvent(db, communicationId, scope);
  if (pcId === undefined) throw new NotFoundError('Communication not found.');
  await loadScopedNotice(db, actor, pcId, { communicationId });
  const rows = await eventDocumentFiles(db, communicationId, { kind: 'SUPPORTING' });
  return rows.map((d) => ({
    id: d.id,
    name: d.name,
    extension: d.extension,
    type: d.mimetype,
    size: Number(d.size),
    ...signedUrls(config.jwtSecret, d.file_key, d.name),
  }));
}

// ---------- report history ----------

export async function addReportHistory(
  db: Knex,
  actor: Actor,
  communicationId: number,
  pcId: number,
  reportType: string,
) {
  return transaction(db, async (trx) => {
    await loadScopedNotice(trx, actor, pcId, { communicationId });
    const row = await insertReportHistory(trx, {
      communicationId,
      organizationId: actor.organizationId,
      reportType,
      userId: actor.userId,
    });
    await recordAudit(trx, actor, {
      organizationId: actor.organizationId,
      action: 'REPORT_HISTORY_ADDED',
      entityType: 'report_history',
      entityId: row.id,
      after: { communicationId, reportType },
    });
    return row as Record<string, unknown>;
  });
}

export async function reportHistory(db: Knex, actor: Actor, communicationId: number, pcId: number, reportType: string) {
  await loadScopedNotice(db, actor, pcId, { communicationId });
  return reportHistoryOf(db, { communicationId, organizationId: actor.organizationId, reportType });
}
