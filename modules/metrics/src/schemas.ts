import { idOrZeroSchema, idSchema } from '@portal/core';
import { METRIC_TYPES, PERIODS } from './services/figures.js';

/** Filters of every dashboard figure call; each is optional (the operator's whole platform, last 90 days). */
export const metricsQuery = {
  type: 'object',
  properties: {
    supplierId: idSchema,
    providerId: idSchema,
    type: { type: 'string', enum: [...METRIC_TYPES] },
    period: { type: 'string', enum: [...PERIODS] },
  },
} as const;

export const kpiMetaParams = {
  type: 'object',
  required: ['id'],
  properties: { id: idOrZeroSchema },
} as const;

const count = { type: 'integer' } as const;
const rate = { type: 'number' } as const;
const seconds = { type: ['integer', 'null'] } as const;
const named = {
  type: 'object',
  required: ['id', 'name'],
  properties: { id: count, name: { type: 'string' } },
} as const;
const option = {
  type: 'object',
  required: ['value', 'label'],
  properties: { value: { type: 'string' }, label: { type: 'string' } },
} as const;
const duration = {
  type: 'object',
  required: ['count', 'median', 'p90'],
  properties: { count, median: seconds, p90: seconds },
} as const;
const levelCounts = {
  type: 'object',
  required: ['A', 'B', 'C', 'D', 'E'],
  properties: { A: count, B: count, C: count, D: count, E: count },
} as const;
const level = { type: 'string', enum: ['A', 'B', 'C', 'D', 'E'] } as const;
const funnel = { sent: count, acknowledged: count, completed: count } as const;

/** The `d` of every figures call (documentation and web types; see docs/decisions.md "Response schemas"). */
export const metricsResponse = {
  type: 'object',
  required: [
    'scope',
    'events',
    'notices',
    'response_times',
    'emails',
    'slowest_providers',
    'effectiveness',
    'trend',
    'by_class',
  ],
  properties: {
    scope: {
      type: 'object',
      required: ['supplier_id', 'provider_id', 'type', 'period', 'from', 'to', 'granularity'],
      properties: {
        supplier_id: { type: ['integer', 'null'] },
        provider_id: { type: ['integer', 'null'] },
        type: { type: ['string', 'null'] },
        period: { type: 'string', enum: [...PERIODS] },
        from: { type: ['string', 'null'], format: 'date' },
        to: { type: 'string', format: 'date' },
        granularity: { type: 'string', enum: ['week', 'month'] },
      },
    },
    events: {
      type: 'object',
      required: ['unit', 'by_status', 'total'],
      properties: {
        unit: { type: 'string', enum: ['events', 'notices'] },
        by_status: { type: 'object', additionalProperties: count },
        total: count,
      },
    },
    notices: {
      type: 'object',
      required: ['sent', 'acknowledged', 'completed', 'acknowledgement_rate', 'completion_rate'],
      properties: { ...funnel, acknowledgement_rate: rate, completion_rate: rate },
    },
    response_times: {
      type: 'object',
      required: ['acknowledgement', 'completion'],
      properties: { acknowledgement: duration, completion: duration },
    },
    emails: {
      type: 'object',
      required: ['sent', 'delivered', 'opened', 'clicked', 'bounced', 'error'],
      properties: { sent: count, delivered: count, opened: count, clicked: count, bounced: count, error: count },
    },
    slowest_providers: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'name', 'sent', 'acknowledged', 'acknowledgement_rate', 'median_acknowledgement'],
        properties: {
          id: count,
          name: { type: 'string' },
          sent: count,
          acknowledged: count,
          acknowledgement_rate: rate,
          median_acknowledgement: seconds,
        },
      },
    },
    effectiveness: {
      type: ['object', 'null'],
      required: ['levels', 'recalls'],
      properties: {
        levels: levelCounts,
        recalls: {
          type: 'array',
          items: {
            type: 'object',
            required: ['id', 'name', 'event_id', 'supplier_id', 'supplier_name', 'consignees', 'acknowledged', 'level'],
            properties: {
              id: count,
              name: { type: 'string' },
              event_id: { type: ['string', 'null'] },
              supplier_id: count,
              supplier_name: { type: 'string' },
              consignees: count,
              acknowledged: count,
              level,
            },
          },
        },
      },
    },
    trend: {
      type: 'array',
      items: {
        type: 'object',
        required: ['start', 'sent', 'acknowledged', 'completed'],
        properties: { start: { type: 'string', format: 'date' }, ...funnel },
      },
    },
    by_class: {
      type: 'array',
      items: {
        type: 'object',
        required: ['classification', 'events', 'sent', 'acknowledged', 'completed'],
        properties: { classification: { type: 'string' }, events: count, ...funnel },
      },
    },
  },
} as const;

export const kpiMetaResponse = {
  type: 'object',
  required: ['suppliers', 'providers', 'types', 'periods'],
  properties: {
    suppliers: { type: 'array', items: named },
    providers: { type: 'array', items: named },
    types: { type: 'array', items: option },
    periods: { type: 'array', items: option },
  },
} as const;
