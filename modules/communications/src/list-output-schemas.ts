import { listPageSchema } from '@portal/core';
import {
  communicationStatus,
  communicationTypeSchema,
  count,
  dateTime,
  id,
  nullable,
  nullableDateTime,
} from './output-schema-parts.js';

/** A row of the supplier's list of events, with its counts (CommunicationListRow). */
export const communicationListRowSchema = {
  type: 'object',
  required: [
    'id',
    'name',
    'event_id',
    'type',
    'subtype',
    'status',
    'classification',
    'event_date',
    'response_due_date',
    'created_at',
    'updated_at',
    'approved_at',
    'customers_count',
    'acknowledged_count',
    'completed_count',
    'sent_count',
  ],
  properties: {
    id,
    name: { type: 'string' },
    event_id: nullable('string'),
    type: communicationTypeSchema,
    subtype: nullable('string'),
    status: communicationStatus,
    classification: nullable('string'),
    event_date: nullable('string'),
    /** Issue 32: when recipients should have answered (null until set, at the latest when it is sent). */
    response_due_date: nullable('string', { format: 'date' }),
    created_at: dateTime,
    updated_at: dateTime,
    approved_at: nullableDateTime,
    customers_count: count,
    acknowledged_count: count,
    completed_count: count,
    sent_count: count,
  },
} as const;

export const communicationListPageSchema = listPageSchema(communicationListRowSchema);

/** A row of the operator's list of every supplier's events: the supplier's row plus its supplier and provider progress. */
export const operatorCommunicationRowSchema = {
  ...communicationListRowSchema,
  required: [...communicationListRowSchema.required, 'organization_id', 'supplier_name', 'status_provider', 'fda'],
  properties: {
    ...communicationListRowSchema.properties,
    organization_id: id,
    supplier_name: { type: 'string' },
    status_provider: { type: ['string', 'null'], enum: ['COMPLETED', 'NOTCOMPLETED', null] },
    /** The FDA recalls the event names: the FDA's classification and status beside the event's own. */
    fda: {
      type: 'array',
      items: {
        type: 'object',
        required: ['recall_number', 'found', 'classification', 'status'],
        properties: {
          recall_number: { type: 'string' },
          found: { type: 'boolean' },
          classification: { type: ['string', 'null'] },
          status: { type: ['string', 'null'] },
        },
      },
    },
  },
} as const;

export const operatorCommunicationListPageSchema = listPageSchema(operatorCommunicationRowSchema);
