import { idParamsSchema as idParams, type ModuleDeps, type Route, route } from '@portal/core';
import * as out from './output-schemas.js';
import { TEMPLATE_LANGUAGES } from './catalog.js';
import {
  getPlatformTemplate,
  getProviderTemplate,
  listPlatformTemplates,
  listProviderTemplates,
  previewPlatformTemplate,
  previewProviderTemplate,
  resetProviderTemplate,
  saveProviderTemplate,
  testSendPlatformTemplate,
  testSendProviderTemplate,
  updatePlatformTemplate,
} from './service.js';

const OPERATOR = ['Notisphere_ManageEmailTemplates'];
const PROVIDER = ['Provider_ManageEmailTemplates'];
const tags = ['email-templates'];

const subject = { type: 'string', minLength: 1, maxLength: 500 } as const;
const body = { type: 'string', minLength: 1, maxLength: 100_000 } as const;
const content = {
  type: 'object',
  additionalProperties: false,
  required: ['subject_en', 'body_en', 'subject_vi', 'body_vi'],
  properties: { subject_en: subject, body_en: body, subject_vi: subject, body_vi: body },
} as const;
const previewBody = { type: 'object', additionalProperties: false, properties: { content } } as const;
const testSendBody = {
  type: 'object',
  additionalProperties: false,
  properties: { language: { type: 'string', enum: [...TEMPLATE_LANGUAGES] }, content },
} as const;
const listQuery = {
  type: 'object',
  properties: { search: { type: 'string', maxLength: 200 } },
} as const;
const keyParams = {
  type: 'object',
  required: ['key'],
  properties: { key: { type: 'string', maxLength: 64, pattern: '^[A-Z_]{1,64}$' } },
} as const;

/**
 * Email templates: the operator edits the platform's (by id), a provider overrides the mail its own users receive
 * (by key; a key without an override answers the platform's). Saves are validated, versioned and audited.
 */
export function emailTemplateRoutes({ db, mail }: ModuleDeps): Route[] {
  return [
    route({
      method: 'GET',
      path: '/notisphere/email-templates',
      access: OPERATOR,
      summary: "The platform's email templates",
      tags,
      schema: { query: listQuery, response: out.platformTemplateList },
      handler: ({ query }) => listPlatformTemplates(db, query),
    }),
    route({
      method: 'GET',
      path: '/notisphere/email-templates/:id',
      access: OPERATOR,
      summary: 'One email template with its placeholders and versions',
      tags,
      schema: { params: idParams, response: out.templateDetail },
      handler: ({ params }) => getPlatformTemplate(db, params.id),
    }),
    route({
      method: 'PUT',
      path: '/notisphere/email-templates/:id',
      access: OPERATOR,
      summary: 'Saves a new version of an email template (placeholders checked)',
      tags,
      schema: { params: idParams, body: content, response: out.templateDetail },
      handler: ({ actor, params, body }) => updatePlatformTemplate(db, actor, params.id, body),
    }),
    route({
      method: 'POST',
      path: '/notisphere/email-templates/:id/preview',
      access: OPERATOR,
      summary: 'Renders the template (or the given unsaved content) with sample values in both languages',
      tags,
      schema: { params: idParams, body: previewBody, response: out.templatePreview },
      handler: ({ params, body }) => previewPlatformTemplate(db, params.id, body?.content),
    }),
    route({
      method: 'POST',
      path: '/notisphere/email-templates/:id/test-send',
      access: OPERATOR,
      summary: "Sends the template with sample values to the caller's own address",
      tags,
      schema: { params: idParams, body: testSendBody, response: out.testSendAnswer },
      handler: async ({ actor, params, body }) => {
        const result = await testSendPlatformTemplate(db, actor, params.id, body ?? {});
        mail.kick();
        return result;
      },
    }),

    route({
      method: 'GET',
      path: '/provider/email-templates',
      access: PROVIDER,
      summary: "The email templates a provider may override for its own users' mail",
      tags,
      schema: { query: listQuery, response: out.providerTemplateList },
      handler: ({ actor, query }) => listProviderTemplates(db, actor, query),
    }),
    route({
      method: 'GET',
      path: '/provider/email-templates/:key',
      access: PROVIDER,
      summary: "The provider's template of a key (its override, else the platform's)",
      tags,
      schema: { params: keyParams, response: out.templateDetail },
      handler: ({ actor, params }) => getProviderTemplate(db, actor, params.key),
    }),
    route({
      method: 'PUT',
      path: '/provider/email-templates/:key',
      access: PROVIDER,
      summary: "Saves a new version of the provider's override (placeholders checked)",
      tags,
      schema: { params: keyParams, body: content, response: out.templateDetail },
      handler: ({ actor, params, body }) => saveProviderTemplate(db, actor, params.key, body),
    }),
    route({
      method: 'DELETE',
      path: '/provider/email-templates/:key',
      access: PROVIDER,
      summary: "Sets the provider's override aside; its users get the platform's template again",
      tags,
      schema: { params: keyParams, response: out.templateDetail },
      handler: ({ actor, params }) => resetProviderTemplate(db, actor, params.key),
    }),
    route({
      method: 'POST',
      path: '/provider/email-templates/:key/preview',
      access: PROVIDER,
      summary: 'Renders the template (or the given unsaved content) with sample values in both languages',
      tags,
      schema: { params: keyParams, body: previewBody, response: out.templatePreview },
      handler: ({ actor, params, body }) => previewProviderTemplate(db, actor, params.key, body?.content),
    }),
    route({
      method: 'POST',
      path: '/provider/email-templates/:key/test-send',
      access: PROVIDER,
      summary: "Sends the template with sample values to the caller's own address",
      tags,
      schema: { params: keyParams, body: testSendBody, response: out.testSendAnswer },
      handler: async ({ actor, params, body }) => {
        const result = await testSendProviderTemplate(db, actor, params.key, body ?? {});
        mail.kick();
        return result;
      },
    }),
  ];
}
