import { listPageSchema, type Route, route } from '@portal/core';
import type { Knex } from 'knex';
import * as schema from './schemas.js';
import {
  changeOwnSiteStatus,
  createOwnSite,
  getOwnSite,
  listOwnSites,
  updateOwnSite,
} from './services/provider-sites.js';

/** A health system's sites for its own administrator (spec 000 §2 /provider/sites); only a provider holds the permission. */
const MANAGE_SITES = ['Provider_ManageLocations'];
const tags = ['organisations'];
const BASE = '/provider/sites';

export function providerSiteRoutes(db: Knex): Route[] {
  const status = (action: 'activate' | 'inactivate') =>
    route({
      method: 'PUT',
      path: `${BASE}/:id/${action}`,
      access: MANAGE_SITES,
      summary: `${action === 'activate' ? 'Activate' : 'Deactivate'} a site of the caller's health system`,
      tags,
      schema: { params: schema.idParams, response: schema.statusAnswer },
      handler: ({ actor, params }) => changeOwnSiteStatus(db, actor, params.id, action === 'activate'),
    });
  return [
    route({
      method: 'GET',
      path: BASE,
      access: MANAGE_SITES,
      summary: "Sites of the caller's health system, with their user counts",
      tags,
      schema: { query: schema.listQuery, response: listPageSchema(schema.siteRow) },
      handler: ({ actor, query }) => listOwnSites(db, actor, query),
    }),
    route({
      method: 'GET',
      path: `${BASE}/:id`,
      access: MANAGE_SITES,
      summary: "One site of the caller's health system",
      tags,
      schema: { params: schema.idParams, response: schema.siteRow },
      handler: ({ actor, params }) => getOwnSite(db, actor, params.id),
    }),
    route({
      method: 'POST',
      path: BASE,
      access: MANAGE_SITES,
      summary: "Add a site to the caller's health system",
      tags,
      schema: { body: schema.siteBody, response: schema.siteRow },
      handler: ({ actor, body }) => createOwnSite(db, actor, body),
    }),
    route({
      method: 'PUT',
      path: `${BASE}/:id`,
      access: MANAGE_SITES,
      summary: "Change a site's name, address and contact (an active site only)",
      tags,
      schema: { params: schema.idParams, body: schema.siteBody, response: schema.siteRow },
      handler: ({ actor, params, body }) => updateOwnSite(db, actor, params.id, body),
    }),
    status('activate'),
    status('inactivate'),
  ];
}
