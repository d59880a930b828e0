import { type ModuleDeps, type Route, route } from '@portal/core';
import * as schema from './schemas.js';
import {
  accountLinks,
  type CreateInput,
  deleteQuickLink,
  getQuickLink,
  listQuickLinks,
  quickLinkMeta,
  saveQuickLink,
} from './services/quick-links.js';

const tags = ['quick links'];
const BASE = '/notisphere/quickLinks';
type IdParams = { id: number };

/**
 * Spec 001 §7.12. Every call is "any permission" (any signed-in user passes the BFF); the services keep the management
 * calls to the operator and scope `account-links` to the caller's organisation. `/meta` and `/account-links` are
 * mounted before `/{id}`.
 */
export function quickLinkRoutes({ db, config, files }: ModuleDeps): Route[] {
  return [
    route<unknown, schema.ListQuery>({
      method: 'GET',
      path: BASE,
      access: 'user',
      summary: 'Quick links (operator; paged; status and url filters, url also matching a targeted organisation)',
      tags,
      schema: { query: schema.listQuery, response: schema.quickLinkPageSchema },
      handler: ({ actor, query }) => listQuickLinks(db, actor, config, query),
    }),
    route<unknown, { search?: string }>({
      method: 'GET',
      path: `${BASE}/meta`,
      access: 'user',
      summary: 'Statuses and the organisations a quick link may target (operator)',
      tags,
      schema: { query: schema.metaQuery, response: schema.metaSchema },
      handler: ({ actor, query }) => quickLinkMeta(db, actor, query.search),
    }),
    route({
      method: 'GET',
      path: `${BASE}/account-links`,
      access: 'user',
      summary: "The active quick links targeted at the caller's organisation (header images)",
      tags,
      schema: { response: schema.accountLinksSchema },
      handler: ({ actor }) => accountLinks(db, actor, config),
    }),
    route<unknown, unknown, IdParams>({
      method: 'GET',
      path: `${BASE}/:id`,
      access: 'user',
      summary: 'One quick link (operator)',
      tags,
      schema: { params: schema.idParams, response: schema.quickLinkSchema },
      handler: ({ actor, params }) => getQuickLink(db, actor, config, params.id),
    }),
    route<CreateInput>({
      method: 'POST',
      path: `${BASE}/create`,
      access: 'user',
      multipart: true,
      summary: 'Add a quick link, or edit one with `id` (multipart: url, organization_ids, status, image part `file`)',
      tags,
      schema: { body: schema.createBody, response: schema.quickLinkSchema },
      handler: ({ actor, body, files: uploads }) => saveQuickLink(db, actor, config, files, body, uploads),
    }),
    route<unknown, unknown, IdParams>({
      method: 'PUT',
      path: `${BASE}/delete/:id`,
      access: 'user',
      summary: 'Delete (inactivate) a quick link (operator)',
      tags,
      schema: { params: schema.idParams, response: schema.quickLinkSchema },
      handler: ({ actor, params }) => deleteQuickLink(db, actor, config, params.id),
    }),
  ];
}
