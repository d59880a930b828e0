import { type ModuleDeps, type Route, route } from '@portal/core';
import * as schema from './sso-schemas.js';
import { discoverSso, startSso } from './services/sso.js';

const tags = ['auth'];

/**
 * Single sign-on's public calls before the return leg (issue 35): the domain routing the sign-in page asks as the
 * email is typed, and the start of a sign-in at the provider. Both are rate-limited with the account calls.
 */
export function ssoRoutes({ db, config }: Pick<ModuleDeps, 'db' | 'config'>): Route[] {
  return [
    route({
      method: 'GET',
      path: '/auth/sso/discover',
      access: 'public',
      tags,
      summary:
        "Whether an email's domain signs in through an organisation's identity provider (never whether the user exists)",
      schema: { query: schema.ssoDiscoverQuery, response: schema.ssoDiscoverAnswer },
      handler: (req) => discoverSso(db, req.query.email),
    }),
    route({
      method: 'POST',
      path: '/auth/sso/start',
      access: 'public',
      tags,
      summary:
        "Start a sign-in at the identity provider of the email's domain: the provider's address, and the browser's key " +
        'in the HttpOnly portal_sso cookie',
      schema: { body: schema.ssoStartBody, response: schema.ssoStartAnswer },
      handler: (req) => startSso(db, config, req.body.email, req.http),
    }),
  ];
}
