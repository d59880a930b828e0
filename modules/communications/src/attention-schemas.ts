import { idSchema, listPageSchema } from '@portal/core';
import { count, id, nullableDateTime, nullableId, nullableText, responseStatus, text } from './output-schema-parts.js';
import { communicationTypeSchema } from './output-schema-parts.js';
import { listQuery } from './schemas.js';

/**
 * What needs the supplier's attention and the operator's per-provider answers (issue 32): the customers list's
 * filters, the health systems of an event, the groups of the supplier's worklist, and the operator's per-provider rows.
 * "Overdue" = the notice is open, not completed, and its due date (the event's response due date) is before today.
 */

const nullableDate = { type: ['string', 'null'], format: 'date' } as const;
const date = { type: 'string', format: 'date' } as const;

/** GET /supplier/communications/:id/customers: the list query, only the overdue ones, only one health system's sites. */
export const customersQuery = {
  type: 'object',
  properties: {
    ...listQuery.properties,
    overdue: { type: 'integer', enum: [0, 1] },
    parentId: idSchema,
  },
} as const;

/** A health system whose sites received the event, with its sites' progress. */
export const healthSystemRowSchema = {
  type: 'object',
  required: ['provider_id', 'provider_name', 'sites', 'acknowledged', 'answered', 'not_affected', 'overdue'],
  properties: {
    provider_id: id,
    provider_name: text,
    /** Its sites among the event's customers. */
    sites: count,
    acknowledged: count,
    /** Completed, not counting "not affected" answers. */
    answered: count,
    not_affected: count,
    overdue: count,
  },
} as const;
export const healthSystemsSchema = { type: 'array', items: healthSystemRowSchema } as const;

/** An open event with customers past its response due date. */
export const overdueRecallRowSchema = {
  type: 'object',
  required: ['communication_id', 'type', 'name', 'event_id', 'classification', 'due_date', 'overdue_customers'],
  properties: {
    communication_id: id,
    type: communicationTypeSchema,
    name: text,
    event_id: nullableText,
    classification: nullableText,
    due_date: date,
    overdue_customers: count,
  },
} as const;

/** An open event with recipient addresses whose latest notice or reminder email bounced. */
export const bouncedRecallRowSchema = {
  type: 'object',
  required: ['communication_id', 'type', 'name', 'bounced'],
  properties: { communication_id: id, type: communicationTypeSchema, name: text, bounced: count },
} as const;

/** One provider communication of an event, for the operator: provider (health system), site, and its answer. */
export const operatorProviderRowSchema = {
  type: 'object',
  required: [
    'id',
    'provider_id',
    'provider_name',
    'site_id',
    'site_name',
    'status',
    'acknowledged_at',
    'acknowledged_by',
    'response_status',
    'not_affected_reason',
    'not_affected_at',
    'due_date',
    'overdue',
    'completed_at',
  ],
  properties: {
    id,
    /** The receiving organisation's health system, or the organisation itself; null for an address-only customer. */
    provider_id: nullableId,
    /** That organisation's name, or the customer's name for an address-only customer. */
    provider_name: text,
    /** The receiving site when the receiver is a site of a health system, else null. */
    site_id: nullableId,
    site_name: nullableText,
    status: { type: 'string', enum: ['OPEN', 'CLOSED'] },
    acknowledged_at: nullableDateTime,
    acknowledged_by: nullableText,
    response_status: responseStatus,
    not_affected_reason: nullableText,
    not_affected_at: nullableDateTime,
    due_date: nullableDate,
    overdue: { type: 'boolean' },
    completed_at: nullableDateTime,
  },
} as const;
export const operatorProviderPageSchema = listPageSchema(operatorProviderRowSchema);
