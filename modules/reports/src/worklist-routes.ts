import type { Knex } from 'knex';
import { type Actor, type ModuleDeps, type Route, route } from '@portal/core';
import {
  bouncedRecallRowSchema,
  bouncedRecipients,
  managedTypes,
  outputSchemas,
  overdueRecallRowSchema,
  overdueRecalls,
  SUPPLIER_EVENT_PERMISSIONS,
} from '@portal/communications';
import { unansweredConversations } from '@portal/conversations';

/** Each group of the worklist answers at most this many rows, most urgent first. */
export const WORKLIST_GROUP_LIMIT = 25;

const { answerId: id, communicationTypeSchema, dateTime } = outputSchemas;

/** The supplier's worklist: its open events with overdue customers, with bounced recipients, and unanswered threads. */
export const supplierWorklistSchema = {
  type: 'object',
  required: ['overdueRecalls', 'bouncedRecipients', 'unansweredConversations'],
  properties: {
    overdueRecalls: { type: 'array', items: overdueRecallRowSchema },
    bouncedRecipients: { type: 'array', items: bouncedRecallRowSchema },
    unansweredConversations: {
      type: 'array',
      items: {
        type: 'object',
        required: [
          'conversation_id',
          'communication_id',
          'type',
          'name',
          'provider_communication_id',
          'provider_name',
          'subject',
          'last_message_at',
        ],
        properties: {
          conversation_id: id,
          communication_id: id,
          type: communicationTypeSchema,
          name: { type: 'string' },
          provider_communication_id: id,
          provider_name: { type: 'string' },
          subject: { type: 'string' },
          last_message_at: dateTime,
        },
      },
    },
  },
} as const;

/**
 * The three groups, each of the caller's own open events of the types its role manages. Composed here because the
 * reports module may import both owners: communications (overdue customers, bounced recipients, with notifications'
 * outbox view) and conversations (who spoke last), and conversations already imports communications.
 */
export async function supplierWorklist(db: Knex, actor: Actor) {
  const types = managedTypes(actor);
  const [overdue, bounced, unanswered] = await Promise.all([
    overdueRecalls(db, actor, WORKLIST_GROUP_LIMIT),
    bouncedRecipients(db, actor, WORKLIST_GROUP_LIMIT),
    unansweredConversations(db, actor.organizationId, types, WORKLIST_GROUP_LIMIT),
  ]);
  return { overdueRecalls: overdue, bouncedRecipients: bounced, unansweredConversations: unanswered };
}

/** GET /supplier/worklist: what needs the supplier's attention (the dashboard's "Needs attention"). */
export function supplierWorklistRoutes({ db }: ModuleDeps): Route[] {
  return [
    route({
      method: 'GET',
      path: '/supplier/worklist',
      access: SUPPLIER_EVENT_PERMISSIONS,
      tags: ['supplier reports'],
      summary:
        "What needs attention: open events with overdue customers, with bounced recipients, and conversations whose last message is the provider's (at most 25 each, most urgent first)",
      schema: { response: supplierWorklistSchema },
      readOnly: true,
      handler: ({ actor }) => supplierWorklist(db, actor),
    }),
  ];
}
