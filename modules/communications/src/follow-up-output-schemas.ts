import { count, dateTime, id, nullable, nullableId, nullableText, text } from './output-schema-parts.js';

/** Issue 33: the answers of the supplier's follow-up calls (documentation and the web's generated types). */

/** One of the supplier's follow-up tasks on an event (an internal action; never shown to providers). */
export const internalActionSchema = {
  type: 'object',
  required: [
    'id',
    'organization_id',
    'communication_id',
    'provider_communication_id',
    'title',
    'description',
    'assignee_email',
    'due_date',
    'status',
    'created_by',
    'created_at',
    'updated_at',
  ],
  properties: {
    id,
    organization_id: id,
    communication_id: id,
    /** The customer's provider communication the task is about, or null for the whole event. */
    provider_communication_id: nullableId,
    title: text,
    description: nullableText,
    assignee_email: nullableText,
    due_date: nullable('string', { format: 'date' }),
    status: { type: 'string', enum: ['OPEN', 'COMPLETED', 'DELETED'] },
    created_by: nullableId,
    created_at: dateTime,
    updated_at: dateTime,
  },
} as const;

/** GET /{id}/internalaction: the event's tasks (deleted ones left out), by due date. */
export const internalActionsSchema = { type: 'array', items: internalActionSchema } as const;

/** POST /{id}/postupdate: the fields that changed, how many products were added and how many emails went out. */
export const postUpdateResultSchema = {
  type: 'object',
  required: ['changed', 'products_added', 'emails_queued'],
  properties: {
    changed: { type: 'array', items: text },
    products_added: count,
    emails_queued: count,
  },
} as const;

/** PUT /{id}/remove-locations: how many customers and affected locations were removed. */
export const removedRecipientsSchema = {
  type: 'object',
  required: ['removed_customers', 'removed_locations'],
  properties: { removed_customers: count, removed_locations: count },
} as const;
