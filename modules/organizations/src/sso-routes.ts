import { type ModuleDeps, type Route, route } from '@portal/core';
import * as schema from './sso-schemas.js';
import { getSsoSettings, operatorSsoTarget, saveSsoSettings } from './services/sso-settings.js';

const OPERATOR = ['Notisphere_ManageSuppliers', 'Notisphere_ManageProviders'];
const MANAGE_PROFILE = ['Supplier_ManageProfile', 'Provider_ManageProfile'];

/**
 * An organisation's single sign-on (issue 35): the operator's, for any supplier or provider it manages, and the
 * organisation's own administrator's. Both answer the same settings; the client secret is never answered.
 */
export function ssoRoutes({ db, config }: ModuleDeps): Route[] {
  const tags = ['single sign-on'];
  return [
    route({
      method: 'GET',
      path: '/notisphere/organizations/sso/:id',
      access: OPERATOR,
      tags,
      summary: "An organisation's single sign-on settings (the client secret only as set or not)",
      schema: { params: schema.ssoParams, response: schema.ssoSettingsAnswer },
      handler: async ({ actor, params }) => getSsoSettings(db, config, await operatorSsoTarget(db, actor, params.id)),
    }),
    route({
      method: 'PUT',
      path: '/notisphere/organizations/sso/:id',
      access: OPERATOR,
      tags,
      summary: "Save an organisation's single sign-on (the issuer's discovery is checked first)",
      schema: { params: schema.ssoParams, body: schema.ssoSettingsBody, response: schema.ssoSettingsAnswer },
      owner: ({ actor, params }) => operatorSsoTarget(db, actor, params.id),
      handler: ({ actor, params, body, requestId }) => saveSsoSettings(db, actor, config, params.id, body, requestId),
    }),
    route({
      method: 'GET',
      path: '/organization/sso',
      access: MANAGE_PROFILE,
      tags,
      summary: "The caller's organisation's single sign-on settings (the client secret only as set or not)",
      schema: { response: schema.ssoSettingsAnswer },
      handler: ({ actor }) => getSsoSettings(db, config, actor.organizationId),
    }),
    route({
      method: 'PUT',
      path: '/organization/sso',
      access: MANAGE_PROFILE,
      tags,
      summary: "Save the caller's organisation's single sign-on (the issuer's discovery is checked first)",
      schema: { body: schema.ssoSettingsBody, response: schema.ssoSettingsAnswer },
      handler: ({ actor, body, requestId }) =>
        saveSsoSettings(db, actor, config, actor.organizationId, body, requestId),
    }),
  ];
}
