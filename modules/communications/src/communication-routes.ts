import { messageResult, type ModuleDeps, type Route, route } from '@portal/core';
import { SUPPLIER_EVENT_PERMISSIONS } from './constants.js';
import {
  affectedLocationPageSchema,
  affectedLocationRowSchema,
  customerPageSchema,
} from './communication-progress-output-schemas.js';
import { communicationDetailSchema, communicationRowSchema } from './communication-output-schemas.js';
import * as schema from './schemas.js';
import { removedRecipientsSchema } from './follow-up-output-schemas.js';
import { customersQuery } from './attention-schemas.js';
import {
  approveCommunication,
  deleteCommunication,
  toggleCloseOpen,
  updateStatus,
} from './services/communication-lifecycle.js';
import { getCommunication } from './services/communications.js';
import {
  allAffectedLocations,
  listAffectedLocations,
  locationsByFile,
  updateLocationStatus,
} from './services/locations.js';
import { listCustomers } from './services/customers-list.js';
import { removeRecipients } from './services/recipients.js';
import { sendNotifications } from './services/sending.js';

const tags = ['supplier communications'];
const access = SUPPLIER_EVENT_PERMISSIONS;
const LOCATION_STATUSES = ['COVERED', 'EMAILED', 'NON_COVERED', 'UNABLE_PROCESSED', 'INVALID'];

/** One event, its customers and affected locations, and its life: close, reopen, delete, approve, send. */
export function communicationRoutes({ db, config, mail, jobs }: ModuleDeps): Route[] {
  const base = '/supplier/communications';
  return [
    route({
      method: 'GET',
      path: `${base}/:id`,
      access,
      tags,
      summary: 'One event with its products and actions',
      schema: { params: schema.idParams, response: communicationDetailSchema },
      handler: ({ actor, params }) => getCommunication(db, actor, params.id),
    }),
    route({
      method: 'GET',
      path: `${base}/:id/customers`,
      access,
      tags,
      summary:
        "Affected customers and their notice progress (overdue=1: only the overdue; parentId: one health system's sites)",
      schema: { params: schema.idParams, query: customersQuery, response: customerPageSchema },
      handler: ({ actor, params, query }) => listCustomers(db, actor, params.id, query),
    }),
    route({
      method: 'GET',
      path: `${base}/:id/locations`,
      access,
      tags,
      summary: 'Affected locations (paged; filters of spec 001 §3)',
      schema: { params: schema.idParams, query: schema.listQuery, response: affectedLocationPageSchema },
      handler: ({ actor, params, query }) => listAffectedLocations(db, actor, params.id, query),
    }),
    route({
      method: 'GET',
      path: `${base}/:id/locations-all`,
      access,
      tags,
      summary: 'Every affected location of the event',
      schema: { params: schema.idParams, response: { type: 'array', items: affectedLocationRowSchema } },
      handler: async ({ actor, params }) => {
        const all = [];
        for await (const batch of allAffectedLocations(db, actor, params.id)) all.push(...batch);
        return all;
      },
    }),
    route({
      method: 'GET',
      path: `${base}/:id/locations-by-file`,
      access,
      tags,
      summary: 'Affected locations counted by location file and status',
      schema: { params: schema.idParams },
      handler: ({ actor, params }) => locationsByFile(db, actor, params.id),
    }),
    route({
      method: 'PUT',
      path: `${base}/:id/update-status/:status`,
      access,
      tags,
      summary:
        "With location_ids: set those affected locations' status (COVERED, EMAILED, NON_COVERED, UNABLE_PROCESSED, INVALID); otherwise move the event to DRAFT/OPEN/CLOSED/DELETED",
      schema: { params: schema.statusParams, body: schema.locationIdsBody },
      handler: async ({ actor, params, body }) => {
        if (LOCATION_STATUSES.includes(params.status))
          return updateLocationStatus(db, actor, params.id, body.location_ids ?? [], params.status);
        return updateStatus(db, actor, params.id, params.status);
      },
    }),
    route({
      method: 'PUT',
      path: `${base}/:id/remove-locations`,
      access,
      tags,
      summary: 'Remove affected locations and not-yet-notified customers',
      schema: { params: schema.idParams, body: schema.removeBody, response: removedRecipientsSchema },
      handler: ({ actor, params, body }) => removeRecipients(db, actor, params.id, body),
    }),
    route({
      method: 'PUT',
      path: `${base}/:id/close-open`,
      access,
      tags,
      summary: 'Close an open event, or reopen a closed one',
      schema: { params: schema.idParams },
      handler: ({ actor, params }) => toggleCloseOpen(db, actor, params.id),
    }),
    route({
      method: 'PUT',
      path: `${base}/:id/delete/:x`,
      access,
      tags,
      summary: 'Delete a draft (an approved event is refused with 409); {x} is accepted for client compatibility',
      schema: { params: schema.anySegmentParams('x') },
      handler: async ({ actor, params }) => {
        await deleteCommunication(db, actor, params.id);
        return messageResult('The event has been deleted.', null);
      },
    }),
    route({
      method: 'PUT',
      path: `${base}/:id/approve-recall/:a/:b`,
      access,
      tags,
      summary: 'Approve a complete draft (DRAFT to OPEN); {a}/{b} are accepted for client compatibility',
      schema: {
        params: {
          ...schema.anySegmentParams('a'),
          required: ['id', 'a', 'b'],
          properties: { ...schema.anySegmentParams('a').properties, b: { type: 'string', maxLength: 50 } },
        },
        response: communicationRowSchema,
      },
      handler: ({ actor, params }) => approveCommunication(db, actor, params.id),
    }),
    route({
      method: 'PUT',
      path: `${base}/:id/send-notification/:x`,
      access,
      tags,
      summary: 'Send the notices: one provider communication per customer, one email per recipient',
      schema: { params: schema.anySegmentParams('x'), query: schema.sendQuery },
      handler: async ({ actor, params, query }) => {
        const { fanOut, ...result } = await sendNotifications(db, config, actor, params.id, query);
        mail.kick();
        // The rest of a large send is queued after the answer, chunk by chunk, by the notice-fanout jobs the send
        // added: this process's workers take them at once, other replicas at their next poll.
        if (fanOut) jobs?.wake('notice-fanout');
        return messageResult(`${result.emails_queued} notification email(s) queued.`, result);
      },
    }),
  ];
}
