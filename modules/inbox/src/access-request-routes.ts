import { messageResult, type ModuleDeps, type Route, route } from '@portal/core';
import { assertAccessOrDeny, communicationDetails, requestAccess } from './services/access-requests.js';
import { providerRecall, summary } from './services/provider-communication.js';
import * as s from './schemas.js';
import { outputSchemas } from '@portal/communications';
import { mailKicker } from './mail-kick.js';

/** The shell's access requests and the permission-denied detail (000 §7 /auth rows; 000 §3). */
export function accessRequestRoutes({ db, config, mail }: ModuleDeps): Route[] {
  const kick = mailKicker(mail);
  return [
    // ---- access requests and details (000 §7 /auth rows; 000 §3 permission-denied detail) ----
    route({
      method: 'GET',
      path: '/auth/getcommunicationdetails/:id/view/:x',
      access: 'user',
      tags: ['access requests'],
      summary:
        'May the caller open event id / provider communication x? If not: type, supplier, provider and the administrator to ask',
      schema: { params: s.params(['id', 'x']), response: s.denialDetail },
      handler: ({ actor, params }) => communicationDetails(db, actor, params.id!, params.x!),
    }),
    route({
      method: 'GET',
      path: '/auth/request/:id/access/:x',
      access: 'user',
      tags: ['access requests'],
      summary: "Email the organisation's administrator a request for access",
      schema: { params: s.params(['id', 'x']), response: s.denialDetail },
      handler: async ({ actor, params }) =>
        kick(
          messageResult('Your request has been sent.', await requestAccess(db, config, actor, params.id!, params.x!)),
        ),
    }),
    route({
      method: 'GET',
      path: '/auth/:id/summary/:x',
      access: 'user',
      tags: ['access requests'],
      summary: 'Summary, or 403 PERMISSION_DENIED with the denial detail',
      schema: { params: s.params(['id', 'x']), response: s.providerSummary },
      handler: async ({ actor, params }) => {
        await assertAccessOrDeny(db, actor, params.id!, params.x!);
        return summary(db, config, actor, params.id!, params.x!);
      },
    }),
    route({
      method: 'GET',
      path: '/auth/:id/provider-recall/:x',
      access: 'user',
      tags: ['access requests'],
      summary: 'The provider communication, or 403 PERMISSION_DENIED with the denial detail',
      schema: { params: s.params(['id', 'x']), response: outputSchemas.providerViewSchema },
      handler: async ({ actor, params }) => {
        await assertAccessOrDeny(db, actor, params.id!, params.x!);
        return providerRecall(db, config, actor, params.id!, params.x!);
      },
    }),
  ];
}
