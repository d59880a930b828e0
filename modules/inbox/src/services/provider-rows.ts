import type { Knex } from 'knex';
import { organizationsView, usersView } from '@portal/organizations';
import type { Actor, ListSpec } from '@portal/core';
import type { CommunicationType } from '@portal/communications';
import {
  actionsView,
  answersView,
  communicationsView,
  overdueSql,
  providerCommunicationsView,
} from '@portal/communications';
import { mayManageType } from './scope.js';
import type { Narrowing } from './provider-narrowing.js';

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
  /** The event's response-due date ('YYYY-MM-DD'), days left until it (negative past it) and whether it is overdue. */
  due_date: string | null;
  days_left: number | null;
  overdue: boolean;
  owner_id: number | null;
  owner_name: string | null;
  not_affected_reason: string | null;
  not_affected_by: string | null;
  not_affected_at: Date | null;
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
/** Past its due date while it and its event are open and it is unanswered (communications' one definition). */
export const OVERDUE_SQL = overdueSql('pc', 'c');
/** A user's name as the lists show people: first and last name, else the email. */
export const PERSON_NAME_SQL = (u: string) =>
  `coalesce(nullif(trim(concat_ws(' ', ${u}.first_name, ${u}.last_name)), ''), ${u}.email)`;
/** A provider-created event names its supplier itself (possibly none); a supplier's event names the sender. */
export const SUPPLIER_SQL = `CASE WHEN pce.communication_id IS NOT NULL THEN pce.supplier_name ELSE so.name END`;

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
  'due_date',
  'owner_name',
] as const;

/** Sort and filter fields (whitelisted); they name columns of the derived row table `pc`. */
export const listSpec: ListSpec = {
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

/*
 * The provider's own lists search through `Narrowing` (the event's name, event id and products off the trigram index,
 * the supplier's and site's names), as conditions on provider communications inside `rowsQuery`: their specs search no
 * column themselves. The operator's eR responses keep the columns above.
 */
export const providerListSpec: ListSpec = { ...listSpec, searchColumns: [] };
export const providerResponderSpec: ListSpec = { ...responderSpec, searchColumns: [] };

/**
 * The rows the provider received (own organisation and sites), as one derived table so every row field filters and sorts.
 * 'ALL' (the operator, read-only) drops the scope: every provider's rows, a site being any organisation with a parent, and
 * allow_access true.
 */
export function rowsQuery(
  db: Knex,
  actor: Actor,
  scope: number[] | 'ALL',
  responders = false,
  /** Only these provider communications: ids, a subquery of them, or SQL reading them (a CTE of the statement). */
  onlyIds?: number[] | Knex.QueryBuilder | Knex.Raw,
  /** The provider list's filters and search (with `responders`, the search also matches the responder's name). */
  narrowing?: Narrowing,
): Knex.QueryBuilder {
  const all = scope === 'ALL';
  const siteOf = all
    ? db.raw('po.parent_id IS NOT NULL')
    : db.raw('pc.provider_organization_id <> ?', [actor.organizationId]);
  const inner = db
    .from(providerCommunicationsView(db).as('pc'))
    .join(communicationsView(db).as('c'), 'c.id', 'pc.communication_id')
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
      'pc.due_date',
      db.raw('(pc.due_date - current_date) as days_left'),
      db.raw(`${OVERDUE_SQL} as overdue`),
      // Select-list subqueries, not joins: one more relation in the FROM list would stop the planner reordering the
      // joins of a page's ids (join_collapse_limit), and they are read for the rows kept only.
      db.raw(
        '(SELECT pco.user_id FROM provider_communication_owners pco WHERE pco.provider_communication_id = pc.id) as owner_id',
      ),
      db.raw(
        `(SELECT ${PERSON_NAME_SQL('ou')} FROM provider_communication_owners pco JOIN ? ou ON ou.id = pco.user_id
          WHERE pco.provider_communication_id = pc.id) as owner_name`,
        [usersView(db)],
      ),
      'pc.not_affected_reason',
      'pc.not_affected_by',
      'pc.not_affected_at',
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
  if (narrowing && !responders) narrowing.where(inner, 'pc');
  if (!responders) return db.from(inner.select('pc.response_status').as('pc'));
  // Each responding person's answers, grouped once for the whole scope, or only for the given rows (a page of the
  // default order).
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
    .modify((q) => {
      if (!narrowing) return;
      narrowing.filter(q, 'pc');
      const { searchTerms, pattern } = narrowing;
      // A row also matches by its responder's name.
      if (searchTerms)
        q.where((w) => {
          searchTerms(w, 'pc');
          w.orWhereRaw(`${RESPONDER_NAME_SQL} ILIKE ?`, [pattern]);
        });
    })
    .select(
      // Zero-padded so that ordering by row_key orders by provider communication first, as the default order does.
      db.raw(
        `lpad(pc.id::text, 19, '0') || ':' || coalesce('u' || rr.userid::text, 'e' || lower(rr.responder_email), '-') as row_key`,
      ),
      'rr.userid',
      'rr.responder_email',
      'rr.responded_at',
      db.raw(`${RESPONDER_NAME_SQL} as responder_name`),
      db.raw(`CASE WHEN rr.own_status IS NULL THEN pc.response_status
        WHEN rr.own_status = 'SUBMITTED' AND pc.response_status = 'COMPLETED' THEN 'COMPLETED' ELSE rr.own_status END as response_status`),
    );
  return db.from(inner.as('pc'));
}

const RESPONDER_NAME_SQL = `coalesce(nullif(trim(concat_ws(' ', ru.first_name, ru.last_name)), ''), ru.email, rr.responder_email)`;

/**
 * Each responding person's answers to provider communications, grouped by provider communication and user (link
 * answers by email), as a derived table `(SELECT …)` with provider_communication_id, userid, responder_email,
 * responded_at and own_status: one grouped pass over the answers (provider_responses' (provider_communication_id,
 * action_id) index), for the lists to hash-join, rather than one aggregate per row. A person's status is ERROR when
 * one of their drafts can no longer be submitted as is (its action was disabled since, or it picks an option the
 * action no longer offers), else DRAFT while any draft remains, else SUBMITTED. A removed action takes its answers
 * with it (ON DELETE CASCADE). The pass reads the answers to the provider communications of the given provider
 * organisations (`scope`), to the given provider communications (`ids`), or every answer (`all`), through
 * communications' read views (bound as `?`: PostgreSQL pulls them up, so the pass is the one over the tables).
 */
export function responderGroups(
  db: Knex,
  answersOf: { scope: number[] } | { ids: number[] } | { idsFrom: Knex.Raw } | 'all',
): Knex.Raw {
  const where =
    answersOf === 'all'
      ? ''
      : 'scope' in answersOf
        ? 'WHERE r.provider_communication_id IN (SELECT s.id FROM ? s WHERE s.provider_organization_id = ANY(?::bigint[]))'
        : 'ids' in answersOf
          ? 'WHERE r.provider_communication_id = ANY(?::bigint[])'
          : 'WHERE r.provider_communication_id = ANY(ARRAY(?))';
  const bindings =
    answersOf === 'all'
      ? []
      : 'scope' in answersOf
        ? [providerCommunicationsView(db), answersOf.scope]
        : ['ids' in answersOf ? answersOf.ids : answersOf.idsFrom];
  return db.raw(
    `(
  SELECT r.provider_communication_id, r.responder_user_id AS userid, min(r.responder_email) AS responder_email, max(r.updated_at) AS responded_at,
    CASE
      WHEN bool_or(r.status = 'DRAFT' AND (a.is_disabled OR (a.action_type IN ('Checkbox', 'MultipleChoice')
        AND NOT coalesce(r.value -> 'valueCheckbox', r.value -> 'valueMultiChoice', '[]'::jsonb) <@ a.options))) THEN 'ERROR'
      WHEN bool_or(r.status = 'DRAFT') THEN 'DRAFT'
      ELSE 'SUBMITTED'
    END AS own_status
  FROM ? r JOIN ? a ON a.id = r.action_id
  ${where}
  GROUP BY r.provider_communication_id, r.responder_user_id, CASE WHEN r.responder_user_id IS NULL THEN lower(r.responder_email) END
)`,
    [answersView(db), actionsView(db), ...bindings],
  );
}
