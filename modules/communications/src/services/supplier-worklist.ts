import type { Knex } from 'knex';
import type { Actor, RowOf } from '@portal/core';
import { outboxView } from '@portal/notifications';
import { COMMUNICATION_TYPES, type CommunicationType, PERMISSION_OF_TYPE } from '../constants.js';
import { OVERDUE_SQL } from './health-systems.js';
import type { bouncedRecallRowSchema, overdueRecallRowSchema } from '../attention-schemas.js';

/*
 * The supplier's worklist groups this module can answer on its own (the conversations' group is the conversations
 * module's; the reports module composes the three at GET /supplier/worklist). Each group is the caller's own open events
 * of the types its role manages, most urgent first, at most `limit` rows.
 */

export type OverdueRecallRow = RowOf<typeof overdueRecallRowSchema>;
export type BouncedRecallRow = RowOf<typeof bouncedRecallRowSchema>;

/** The event types the caller may work on (a supplier role may hold either permission or both). */
export function managedTypes(actor: Actor): CommunicationType[] {
  return COMMUNICATION_TYPES.filter((type) => actor.permissions.includes(PERMISSION_OF_TYPE[type]));
}

/**
 * Open events past their response due date with customers still not completed, Class I first, then the oldest due
 * date. Reads the caller's open events due before today (communications_list_idx), then counts each one's overdue
 * customers through provider_communications_supplier_idx (supplier, event, response status).
 */
export async function overdueRecalls(db: Knex, actor: Actor, limit: number): Promise<OverdueRecallRow[]> {
  const types = managedTypes(actor);
  if (!types.length) return [];
  const events = db('communications as c')
    .where({ 'c.organization_id': actor.organizationId, 'c.status': 'OPEN' })
    .whereIn('c.type', types)
    .whereRaw('c.response_due_date < current_date')
    .select(
      'c.id as communication_id',
      'c.type',
      'c.name',
      'c.event_id',
      'c.classification',
      'c.response_due_date as due_date',
      db.raw('communication_class_rank(c.classification) AS class_rank'),
      db.raw(
        `(SELECT count(*)::int FROM provider_communications pc
           WHERE pc.supplier_organization_id = c.organization_id AND pc.communication_id = c.id
             AND ${OVERDUE_SQL}) AS overdue_customers`,
      ),
    );
  return (await db
    .from(events.as('e'))
    .where('e.overdue_customers', '>', 0)
    .orderBy([{ column: 'e.class_rank' }, { column: 'e.due_date' }, { column: 'e.communication_id' }])
    .limit(limit)
    .select(
      'e.communication_id',
      'e.type',
      'e.name',
      'e.event_id',
      'e.classification',
      'e.due_date',
      'e.overdue_customers',
    )) as OverdueRecallRow[];
}

/**
 * Open events with recipient addresses whose latest notice or reminder email bounced (as the delivery tab counts
 * them: the address's newest NOTICE or NOTICE_REMINDER email is a Bounce), most bounces first. Starts from the caller's
 * bounced emails (outbox_emails_bounced_idx, a partial index: bounces are few), checks that no later email went to the
 * same address of the same notice (outbox_emails_recipient_idx), and keeps those of open notices of open events.
 */
export async function bouncedRecipients(db: Knex, actor: Actor, limit: number): Promise<BouncedRecallRow[]> {
  const types = managedTypes(actor);
  if (!types.length) return [];
  const kinds = ['NOTICE', 'NOTICE_REMINDER'];
  return (await db
    .from(outboxView(db).as('o'))
    .join('provider_communications as pc', 'pc.id', 'o.provider_communication_id')
    .join('communications as c', 'c.id', 'pc.communication_id')
    .where({ 'o.organization_id': actor.organizationId, 'o.status': 'Bounce' })
    .whereIn('o.kind', kinds)
    .whereNotExists((q) =>
      q
        .from(outboxView(db).as('n'))
        .whereRaw('n.provider_communication_id = o.provider_communication_id')
        .whereRaw('n.to_email = o.to_email')
        .whereRaw('n.id > o.id')
        .whereIn('n.kind', kinds),
    )
    .where({
      'pc.supplier_organization_id': actor.organizationId,
      'pc.status': 'OPEN',
      'c.organization_id': actor.organizationId,
      'c.status': 'OPEN',
    })
    .whereIn('c.type', types)
    .groupBy('c.id', 'c.type', 'c.name')
    .orderByRaw('count(DISTINCT (o.provider_communication_id, o.to_email)) DESC, c.id')
    .limit(limit)
    .select(
      'c.id as communication_id',
      'c.type',
      'c.name',
      db.raw('count(DISTINCT (o.provider_communication_id, o.to_email))::int AS bounced'),
    )) as BouncedRecallRow[];
}
