import { type ModuleDeps, type Route, route } from '@portal/core';
import { SUPPLIER_EVENT_PERMISSIONS } from './constants.js';
import {
  deliveriesQuery,
  deliveryPageSchema,
  communicationRemindersBody,
  communicationRemindersSchema,
  reminderPlansBody,
  reminderPlansSchema,
  remindNowSchema,
} from './reminder-schemas.js';
import * as schema from './schemas.js';
import { listDeliveries } from './services/deliveries.js';
import {
  changeCommunicationReminders,
  communicationReminders,
  reminderPlans,
  saveReminderPlans,
} from './services/reminder-plans.js';
import { remindNow } from './services/reminders.js';

const tags = ['supplier communications'];
const access = SUPPLIER_EVENT_PERMISSIONS;

/**
 * Reminders and delivery: the organisation's reminder plans, an event's own plan and pause, a reminder
 * round now, and where each recipient's notice email is.
 */
export function reminderRoutes({ db, config, mail }: ModuleDeps): Route[] {
  const base = '/supplier/communications';
  return [
    route({
      method: 'GET',
      path: '/supplier/reminder-plans',
      access,
      tags,
      summary: "The organisation's reminder plan per recall class and for supply advisories (its own or the built-in)",
      schema: { response: reminderPlansSchema },
      handler: ({ actor }) => reminderPlans(db, actor),
    }),
    route({
      method: 'PUT',
      path: '/supplier/reminder-plans',
      access,
      tags,
      summary:
        "Set the organisation's reminder plans named (recall classes need Supplier_ManageRecalls, ADVISORY Supplier_ManageDisruption); audited",
      schema: { body: reminderPlansBody, response: reminderPlansSchema },
      handler: ({ actor, body, requestId }) => saveReminderPlans(db, actor, body.items, requestId),
    }),
    route({
      method: 'GET',
      path: `${base}/:id/reminders`,
      access,
      tags,
      summary: "The event's reminder plan, where it comes from, its pause, the next reminder and the reminders sent",
      schema: { params: schema.idParams, response: communicationRemindersSchema },
      handler: ({ actor, params }) => communicationReminders(db, actor, params.id),
    }),
    route({
      method: 'PUT',
      path: `${base}/:id/reminders`,
      access,
      tags,
      summary:
        "Change a draft's or open event's own reminder plan (null: back to the organisation's) or pause and resume its reminders",
      schema: { params: schema.idParams, body: communicationRemindersBody, response: communicationRemindersSchema },
      handler: ({ actor, params, body }) => changeCommunicationReminders(db, actor, params.id, body),
    }),
    route({
      method: 'POST',
      path: `${base}/:id/remind-now`,
      access,
      tags,
      summary: 'A reminder now to every recipient of an open event who has neither acknowledged nor answered',
      schema: { params: schema.idParams, response: remindNowSchema },
      handler: ({ actor, params }) => remindNow(db, config, actor, params.id, { mail }),
    }),
    route({
      method: 'GET',
      path: `${base}/:id/deliveries`,
      access,
      tags,
      summary:
        "Each recipient address's latest notice or reminder email (paged; status, search), with totals per status",
      schema: { params: schema.idParams, query: deliveriesQuery, response: deliveryPageSchema },
      handler: ({ actor, params, query }) => listDeliveries(db, actor, params.id, query),
    }),
  ];
}
