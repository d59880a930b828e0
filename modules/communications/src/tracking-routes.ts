import { emailSchema, idSchema, messageResult, type ModuleDeps, type Route, route } from '@portal/core';
import { SUPPLIER_EVENT_PERMISSIONS } from './constants.js';
import {
  actionAnswersSchema,
  actionCountsSchema,
  providerProgressPageSchema,
} from './communication-progress-output-schemas.js';
import { noticeViewSchema } from './notice-output-schemas.js';
import * as schema from './schemas.js';
import { postUpdateResultSchema } from './follow-up-output-schemas.js';
import {
  answersToAction,
  actionSummaries,
  postUpdate,
  providerProgress,
  providerView,
  resendNotice,
} from './services/tracking.js';

const tags = ['supplier communications'];
const access = SUPPLIER_EVENT_PERMISSIONS;

/** The answers to an event's actions and each provider communication's progress; resends and post-approval updates. */
export function trackingRoutes({ db, config, mail }: ModuleDeps): Route[] {
  const base = '/supplier/communications';
  return [
    route({
      method: 'GET',
      path: `${base}/:id/actions`,
      access,
      tags,
      summary: "The event's actions with counts of answers",
      schema: { params: schema.idParams, response: actionCountsSchema },
      handler: ({ actor, params }) => actionSummaries(db, actor, params.id),
    }),
    route({
      method: 'GET',
      path: `${base}/:id/actions/provider`,
      access,
      tags,
      summary: 'Progress of every provider communication (paged)',
      schema: { params: schema.idParams, query: schema.listQuery, response: providerProgressPageSchema },
      handler: ({ actor, params, query }) => providerProgress(db, actor, params.id, query),
    }),
    route({
      method: 'GET',
      path: `${base}/:id/actions/provider/:a/:b`,
      access,
      tags,
      summary: 'One provider communication ({a}) with its answers; {b} is accepted for client compatibility',
      schema: {
        params: {
          type: 'object',
          required: ['id', 'a', 'b'],
          properties: { id: idSchema, a: idSchema, b: { type: 'string', maxLength: 50 } },
        },
        response: noticeViewSchema,
      },
      handler: ({ actor, params }) => providerView(db, config, actor, params.id, params.a),
    }),
    route({
      method: 'GET',
      path: `${base}/:id/actions/provider/:a/:b/:c`,
      access,
      tags,
      summary: 'One provider communication ({a}) with its answers',
      schema: {
        params: {
          type: 'object',
          required: ['id', 'a', 'b', 'c'],
          properties: {
            id: idSchema,
            a: idSchema,
            b: { type: 'string', maxLength: 50 },
            c: { type: 'string', maxLength: 50 },
          },
        },
        response: noticeViewSchema,
      },
      handler: ({ actor, params }) => providerView(db, config, actor, params.id, params.a),
    }),
    route({
      method: 'GET',
      path: `${base}/:id/actions/:x`,
      access,
      tags,
      summary: "Every answer to one action; a file answer's files by name with signed download and preview links",
      schema: {
        params: { type: 'object', required: ['id', 'x'], properties: { id: idSchema, x: idSchema } },
        response: actionAnswersSchema,
      },
      handler: ({ actor, params }) => answersToAction(db, config.jwtSecret, actor, params.id, params.x),
    }),
    route({
      method: 'GET',
      path: `${base}/:id/view/:pcId`,
      access,
      tags,
      summary: 'One provider communication as its recipient sees it',
      schema: {
        params: { type: 'object', required: ['id', 'pcId'], properties: { id: idSchema, pcId: idSchema } },
        response: noticeViewSchema,
      },
      handler: ({ actor, params }) => providerView(db, config, actor, params.id, params.pcId),
    }),
    route({
      method: 'POST',
      path: `${base}/:id/resendmail/:pcId`,
      access,
      tags,
      summary: "Send a provider communication's notice again (older links stop working)",
      schema: {
        params: { type: 'object', required: ['id', 'pcId'], properties: { id: idSchema, pcId: idSchema } },
        body: { type: 'object', properties: { email: emailSchema } },
      },
      handler: async ({ actor, params, body }) => {
        const result = await resendNotice(db, config, actor, params.id, params.pcId, body.email);
        mail.kick();
        return messageResult('The notice has been sent again.', result);
      },
    }),
    route({
      method: 'POST',
      path: `${base}/:id/postupdate`,
      access,
      tags,
      summary:
        'Change an approved event or add products to it (recorded in the change history; optionally notify recipients)',
      schema: { params: schema.idParams, body: schema.postUpdateBody, response: postUpdateResultSchema },
      handler: async ({ actor, params, body }) => {
        const result = await postUpdate(db, config, actor, params.id, body);
        if (result.emails_queued) mail.kick();
        return result;
      },
    }),
  ];
}
