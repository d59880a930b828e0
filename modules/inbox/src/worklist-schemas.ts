import { listPageSchema, listQuerySchema, MAX_INT4 } from '@portal/core';
import { COMMUNICATION_TYPES } from '@portal/communications';
import { providerFilterProps } from './schemas.js';
import {
  answerId,
  communicationTypeSchema,
  count,
  nullable,
  nullableDateTime,
  nullableString,
  str,
} from './output-schema-parts.js';

/** ajv schemas of the provider's worklist and its by-recall view (issue 32). */

export const WORKLIST_SECTIONS = ['unacknowledged', 'awaiting', 'overdue', 'delegated', 'assigned'] as const;

/**
 * The worklist's totals and counts, and the by-recall view's totals, stop here ("more than"), and their pages end here:
 * what needs attention past a thousand items is narrowed with the lists' filters, and counting further would cost more
 * than the page (every notice of a large health system read for a badge).
 */
export const ATTENTION_CAP = 1_000;

export const worklistQuery = {
  type: 'object',
  required: ['section'],
  properties: {
    section: { type: 'string', enum: [...WORKLIST_SECTIONS] },
    pageNumber: { type: 'integer', minimum: 1, maximum: MAX_INT4, default: 1 },
    pageSize: { type: 'integer', minimum: 1, maximum: 100, default: 20 },
  },
} as const;

/** Sorts of the by-recall view (one row per event). */
export const BY_RECALL_SORTS = ['sent_at', 'due_date', 'name'] as const;

export const byRecallQuery = {
  type: 'object',
  properties: {
    ...listQuerySchema.properties,
    sortField: { type: 'string', enum: [...BY_RECALL_SORTS] },
    sortDirection: { type: 'string', enum: ['asc', 'desc'] },
    communicationType: { type: 'string', enum: [...COMMUNICATION_TYPES] },
    ...providerFilterProps,
  },
} as const;

// ---- answers (documentation and the web's types; never validated at runtime) ----

const dateOnly = { type: ['string', 'null'], format: 'date' } as const;
const daysLeft = nullable('integer');

/** A notice of a worklist section (`id` is the provider communication). */
export const worklistItem = {
  type: 'object',
  required: [
    'id',
    'communication_id',
    'name',
    'event_id',
    'type',
    'classification',
    'supplier_name',
    'site_id',
    'site_name',
    'due_date',
    'days_left',
    'overdue',
    'acknowledged_at',
    'response_status',
    'owner_id',
    'owner_name',
    'delegate_email',
    'delegated_at',
    'sent_at',
  ],
  properties: {
    id: answerId,
    communication_id: answerId,
    name: str,
    event_id: nullableString,
    type: communicationTypeSchema,
    classification: nullableString,
    supplier_name: nullableString,
    site_id: nullable('integer'),
    site_name: nullableString,
    /** The event's response-due date; days_left is negative past it, null without one. */
    due_date: dateOnly,
    days_left: daysLeft,
    overdue: { type: 'boolean' },
    acknowledged_at: nullableDateTime,
    response_status: { type: 'string', enum: ['NOTCOMPLETED', 'COMPLETED'] },
    owner_id: nullable('integer'),
    owner_name: nullableString,
    /** The section `delegated` only: the newest delegation still waiting for its delegate. */
    delegate_email: nullableString,
    delegated_at: nullableDateTime,
    sent_at: nullableDateTime,
  },
} as const;

export const worklistPage = listPageSchema(worklistItem);

export const worklistCounts = {
  type: 'object',
  required: ['unacknowledged', 'awaiting', 'overdue', 'delegated', 'assigned', 'capped'],
  properties: {
    unacknowledged: count,
    awaiting: count,
    overdue: count,
    delegated: count,
    assigned: count,
    /** The sections whose count stopped at the cap (1,000): "more than". */
    capped: { type: 'array', items: { type: 'string', enum: [...WORKLIST_SECTIONS] } },
  },
} as const;

/** One event across the caller's organisation and its sites. */
export const byRecallRow = {
  type: 'object',
  required: [
    'communication_id',
    'name',
    'event_id',
    'type',
    'classification',
    'supplier_name',
    'due_date',
    'days_left',
    'sent_at',
    'sites',
    'acknowledged_sites',
    'answered_sites',
    'not_affected_sites',
    'overdue_sites',
    'status',
  ],
  properties: {
    communication_id: answerId,
    name: str,
    event_id: nullableString,
    type: communicationTypeSchema,
    classification: nullableString,
    supplier_name: nullableString,
    due_date: dateOnly,
    days_left: daysLeft,
    /** When the newest of its notices reached the organisation or a site. */
    sent_at: nullableDateTime,
    /** Its notices (one per receiving organisation, as a rule) that match the query. */
    sites: count,
    acknowledged_sites: count,
    /** Completed by answering (not "not affected"). */
    answered_sites: count,
    not_affected_sites: count,
    overdue_sites: count,
    status: { type: 'string', enum: ['OPEN', 'CLOSED'] },
  },
} as const;

export const byRecallPage = listPageSchema(byRecallRow);

export const recallSiteList = {
  type: 'array',
  items: {
    type: 'object',
    required: [
      'id',
      'site_id',
      'site_name',
      'acknowledged_at',
      'acknowledged_by',
      'response_status',
      'not_affected_reason',
      'due_date',
      'days_left',
      'overdue',
      'owner_id',
      'owner_name',
    ],
    properties: {
      id: answerId,
      /** Null for the caller's own organisation. */
      site_id: nullable('integer'),
      site_name: nullableString,
      acknowledged_at: nullableDateTime,
      acknowledged_by: nullableString,
      response_status: { type: 'string', enum: ['NOTCOMPLETED', 'COMPLETED'] },
      not_affected_reason: nullableString,
      due_date: dateOnly,
      days_left: daysLeft,
      overdue: { type: 'boolean' },
      owner_id: nullable('integer'),
      owner_name: nullableString,
    },
  },
} as const;
