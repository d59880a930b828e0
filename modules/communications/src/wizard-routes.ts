import { emailSchema, type ModuleDeps, type Route, route } from '@portal/core';
import { SUPPLIER_EVENT_PERMISSIONS } from './constants.js';
import { communicationDetailSchema, communicationMetaSchema } from './communication-output-schemas.js';
import { communicationListPageSchema } from './list-output-schemas.js';
import * as schema from './schemas.js';
import { saveStep0, saveStep1, saveStep2 } from './services/wizard-steps.js';
import { listCommunications } from './services/communications.js';
import { getMeta } from './services/meta.js';
import { saveStep3 } from './services/recipients.js';
import { providerOfEmail } from './services/recipients.js';

const tags = ['supplier communications'];
const access = SUPPLIER_EVENT_PERMISSIONS;

/** The supplier's list of events and the recall wizard's steps. */
export function wizardRoutes({ db }: ModuleDeps): Route[] {
  const base = '/supplier/communications';
  return [
    route({
      method: 'GET',
      path: `${base}/meta`,
      access,
      tags,
      summary: 'Every list the recall wizard needs',
      schema: { response: communicationMetaSchema },
      handler: ({ actor }) => getMeta(db, actor),
    }),
    route({
      method: 'GET',
      path: base,
      access,
      tags,
      summary: "The supplier's recalls or advisories (paged)",
      schema: { query: schema.listQuery, response: communicationListPageSchema },
      readOnly: true,
      handler: ({ actor, query }) => listCommunications(db, actor, query),
    }),
    route({
      method: 'POST',
      path: `${base}/step0`,
      access,
      tags,
      summary: "Step 0: create or update a draft's information",
      schema: { body: schema.step0Body, response: communicationDetailSchema },
      handler: ({ actor, body }) => saveStep0(db, actor, body),
    }),
    route({
      method: 'POST',
      path: `${base}/step1`,
      access,
      tags,
      summary: "Step 1: the draft's products (replaces the list)",
      schema: { body: schema.step1Body, response: communicationDetailSchema },
      handler: ({ actor, body }) => saveStep1(db, actor, body.id, body.products),
    }),
    route({
      method: 'POST',
      path: `${base}/step2`,
      access,
      tags,
      summary: "Step 2: the draft's ordered actions (replaces the list)",
      schema: { body: schema.step2Body, response: communicationDetailSchema },
      handler: ({ actor, body }) => saveStep2(db, actor, body.id, body.actions),
    }),
    route({
      method: 'POST',
      path: `${base}/step3`,
      access,
      tags,
      summary: 'Step 3: add affected customers (picked providers, addresses)',
      schema: { body: schema.step3Body },
      handler: ({ actor, body }) => saveStep3(db, actor, body),
    }),
    route({
      method: 'POST',
      path: `${base}/step3/customers`,
      access,
      tags,
      summary: 'Step 3: add affected customers by name and email',
      schema: { body: schema.customersBody },
      handler: ({ actor, body }) => saveStep3(db, actor, body),
    }),
    route({
      method: 'GET',
      path: `${base}/valid-domain`,
      access,
      tags,
      summary: "Whether an email address belongs to a known provider's domain (and which)",
      schema: {
        query: {
          type: 'object',
          required: ['email'],
          properties: { email: emailSchema },
        },
      },
      handler: ({ query }) => providerOfEmail(db, query.email),
    }),
  ];
}
