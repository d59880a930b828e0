import type { Knex } from 'knex';
import { type Actor, type ListPage, type ListSpec, parseListQuery, runList, type RowOf } from '@portal/core';
import { organizationsView } from '@portal/organizations';
import type { customerRowSchema } from '../communication-progress-output-schemas.js';
import { loadOwnCommunication } from './access.js';
import { OVERDUE_SQL } from './health-systems.js';

/** GET /supplier/communications/:id/customers: an event's customers with their notice's progress (paged). */
const customerList: ListSpec = {
  fields: {
    id: 'c.id',
    name: 'c.name',
    source: 'c.source',
    created_at: 'c.created_at',
    status: 'pc.response_status',
    due_date: 'pc.due_date',
  },
  searchColumns: ['c.name', 'c.emails'],
  defaultSort: [{ column: 'c.name', direction: 'asc' }],
};

export type CustomerRow = RowOf<typeof customerRowSchema>;

export async function listCustomers(
  db: Knex,
  actor: Actor,
  id: number,
  raw: Record<string, unknown> & { overdue?: number; parentId?: number },
): Promise<ListPage<CustomerRow>> {
  await loadOwnCommunication(db, actor, id);
  const query = parseListQuery(raw, customerList);
  const base = db('communication_affected_customers as c')
    .leftJoin('provider_communications as pc', 'pc.affected_customer_id', 'c.id')
    .where({ 'c.communication_id': id, 'c.organization_id': actor.organizationId, 'c.status': 'ACTIVE' });
  // overdue=1: open, not completed, past the due date; parentId: the sites of one health system.
  if (raw.overdue === 1) base.whereRaw(OVERDUE_SQL);
  if (raw.parentId !== undefined)
    base.whereIn(
      'c.provider_organization_id',
      db.from(organizationsView(db).as('o')).where('o.parent_id', raw.parentId).select('o.id'),
    );
  return runList<CustomerRow>(
    base,
    query,
    customerList,
    'c.id',
    (qb) =>
      qb.select(
        'c.id',
        'c.name',
        'c.emails',
        'c.source',
        'c.provider_organization_id',
        'pc.id as provider_communication_id',
        'pc.sent_at',
        'pc.acknowledged_at',
        'pc.response_status',
        'pc.completed_at',
        'pc.due_date',
        db.raw(`coalesce(${OVERDUE_SQL}, false) AS overdue`),
        'pc.not_affected_reason',
      ),
    'c.updated_at',
  );
}
