import { listPageSchema, listQuerySchema } from '@portal/core';
import { DELIVERY_STATUSES } from '@portal/notifications';
import { count, id, nullableDateTime, nullableText, responseStatus, text } from './output-schema-parts.js';
import { DELIVERY_FILTERS } from './services/deliveries.js';
import { DUE_DAYS, INTERVAL_HOURS, MAX_REMINDERS, REMINDER_PLANS } from './services/reminder-plans.js';

/** Reminder plans, an event's reminders and its deliveries: requests and answers. */
const plan = { type: 'string', enum: [...REMINDER_PLANS] } as const;
const intervalHours = { type: 'integer', ...INTERVAL_HOURS } as const;
const maxReminders = { type: 'integer', ...MAX_REMINDERS } as const;
/** Issue 32: days from the send date to the response-due date of an event sent without one. */
const dueDays = { type: 'integer', ...DUE_DAYS } as const;
/** Issue 32: hours between reminders once the due date has passed; null = the plan's interval goes on. */
const overdueIntervalHours = { type: ['integer', 'null'], ...INTERVAL_HOURS } as const;

/** PUT /supplier/reminder-plans: the plans to set (the others stay as they are). */
export const reminderPlansBody = {
  type: 'object',
  required: ['items'],
  properties: {
    items: {
      type: 'array',
      maxItems: REMINDER_PLANS.length,
      items: {
        type: 'object',
        required: ['plan', 'interval_hours', 'max_reminders'],
        properties: {
          plan,
          interval_hours: intervalHours,
          max_reminders: maxReminders,
          /** Left out: unchanged; null: the built-in days for the plan. */
          due_days: { type: ['integer', 'null'], ...DUE_DAYS },
          /** Left out: unchanged; null: no shorter interval after the due date. */
          overdue_interval_hours: overdueIntervalHours,
        },
      },
    },
  },
} as const;

/** GET and PUT /supplier/reminder-plans: every plan, the organisation's or the built-in one. */
export const reminderPlansSchema = {
  type: 'object',
  required: ['items'],
  properties: {
    items: {
      type: 'array',
      items: {
        type: 'object',
        required: ['plan', 'interval_hours', 'max_reminders', 'due_days', 'overdue_interval_hours', 'is_default'],
        properties: {
          plan,
          interval_hours: intervalHours,
          max_reminders: maxReminders,
          due_days: dueDays,
          overdue_interval_hours: overdueIntervalHours,
          is_default: { type: 'boolean' },
        },
      },
    },
  },
} as const;

/** PUT /supplier/communications/{id}/reminders: null puts a value back to the organisation's (or built-in) plan. */
export const communicationRemindersBody = {
  type: 'object',
  properties: {
    interval_hours: { type: ['integer', 'null'], ...INTERVAL_HOURS },
    max_reminders: { type: ['integer', 'null'], ...MAX_REMINDERS },
    paused: { type: 'boolean' },
  },
} as const;

/** GET and PUT /supplier/communications/{id}/reminders. */
export const communicationRemindersSchema = {
  type: 'object',
  required: [
    'plan',
    'interval_hours',
    'max_reminders',
    'paused',
    'source',
    'overdue_interval_hours',
    'current_interval_hours',
    'next_reminder_at',
    'reminders_sent',
  ],
  properties: {
    plan,
    interval_hours: intervalHours,
    max_reminders: maxReminders,
    paused: { type: 'boolean' },
    source: { type: 'string', enum: ['event', 'organization', 'default'] },
    overdue_interval_hours: overdueIntervalHours,
    /** The hours between reminders now: `interval_hours`, or the shorter overdue interval once the due date passed. */
    current_interval_hours: intervalHours,
    next_reminder_at: nullableDateTime,
    reminders_sent: count,
  },
} as const;

/** POST /supplier/communications/{id}/remind-now. */
export const remindNowSchema = {
  type: 'object',
  required: ['reminded', 'emails'],
  properties: { reminded: count, emails: count },
} as const;

/** GET /supplier/communications/{id}/deliveries: the list's query and `status` (a status, NOT_OPENED, NOT_ACKNOWLEDGED). */
export const deliveriesQuery = {
  type: 'object',
  properties: { ...listQuerySchema.properties, status: { type: 'string', enum: [...DELIVERY_FILTERS] } },
} as const;

const deliveryStatus = { type: 'string', enum: [...DELIVERY_STATUSES] } as const;

export const deliveryRowSchema = {
  type: 'object',
  required: [
    'row_key',
    'provider_communication_id',
    'customer_name',
    'email',
    'status',
    'reason',
    'attempts',
    'last_attempt_at',
    'acknowledged_at',
    'response_status',
    'reminders_sent',
    'next_reminder_at',
  ],
  properties: {
    row_key: text,
    provider_communication_id: id,
    customer_name: text,
    email: text,
    status: deliveryStatus,
    reason: nullableText,
    attempts: count,
    last_attempt_at: nullableDateTime,
    acknowledged_at: nullableDateTime,
    response_status: responseStatus,
    reminders_sent: count,
    next_reminder_at: nullableDateTime,
  },
} as const;

const page = listPageSchema(deliveryRowSchema);

export const deliveryPageSchema = {
  ...page,
  required: [...page.required, 'totals'],
  properties: {
    ...page.properties,
    totals: {
      type: 'object',
      required: [...DELIVERY_STATUSES],
      properties: Object.fromEntries(DELIVERY_STATUSES.map((s) => [s, count])),
    },
  },
} as const;
