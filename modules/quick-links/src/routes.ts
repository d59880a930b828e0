import { type ModuleDeps, type Route, route } from '@portal/core';
import * as schema from './schemas.js';
import {
  accountLinks,
  deleteQuickLink,
  getQuickLink,
  listQuickLinks,
  quickLinkMeta,
  saveQuickLink,
} from './services/quick-links.js';

const tags = ['quick links'];
const BASE = '/notisphere/quickLinks';

/**
 * Spec 001 §7.12. The management calls are "any permission" of the operator (`access: 'operator'`: any operator user,
 * and no one else, before the body is even read); `account-links` is every signed-in user's, scoped to the caller's
 * organisation. `/meta` and `/account-links` are
 * mounted before `/{id}`.
 */
export function quickLinkRoutes({ db, config, files }: ModuleDeps): Route[] {
  return [
    route({
      method: 'GET',
      path: BASE,
      access: 'operator',
      summary: 'Quick links (operator; paged; status and url filters, url also matching a targeted organisation)',
      tags,
      schema: { query: schema.listQuery, response: schema.quickLinkPageSchema },
      handler: ({ actor, query }) => listQuickLinks(db, actor, config, query),
    }),
    route({
      method: 'GET',
      path: `${BASE}/meta`,
      access: 'operator',
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
    route({
      method: 'GET',
      path: `${BASE}/:id`,
      access: 'operator',
      summary: 'One quick link (operator)',
      tags,
      schema: { params: schema.idParams, response: schema.quickLinkSchema },
      handler: ({ actor, params }) => getQuickLink(db, actor, config, params.id),
    }),
    route({
      method: 'POST',
      path: `${BASE}/create`,
      access: 'operator',
      multipart: true,
      summary: 'Add a quick link, or edit one with `id` (multipart: url, organization_ids, status, image part `file`)',
      tags,
      schema: { body: schema.createBody, response: schema.quickLinkSchema },
      handler: ({ actor, body, files: uploads }) => saveQuickLink(db, actor, config, files, body, uploads),
    }),
    route({
      method: 'PUT',
      path: `${BASE}/delete/:id`,
      access: 'operator',
      summary: 'Delete (inactivate) a quick link (operator)',
      tags,
      schema: { params: schema.idParams, response: schema.quickLinkSchema },
      handler: ({ actor, params }) => deleteQuickLink(db, actor, config, params.id),
    }),
  ];
}
