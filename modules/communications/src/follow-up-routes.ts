import { idSchema, messageResult, type ModuleDeps, type Route, route } from '@portal/core';
import { SUPPLIER_EVENT_PERMISSIONS } from './constants.js';
import {
  communicationDocumentSchema,
  communicationSalesRepsSchema,
  salesRepsNotifiedSchema,
} from './communication-history-output-schemas.js';
import * as schema from './schemas.js';
import { internalActionSchema, internalActionsSchema } from './follow-up-output-schemas.js';
import { loadOwnCommunication } from './services/access.js';
import { getDocument } from './services/documents.js';
import { getSalesRepresentatives } from '@portal/organizations';
import { notifySalesReps, salesRepView } from './services/sales-reps.js';
import { listInternalActions, saveInternalAction, supplierDelegate } from './services/supplier-workflow.js';

const tags = ['supplier communications'];
const access = SUPPLIER_EVENT_PERMISSIONS;

/** A document by id, an event's sales representatives, the supplier's follow-up tasks and its delegates. */
export function followUpRoutes({ db, config, mail }: ModuleDeps): Route[] {
  const base = '/supplier/communications';
  return [
    route({
      method: 'GET',
      path: `${base}/file/:id`,
      access,
      tags,
      summary: 'One document with signed links (same as document/{id})',
      schema: { params: schema.idParams, response: communicationDocumentSchema },
      handler: ({ actor, params }) => getDocument(db, config.jwtSecret, actor, params.id),
    }),
    route({
      method: 'GET',
      path: `${base}/:id/salesreps`,
      access,
      tags,
      summary: "The supplier's active sales representatives for this event's sales-rep forms",
      schema: { params: schema.idParams, response: communicationSalesRepsSchema },
      handler: async ({ actor, params }) => {
        await loadOwnCommunication(db, actor, params.id);
        return getSalesRepresentatives(db, actor);
      },
    }),
    route({
      method: 'POST',
      path: `${base}/:id/salesreps/notify`,
      access,
      tags,
      summary: 'Send a supply advisory to sales representatives (personal read-only links)',
      schema: {
        params: schema.idParams,
        body: { type: 'object', properties: { sales_rep_ids: { type: 'array', maxItems: 1000, items: idSchema } } },
        response: salesRepsNotifiedSchema,
      },
      handler: async ({ actor, params, body }) => {
        const result = await notifySalesReps(db, config, actor, params.id, body.sales_rep_ids);
        mail.kick();
        return messageResult(`${result.emails_queued} sales representative(s) notified.`, result);
      },
    }),
    route({
      method: 'GET',
      path: '/supplier/sales-rep/disruption-notice',
      access: 'public',
      tags: ['public notice forms'],
      summary:
        "The sales-rep disruption form: the advisory and its customers' progress (query token of the emailed link)",
      schema: {
        query: { type: 'object', properties: { token: { type: 'string', maxLength: 200 } } },
        response: schema.salesRepViewSchema,
      },
      handler: ({ query }) => salesRepView(db, query.token),
    }),
    route({
      method: 'POST',
      path: `${base}/internalaction`,
      access,
      tags,
      summary: 'Create (or, with id, update) a supplier follow-up task on an event',
      schema: { body: schema.internalActionBody, response: internalActionSchema },
      handler: ({ actor, body }) => saveInternalAction(db, actor, body.communication_id, body),
    }),
    route({
      method: 'GET',
      path: `${base}/:id/internalaction`,
      access,
      tags,
      summary: "The supplier's follow-up tasks on an event",
      schema: { params: schema.idParams, response: internalActionsSchema },
      handler: ({ actor, params }) => listInternalActions(db, actor, params.id),
    }),
    route({
      method: 'POST',
      path: `${base}/:id/delegate`,
      access,
      tags,
      summary:
        'Delegate submit: ask someone to answer a provider communication (or one action) through the supplier-delegate form',
      schema: { params: schema.idParams, body: schema.supplierDelegateBody },
      handler: async ({ actor, params, body }) => {
        const result = await supplierDelegate(db, config, actor, params.id, body);
        mail.kick();
        return messageResult('The delegate has been emailed a link.', result);
      },
    }),
  ];
}
