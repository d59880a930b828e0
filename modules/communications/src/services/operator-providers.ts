import type { Knex } from 'knex';
import {
  type Actor,
  type ListPage,
  type ListSpec,
  NotFoundError,
  parseListQuery,
  runList,
  type RowOf,
} from '@portal/core';
import { organizationsView } from '@portal/organizations';
import { Communication } from '../models/Communication.js';
import { OVERDUE_SQL } from './health-systems.js';
import { assertOperator } from './operator-communications.js';
import { operatorProviderRowSchema } from '../attention-schemas.js';

export type OperatorProviderRow = RowOf<typeof operatorProviderRowSchema>;

/** The row's columns, as the list selects them (`d`, the rows below): every field sorts and filters by its own name. */
const COLUMNS = operatorProviderRowSchema.required;

const providerList: ListSpec = {
  fields: Object.fromEntries(COLUMNS.map((c) => [c, `d.${c}`])),
  searchColumns: ['d.provider_name', 'd.site_name', 'd.acknowledged_by'],
  // The event's provider communications in id order: provider_communications_report_idx (supplier, event, id).
  defaultSort: [{ column: 'd.id', direction: 'asc' }],
  indexedSorts: ['id:asc', 'id:desc'],
};

/**
 * GET /notisphere/communications/:id/providers: every provider communication of any supplier's event, one row per
 * receiver with its health system and site, acknowledgement, answer ("not affected" with its reason), due date and
 * whether it is overdue. Read-only and not audited (names and statuses, like the operator's other lists).
 */
export async function listOperatorProviders(
  db: Knex,
  actor: Actor,
  id: number,
  raw: object,
): Promise<ListPage<OperatorProviderRow>> {
  assertOperator(actor);
  const event = await Communication.query(db).findById(id).whereNot({ status: 'DELETED' }).first();
  if (!event) throw new NotFoundError('COMMUNICATION_NOT_FOUND');
  const query = parseListQuery(raw, providerList);
  // The receiver is a site (s, with its health system p) or an organisation of its own (s, no parent); a plain
  // sub-query, which PostgreSQL pulls up, so the default order still walks the event's provider communications by id.
  const rows = db('provider_communications as pc')
    .join('communication_affected_customers as c', 'c.id', 'pc.affected_customer_id')
    .leftJoin(organizationsView(db).as('s'), 's.id', 'pc.provider_organization_id')
    .leftJoin(organizationsView(db).as('p'), 'p.id', 's.parent_id')
    .where({ 'pc.supplier_organization_id': event.organization_id, 'pc.communication_id': id })
    .whereNot('pc.status', 'DELETED')
    .select(
      'pc.id',
      db.raw('coalesce(p.id, s.id) AS provider_id'),
      db.raw('coalesce(p.name, s.name, c.name) AS provider_name'),
      db.raw('CASE WHEN p.id IS NOT NULL THEN s.id END AS site_id'),
      db.raw('CASE WHEN p.id IS NOT NULL THEN s.name END AS site_name'),
      'pc.status',
      'pc.acknowledged_at',
      'pc.acknowledged_by',
      'pc.response_status',
      'pc.not_affected_reason',
      'pc.not_affected_at',
      'pc.due_date',
      db.raw(`${OVERDUE_SQL} AS overdue`),
      'pc.completed_at',
      'pc.updated_at',
    );
  // Unfiltered, the total and "last updated" are the event's provider communications alone, without the joins.
  const own = () =>
    db('provider_communications as pc')
      .where({ 'pc.supplier_organization_id': event.organization_id, 'pc.communication_id': id })
      .whereNot('pc.status', 'DELETED');
  return runList<OperatorProviderRow>(
    db.from(rows.as('d')),
    query,
    providerList,
    'd.id',
    (qb) => qb.select(COLUMNS.map((c) => `d.${c}`)),
    'd.updated_at',
    { total: own().count({ n: '*' }), latest: own().max({ latest: 'pc.updated_at' }) },
  );
}
