import type { Knex } from 'knex';
import {
  type Actor, BusinessRuleError, type Config, ConflictError, ForbiddenError, type ListPage, type ListQuery, type ListSpec, NotFoundError, parseListQuery, recordAudit, runList,
  signedUrls, ValidationError,
} from '@portal/core';
import { enqueueEmail } from '@portal/notifications';
import {
  ACTION_TYPES, CLASSIFICATIONS, COMMUNICATION_TYPES, type CommunicationType, DISPOSITIONS, DISRUPTION_SUBTYPES, LEAD_TIMES, REASONS, RECALL_SUBTYPES,
} from '../constants.js';
import { appendHistory, listHistory } from '../services/history.js';
import { noticeHistory, noticeView, type NoticeView } from '../services/responses.js';
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
  'name', 'event_id', 'type', 'subtype', 'classification', 'supplier_name', 'site_name', 'status', 'stt', 'status_provider', 'response_status',
  'acknowledged_by', 'sent_at', 'acknowledged_at', 'completed_at', 'created_at', 'updated_at',
] as const;

/** Sort and filter fields (whitelisted); they name columns of the derived row table `pc`. */
const listSpec: ListSpec = {
  fields: Object.fromEntries(LIST_FIELDS.map((f) => [f, `pc.${f}`])),
  searchColumns: ['pc.name', 'pc.event_id', 'pc.supplier_name', 'pc.site_name'],
  defaultSort: [{ column: 'pc.updated_at', direction: 'desc' }],
};

const responderSpec: ListSpec = {
  fields: Object.fromEntries([...LIST_FIELDS, 'responder_name', 'responded_at'].map((f) => [f, `pc.${f}`])),
  searchColumns: [...listSpec.searchColumns!, 'pc.responder_name'],
  defaultSort: listSpec.defaultSort,
};

/**
 * Each responding person's answers to the provider communications of the scope, grouped by provider communication and user
 * (link answers by email): one grouped pass over the scope's answers (provider_responses' (provider_communication_id,
 * action_id) index), hash-joined to the rows, rather than one aggregate per row. A person's status is ERROR when one of
 * their drafts can no longer be submitted as is (its action was disabled since, or it picks an option the action no longer
 * offers), else DRAFT while any draft remains, else SUBMITTED. A removed action takes its answers with it (ON DELETE CASCADE).
 */
const RESPONDERS_SQL = `LEFT JOIN (
  SELECT r.provider_communication_id, r.responder_user_id AS userid, min(r.responder_email) AS responder_email, max(r.updated_at) AS responded_at,
    CASE
      WHEN bool_or(r.status = 'DRAFT' AND (a.is_disabled OR (a.action_type IN ('Checkbox', 'MultipleChoice')
        AND NOT coalesce(r.value -> 'valueCheckbox', r.value -> 'valueMultiChoice', '[]'::jsonb) <@ a.options))) THEN 'ERROR'
      WHEN bool_or(r.status = 'DRAFT') THEN 'DRAFT'
      ELSE 'SUBMITTED'
    END AS own_status
  FROM provider_responses r JOIN communication_actions a ON a.id = r.action_id
  WHERE r.provider_communication_id IN (SELECT s.id FROM provider_communications s WHERE s.provider_organization_id = ANY(?::bigint[]))
  GROUP BY r.provider_communication_id, r.responder_user_id, CASE WHEN r.responder_user_id IS NULL THEN lower(r.responder_email) END
) rr ON rr.provider_communication_id = pc.id`;

/** The rows the provider received (own organisation and sites), as one derived table so every row field filters and sorts. */
function rowsQuery(db: Knex, actor: Actor, scope: number[], responders = false): Knex.QueryBuilder {
  const inner = db('provider_communications as pc')
    .join('communications as c', 'c.id', 'pc.communication_id')
    .join('organizations as so', 'so.id', 'pc.supplier_organization_id')
    .join('organizations as po', 'po.id', 'pc.provider_organization_id')
    .leftJoin('provider_communication_states as ps', 'ps.provider_communication_id', 'pc.id')
    .leftJoin('provider_created_events as pce', 'pce.communication_id', 'c.id')
    .whereIn('pc.provider_organization_id', scope)
    .whereNot('pc.status', 'DELETED')
    .whereIn('c.status', ['OPEN', 'CLOSED'])
    .select(
      'pc.id', 'pc.communication_id', db.raw(`${STATUS_SQL} as stt`), db.raw(`${STATUS_SQL} as status`),
      db.raw(`coalesce(ps.status_provider, 'OPEN') as status_provider`), db.raw('(pce.communication_id IS NOT NULL) as "isProviderCreated"'),
      db.raw(`(c.type = 'RECALL' AND ?::boolean OR c.type = 'PRODUCT DISRUPTION' AND ?::boolean) as allow_access`, [mayManageType(actor, 'RECALL'), mayManageType(actor, 'PRODUCT DISRUPTION')]),
      'c.name', 'c.event_id', 'c.type', 'c.subtype', 'c.classification', 'pc.supplier_organization_id as supplier_id',
      db.raw(`${SUPPLIER_SQL} as supplier_name`), 'pc.provider_organization_id as organization_id',
      db.raw('CASE WHEN pc.provider_organization_id <> ? THEN pc.provider_organization_id END as site_id', [actor.organizationId]),
      db.raw('CASE WHEN pc.provider_organization_id <> ? THEN po.name END as site_name', [actor.organizationId]),
      db.raw('(pc.acknowledged_at IS NOT NULL) as acknowledged'), 'pc.acknowledged_at', 'pc.acknowledged_by', 'pc.sent_at', 'pc.completed_at',
      'pc.created_at', 'pc.updated_at',
    );
  if (!responders) return db.from(inner.select('pc.response_status').as('pc'));
  inner.joinRaw(RESPONDERS_SQL, [scope])
    .leftJoin('users as ru', 'ru.id', 'rr.userid')
    // The caller's own row stays hidden once it dismissed it, until it answers again (DELETE .../responses/:userId).
    .leftJoin('provider_response_dismissals as prd', function ownDismissal() {
      this.on('prd.provider_communication_id', '=', 'pc.id').andOn('prd.user_id', '=', 'rr.userid').andOn('rr.userid', '=', db.raw('?', [actor.userId]));
    })
    .where((w) => w.whereNull('prd.id').orWhereRaw('prd.dismissed_at < rr.responded_at'))
    .select(
      db.raw(`pc.id::text || ':' || coalesce('u' || rr.userid::text, 'e' || lower(rr.responder_email), '-') as row_key`),
      'rr.userid', 'rr.responder_email', 'rr.responded_at',
      db.raw(`coalesce(nullif(trim(concat_ws(' ', ru.first_name, ru.last_name)), ''), ru.email, rr.responder_email) as responder_name`),
      db.raw(`CASE WHEN rr.own_status IS NULL THEN pc.response_status
        WHEN rr.own_status = 'SUBMITTED' AND pc.response_status = 'COMPLETED' THEN 'COMPLETED' ELSE rr.own_status END as response_status`),
    );
  return db.from(inner.as('pc'));
}

export interface ProviderListQuery { communicationType?: CommunicationType; responses?: 0 | 1; [key: string]: unknown }

/**
 * Provider communications received by the provider or its sites. With a communicationType the caller needs its permission;
 * without one, a coordinator sees the types it manages and a Responder (Provider_ResponderRole) sees every row of its scope
 * with allow_access false where its role may not open the event (the denial detail then offers an access request).
 * With `responses` (the eR responses list) there is one row per provider communication and responding person (ResponderRow).
 */
export async function listProviderCommunications(db: Knex, actor: Actor, raw: ProviderListQuery): Promise<ListPage<ProviderRow | ResponderRow>> {
  const spec = raw.responses ? responderSpec : listSpec;
  const query = parseListQuery(raw, spec);
  const scope = await scopeIds(db, actor);
  let types: CommunicationType[];
  if (raw.communicationType) {
    if (!mayManageType(actor, raw.communicationType) && !actor.permissions.includes('Provider_ResponderRole')) throw new ForbiddenError();
    types = [raw.communicationType];
  } else {
    types = COMMUNICATION_TYPES.filter((t) => mayManageType(actor, t));
    if (actor.permissions.includes('Provider_ResponderRole')) types = [...COMMUNICATION_TYPES];
  }
  if (!raw.responses && inDefaultOrder(query)) return listInDefaultOrder(db, actor, scope, types, query);
  const base = rowsQuery(db, actor, scope, raw.responses === 1).whereIn('pc.type', types);
  return runList<ProviderRow | ResponderRow>(base, query, spec, raw.responses ? 'pc.row_key' : 'pc.id', (qb) => qb.select('pc.*'), 'pc.updated_at');
}

/** The list as it first opens: no search or filter, newest change first. */
function inDefaultOrder(query: ListQuery): boolean {
  return !query.search && !query.filters.length
    && (!query.sort.length || (query.sort.length === 1 && query.sort[0]!.field === 'updated_at' && query.sort[0]!.direction === 'desc'));
}

/**
 * The default page without joining every received row: per received organisation, the newest offset + pageSize rows
 * come off provider_communications_received_idx in order (UNION ALL, merged), then only the page's rows are joined.
 * The total is an index-only count. Both rely on provider communications existing only for sent events, whose
 * status stays OPEN or CLOSED (a sent event cannot be deleted), which the joined path checks explicitly.
 */
async function listInDefaultOrder(db: Knex, actor: Actor, scope: number[], types: CommunicationType[], query: ListQuery): Promise<ListPage<ProviderRow>> {
  const offset = (query.pageNumber - 1) * query.pageSize;
  if (!scope.length) return { items: [], total: 0, pageNumber: query.pageNumber, pageSize: query.pageSize, lastUpdated: null };
  const received = (orgId: number, limit: number) => db('provider_communications').where('provider_organization_id', orgId).whereNot('status', 'DELETED')
    .whereIn('communication_type', types).orderByRaw('updated_at DESC NULLS LAST, id').limit(limit).select('id', 'updated_at');
  const newest = (limit: number, skip = 0) => db.from(db.unionAll(scope.map((orgId) => received(orgId, skip + limit)), true).as('r'))
    .orderByRaw('updated_at DESC NULLS LAST, id').limit(limit).offset(skip).select('id', 'updated_at');
  const [[counted], page] = await Promise.all([
    db('provider_communications').whereIn('provider_organization_id', scope).whereNot('status', 'DELETED').whereIn('communication_type', types)
      .count<{ count: number }[]>({ count: '*' }),
    newest(query.pageSize, offset) as Promise<{ id: number; updated_at: Date }[]>,
  ]);
  const latest = offset === 0 ? page[0] : ((await newest(1)) as { id: number; updated_at: Date }[])[0];
  const rows = page.length
    ? ((await rowsQuery(db, actor, scope).whereIn('pc.id', page.map((r) => r.id)).select('pc.*')) as ProviderRow[])
    : [];
  const byId = new Map(rows.map((r) => [Number(r.id), r]));
  return {
    items: page.map((r) => byId.get(Number(r.id))).filter((r): r is ProviderRow => r !== undefined),
    total: Number(counted?.count ?? 0),
    pageNumber: query.pageNumber,
    pageSize: query.pageSize,
    lastUpdated: latest?.updated_at ? new Date(latest.updated_at).toISOString() : null,
  };
}

// ---------- metadata ----------

const pairs = (list: readonly (readonly [string, string])[]) => list.map(([value, label]) => ({ value, label }));

export function providerMeta(actor: Actor) {
  return {
    communicationTypes: COMMUNICATION_TYPES.filter((t) => mayManageType(actor, t)).map((value) => ({ value, label: value === 'RECALL' ? 'Recall' : 'Supply Advisory' })),
    recallSubtypes: pairs(RECALL_SUBTYPES), disruptionSubtypes: pairs(DISRUPTION_SUBTYPES), classifications: pairs(CLASSIFICATIONS),
    dispositions: pairs(DISPOSITIONS), leadTimes: pairs(LEAD_TIMES), reasons: pairs(REASONS), actionTypes: [...ACTION_TYPES],
    statuses: [{ value: 'OPEN', label: 'Open' }, { value: 'CLOSED', label: 'Closed' }],
    responseStatuses: [{ value: 'NOTCOMPLETED', label: 'In Progress' }, { value: 'COMPLETED', label: 'Completed' }],
    providerStatuses: [{ value: 'OPEN', label: 'Open' }, { value: 'COMPLETED', label: 'Completed' }],
  };
}

/** The provider organisation and its sites, for site pickers. */
export async function metaSites(db: Knex, actor: Actor): Promise<{ id: number; name: string; is_site: boolean }[]> {
  const scope = await scopeIds(db, actor);
  const rows = (await db('organizations').whereIn('id', scope).orderByRaw('parent_id NULLS FIRST, lower(name)').select('id', 'name', 'parent_id')) as { id: number; name: string; parent_id: number | null }[];
  return rows.map((r) => ({ id: Number(r.id), name: r.name, is_site: r.parent_id !== null }));
}

export async function isSite(db: Knex, actor: Actor): Promise<{ isSite: boolean; parent_id: number | null; parent_name: string | null }> {
  const row = (await db('organizations as o').leftJoin('organizations as p', 'p.id', 'o.parent_id').where('o.id', actor.organizationId)
    .first('o.parent_id', 'p.name as parent_name')) as { parent_id: number | null; parent_name: string | null };
  return { isSite: row.parent_id !== null, parent_id: row.parent_id === null ? null : Number(row.parent_id), parent_name: row.parent_name };
}

/** The values the list's filters offer: suppliers, sites, statuses, types. */
export async function searchMeta(db: Knex, actor: Actor) {
  const scope = await scopeIds(db, actor);
  const suppliers = (await db('provider_communications as pc').join('organizations as so', 'so.id', 'pc.supplier_organization_id')
    .leftJoin('provider_created_events as pce', 'pce.communication_id', 'pc.communication_id')
    .whereIn('pc.provider_organization_id', scope).whereNot('pc.status', 'DELETED')
    .distinct(db.raw(`${SUPPLIER_SQL} as name`)).orderBy('name')) as { name: string | null }[];
  return {
    suppliers: suppliers.map((s) => s.name).filter((name): name is string => Boolean(name)),
    sites: (await metaSites(db, actor)).filter((s) => s.is_site),
    ...providerMeta(actor),
  };
}

/** Active suppliers, for naming the supplier of a provider-created event. */
export async function supplierNameList(db: Knex): Promise<{ id: number; name: string }[]> {
  return ((await db('organizations').where({ type: 'SUPPLIER' }).whereIn('status', ['ACTIVE', 'LINKED']).orderByRaw('lower(name)').select('id', 'name')) as { id: number; name: string }[])
    .map((r) => ({ id: Number(r.id), name: r.name }));
}

// ---------- one provider communication ----------

export type ProviderView = NoticeView & { status_provider: 'OPEN' | 'COMPLETED'; isProviderCreated: boolean; allow_access: boolean; site: { id: number; name: string } | null };

async function extras(db: Knex | Knex.Transaction, actor: Actor, n: ScopedNotice) {
  const [state, created, org] = await Promise.all([
    db('provider_communication_states').where({ provider_communication_id: n.pc.id }).first('status_provider'),
    db('provider_created_events').where({ communication_id: n.event.id }).first('supplier_name'),
    db('organizations').where({ id: n.pc.provider_organization_id! }).first('id', 'name'),
  ]);
  const o = org as { id: number; name: string };
  return {
    status_provider: ((state as { status_provider?: 'OPEN' | 'COMPLETED' } | undefined)?.status_provider ?? 'OPEN') as 'OPEN' | 'COMPLETED',
    isProviderCreated: Boolean(created),
    supplier_name: (created as { supplier_name: string | null } | undefined)?.supplier_name ?? null,
    allow_access: mayManageType(actor, n.event.type),
    site: Number(o.id) === actor.organizationId ? null : { id: Number(o.id), name: o.name },
  };
}

/** The provider's view of a provider communication: the notice (reused) plus the provider's own flags. */
export async function providerRecall(db: Knex, config: Config, actor: Actor, communicationId: number, pcId: number): Promise<ProviderView> {
  const n = await loadScopedNotice(db, actor, pcId, { communicationId });
  const view = await noticeView(db, config.jwtSecret, n);
  const x = await extras(db, actor, n);
  if (x.isProviderCreated) view.communication.supplier_name = x.supplier_name ?? '';
  return { ...view, status_provider: x.status_provider, isProviderCreated: x.isProviderCreated, allow_access: x.allow_access, site: x.site };
}

export async function summary(db: Knex, config: Config, actor: Actor, communicationId: number, pcId: number) {
  const view = await providerRecall(db, config, actor, communicationId, pcId);
  const required = view.actions.filter((a) => a.is_required && !a.is_disabled);
  const delegates = (await db('provider_delegates').where({ provider_communication_id: pcId, status: 'ACTIVE' }).count<{ n: number }[]>({ n: '*' }).first()) as { n: number };
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
  const view = await providerRecall(db, config, actor, communicationId, pcId);
  return view.actions.map((a) => ({
    action_id: a.id, action_type: a.action_type, title: a.title, is_required: a.is_required, status: a.response?.status ?? 'NA',
    value: a.response?.value ?? null, responder_email: a.response?.responder_email ?? null, submitted_at: a.response?.submitted_at ?? null,
    updated_at: a.response?.updated_at ?? null, files: a.files,
  }));
}

export async function histories(db: Knex, actor: Actor, communicationId: number, pcId: number) {
  await loadScopedNotice(db, actor, pcId, { communicationId });
  return noticeHistory(db, pcId);
}

/** Change history (post-approval edits) of an event the provider received. */
export async function changeHistory(db: Knex, actor: Actor, communicationId: number, pcId: number) {
  await loadScopedNotice(db, actor, pcId, { communicationId });
  return (await listHistory(db, communicationId, { changesOnly: true })).filter((h) => h.provider_communication_id === null || Number(h.provider_communication_id) === pcId);
}

// ---------- writes ----------

/** Moves a provider communication to the provider itself or one of its sites (GET /:id/switch-sites/:x). */
export async function switchSite(db: Knex, actor: Actor, pcId: number, organizationId: number) {
  return db.transaction(async (trx) => {
    const n = await loadScopedNotice(trx, actor, pcId, { forUpdate: true });
    if (!n.scope.includes(organizationId)) throw new NotFoundError('Site not found.');
    const before = Number(n.pc.provider_organization_id);
    if (before === organizationId) return { id: pcId, organization_id: organizationId };
    await trx('provider_communications').where({ id: pcId }).update({ provider_organization_id: organizationId, updated_at: trx.fn.now() });
    await trx('provider_responses').where({ provider_communication_id: pcId }).update({ provider_organization_id: organizationId });
    await appendHistory(trx, actor, {
      communicationId: n.event.id, organizationId: n.event.organization_id, providerCommunicationId: pcId, action: 'SITE_SWITCHED',
      entityType: 'provider_communication', entityId: pcId, before: { provider_organization_id: before }, after: { provider_organization_id: organizationId },
    });
    return { id: pcId, organization_id: organizationId };
  });
}

/**
 * The provider's complete flag (PUT /:id/change-status/:x, body { status }). COMPLETED needs every required action
 * submitted on a supplier's event (a provider-created event may be completed at any time); a closed event cannot change.
 */
export async function changeStatus(db: Knex, actor: Actor, communicationId: number, pcId: number, status: 'OPEN' | 'COMPLETED') {
  return db.transaction(async (trx) => {
    const n = await loadScopedNotice(trx, actor, pcId, { communicationId, forUpdate: true });
    if (n.pc.status !== 'OPEN' || n.event.status !== 'OPEN') throw new ConflictError('This event is closed and can no longer be answered.', 'EVENT_CLOSED');
    const created = await trx('provider_created_events').where({ communication_id: n.event.id }).first('communication_id');
    if (status === 'COMPLETED' && !created && n.pc.response_status !== 'COMPLETED') {
      throw new BusinessRuleError('Every required action must be answered before the event can be marked completed.', 'RESPONSE_INCOMPLETE');
    }
    const current = (await trx('provider_communication_states').where({ provider_communication_id: pcId }).first('status_provider')) as { status_provider: string } | undefined;
    const before = current?.status_provider ?? 'OPEN';
    await trx('provider_communication_states').insert({ provider_communication_id: pcId, organization_id: n.pc.provider_organization_id, status_provider: status, updated_by: actor.userId })
      .onConflict('provider_communication_id').merge({ status_provider: status, updated_by: actor.userId, updated_at: trx.fn.now() });
    await appendHistory(trx, actor, {
      communicationId: n.event.id, organizationId: n.event.organization_id, providerCommunicationId: pcId, action: 'PROVIDER_STATUS_CHANGED',
      entityType: 'provider_communication', entityId: pcId, before: { status_provider: before }, after: { status_provider: status },
    });
    return { id: pcId, status_provider: status, response_status: n.pc.response_status };
  });
}

/** Records that the provider reviewed or updated its handling of the notification (notification history). */
export async function updateNotification(db: Knex, actor: Actor, communicationId: number, pcId: number, note: string | undefined) {
  return db.transaction(async (trx) => {
    const n = await loadScopedNotice(trx, actor, pcId, { communicationId });
    await appendHistory(trx, actor, {
      communicationId: n.event.id, organizationId: n.event.organization_id, providerCommunicationId: pcId, action: 'NOTIFICATION_UPDATED',
      entityType: 'provider_communication', entityId: pcId, after: { note: note ?? null },
    });
    return noticeHistory(trx, pcId);
  });
}

/**
 * Notifies the provider's own users about a provider communication (PUT /:id/send-notification/:a/:b): `target` 0 means the
 * provider and all its sites, otherwise one organisation of the scope. Recipients are active users whose role may see the type.
 */
export async function sendInternalNotification(db: Knex, config: Config, actor: Actor, communicationId: number, pcId: number, target: number, message: string | undefined) {
  return db.transaction(async (trx) => {
    const n = await loadScopedNotice(trx, actor, pcId, { communicationId });
    const orgs = target === 0 ? n.scope : n.scope.filter((id) => id === target);
    if (!orgs.length) throw new NotFoundError('Site not found.');
    const emails = (await trx('memberships as m').join('users as u', 'u.id', 'm.user_id').join('role_permissions as rp', 'rp.role_id', 'm.role_id')
      .whereIn('m.organization_id', orgs).where({ 'm.status': 'ACTIVE', 'rp.permission': PROVIDER_PERMISSION_OF_TYPE[n.event.type] })
      .whereIn('u.status', ['VERIFIED', 'SSO']).whereNot('u.id', actor.userId).distinct('u.email').pluck('u.email')) as string[];
    if (!emails.length) throw new BusinessRuleError('Nobody else in this organisation can receive this event type.', 'NO_RECIPIENT');
    const kind = n.event.type === 'RECALL' ? 'Recall' : 'Supply advisory';
    const path = n.event.type === 'RECALL' ? `/provider/recalls/view/${communicationId}/${pcId}` : `/provider/product-disruption/view/${communicationId}/${pcId}`;
    for (const to of emails) {
      await enqueueEmail(trx, {
        organizationId: actor.organizationId, kind: 'PROVIDER_NOTIFICATION', to, subject: `${kind}: ${n.event.name}`, referenceType: 'provider_communication', referenceId: pcId,
        text: [`${actor.email} asks you to look at the ${kind.toLowerCase()} "${n.event.name}".`, ...(message ? [message] : []), `Sign in to open it: ${config.appUrl}${path}`].join('\n\n'),
      });
    }
    await appendHistory(trx, actor, {
      communicationId: n.event.id, organizationId: n.event.organization_id, providerCommunicationId: pcId, action: 'NOTIFICATION_FORWARDED',
      entityType: 'provider_communication', entityId: pcId, after: { recipients: emails.length, organizations: orgs },
    });
    return { emails_queued: emails.length };
  });
}

/** Does the email belong to the provider's domain (GET /valid-domain/emailid/:a/:b: a = organisation id, b = email)? */
export async function validDomain(db: Knex, actor: Actor, organizationId: number, email: string) {
  const scope = await scopeIds(db, actor);
  if (!scope.includes(organizationId)) throw new NotFoundError('Organization not found.');
  const org = (await db('organizations').where({ id: organizationId }).first('domain', 'parent_id')) as { domain: string | null; parent_id: number | null };
  const domains = [org.domain];
  if (org.parent_id !== null) domains.push(((await db('organizations').where({ id: org.parent_id }).first('domain')) as { domain: string | null }).domain);
  const at = email.trim().toLowerCase().split('@');
  if (at.length !== 2 || !at[1]) throw new ValidationError('Email not valid');
  const valid = domains.some((d) => d && d.toLowerCase() === at[1]);
  return { email: email.trim().toLowerCase(), domain: at[1], valid };
}

/** The supplier's contact for an event the provider received. */
export async function supplierContact(db: Knex, actor: Actor, communicationId: number) {
  const scope = await scopeIds(db, actor);
  const pc = (await db('provider_communications').where({ communication_id: communicationId }).whereIn('provider_organization_id', scope).whereNot({ status: 'DELETED' }).first('id', 'supplier_organization_id')) as
    | { id: number; supplier_organization_id: number } | undefined;
  if (!pc) throw new NotFoundError('Communication not found.');
  const n = await loadScopedNotice(db, actor, pc.id, { communicationId });
  const org = (await db('organizations').where({ id: pc.supplier_organization_id }).first('id', 'name', 'email', 'phone', 'address1', 'address2', 'city', 'state', 'zip')) as Record<string, unknown>;
  return { supplier: org, contact_name: n.event.contact_name, contact_email: n.event.contact_email, contact_phone: n.event.contact_phone };
}

export async function supportingDocuments(db: Knex, config: Config, actor: Actor, communicationId: number) {
  const scope = await scopeIds(db, actor);
  const pc = (await db('provider_communications').where({ communication_id: communicationId }).whereIn('provider_organization_id', scope).whereNot({ status: 'DELETED' }).first('id')) as { id: number } | undefined;
  if (!pc) throw new NotFoundError('Communication not found.');
  await loadScopedNotice(db, actor, pc.id, { communicationId });
  const rows = (await db('communication_documents').where({ communication_id: communicationId, kind: 'SUPPORTING' }).whereNull('deleted_at').orderBy('id')) as
    { id: number; name: string; extension: string; mimetype: string; size: number; file_key: string }[];
  return rows.map((d) => ({ id: d.id, name: d.name, extension: d.extension, type: d.mimetype, size: Number(d.size), ...signedUrls(config.jwtSecret, d.file_key, d.name) }));
}

// ---------- report history ----------

export async function addReportHistory(db: Knex, actor: Actor, communicationId: number, pcId: number, reportType: string) {
  return db.transaction(async (trx) => {
    await loadScopedNotice(trx, actor, pcId, { communicationId });
    const [row] = await trx('report_history').insert({ communication_id: communicationId, organization_id: actor.organizationId, report_type: reportType, created_by: actor.userId }).returning('*');
    await recordAudit(trx, actor, { organizationId: actor.organizationId, action: 'REPORT_HISTORY_ADDED', entityType: 'report_history', entityId: (row as { id: number }).id, after: { communicationId, reportType } });
    return row as Record<string, unknown>;
  });
}

export async function reportHistory(db: Knex, actor: Actor, communicationId: number, pcId: number, reportType: string) {
  await loadScopedNotice(db, actor, pcId, { communicationId });
  const q = db('report_history as r').leftJoin('users as u', 'u.id', 'r.created_by')
    .where({ 'r.communication_id': communicationId, 'r.organization_id': actor.organizationId }).orderBy('r.created_at', 'desc').orderBy('r.id', 'desc')
    .select('r.id', 'r.report_type', 'r.created_at', 'u.email as created_by_email');
  if (reportType !== 'all') q.where('r.report_type', reportType);
  return q;
}
