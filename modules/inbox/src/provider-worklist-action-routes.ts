import { type ModuleDeps, type Route, route } from '@portal/core';
import { bulkAction } from './services/bulk.js';
import { revokeDelegate } from './services/delegate-revocation.js';
import { markNotAffected } from './services/not-affected.js';
import { assignOwner, ownerCandidates } from './services/owners.js';
import { params } from './schemas.js';
import { PROVIDER_EVENT_PERMISSIONS } from './services/scope.js';
import { mailKicker } from './mail-kick.js';
import * as s from './worklist-action-schemas.js';

const tags = ['provider communications'];
const access = PROVIDER_EVENT_PERMISSIONS;

/**
 * What the provider does from its worklist (issue 32): owners, "not affected", bulk actions and revoking a delegate.
 * The fixed paths (owner-candidates, bulk) are mounted before the inbox's /:id routes.
 */
export function providerWorklistActionRoutes({ db, config, mail }: ModuleDeps): Route[] {
  const base = '/provider/communications';
  const kick = mailKicker(mail);
  return [
    route({
      method: 'GET',
      path: `${base}/owner-candidates`,
      access,
      tags,
      summary:
        "Who may own a received notice: active users of the caller's organisation and its sites who may manage events (of `type` when given), one row per person",
      schema: { query: s.ownerCandidatesQuery, response: s.ownerCandidateList },
      handler: ({ actor, query }) => ownerCandidates(db, actor, query.type),
    }),
    route({
      method: 'POST',
      path: `${base}/bulk`,
      access,
      tags,
      summary:
        "One action on up to 200 provider communications, all or nothing: ACKNOWLEDGE, ASSIGN (userId; null clears) or NOT_AFFECTED (reason). Any id outside the caller's scope: 404 and nothing changes; a closed one: 409. Answers how many changed and how many already were so",
      schema: { body: s.bulkBody, response: s.bulkResult },
      handler: async ({ actor, body }) => kick(await bulkAction(db, config, actor, body)),
    }),
    route({
      method: 'PUT',
      path: `${base}/:id/owner`,
      access,
      tags,
      summary:
        'Make a user the owner of provider communication id (userId null clears it); the new owner is emailed, with the message if any',
      schema: { params: params(['id']), body: s.ownerBody, response: s.ownerResult },
      handler: async ({ actor, params: p, body }) => kick(await assignOwner(db, config, actor, p.id!, body)),
    }),
    route({
      method: 'POST',
      path: `${base}/:id/not-affected`,
      access,
      tags,
      summary:
        'Answer provider communication id "not affected" (reason): acknowledged if it was not, and completed with the reason, who and when',
      schema: { params: params(['id']), body: s.notAffectedBody, response: s.notAffectedRow },
      handler: ({ actor, params: p, body }) => markNotAffected(db, actor, p.id!, body.reason),
    }),
    route({
      method: 'POST',
      path: `${base}/:id/revoke-delegate/:a/:b`,
      access,
      tags,
      summary:
        'Revoke delegate b of provider communication a (id = communication id): its link stops working at once; an already revoked delegate answers 404',
      schema: { params: params(['id', 'a', 'b']), response: s.delegateRevoked },
      handler: ({ actor, params: p }) => revokeDelegate(db, actor, p.id!, p.a!, p.b!),
    }),
  ];
}
