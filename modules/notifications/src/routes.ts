import { idParamsSchema as idParams, type ModuleDeps, type Route, route } from '@portal/core';
import { PIXEL, verifyPixel, verifyTrackedUrl } from './tracking.js';

/** Tracking endpoints: they answer a pixel or a redirect whatever happens, and record an event only when signed. */
export function notificationRoutes({ db, config }: ModuleDeps): Route[] {
  const record = async (outboxId: number, event: 'Opened' | 'Click', url: string | null) => {
    const exists = await db('outbox_emails').where({ id: outboxId }).first('id');
    if (exists) await db('email_events').insert({ outbox_email_id: outboxId, event, url });
  };
  // Every key of the ring verifies (read per call: factories only declare routes).
  const secrets = () => config.jwtKeys.map((k) => k.secret);
  return [
    route({
      method: 'GET',
      path: '/t/o/:id',
      access: 'public',
      tags: ['notifications'],
      summary: 'Email open tracking pixel',
      schema: { params: idParams, query: { type: 'object', properties: { s: { type: 'string', maxLength: 64 } } } },
      handler: async ({ params, query }) => {
        if (query.s && verifyPixel(secrets(), params.id, query.s)) await record(params.id, 'Opened', null);
        return { kind: 'file', filename: 'p.gif', contentType: 'image/gif', body: PIXEL, inline: true };
      },
    }),
    route({
      method: 'GET',
      path: '/t/c/:id',
      access: 'public',
      tags: ['notifications'],
      summary: 'Email link click tracking (redirects)',
      schema: {
        params: idParams,
        query: {
          type: 'object',
          properties: { s: { type: 'string', maxLength: 64 }, u: { type: 'string', maxLength: 4000 } },
        },
      },
      handler: async ({ params, query }) => {
        const target = query.u ?? '';
        const valid = Boolean(query.s) && verifyTrackedUrl(secrets(), params.id, target, query.s!);
        if (valid) await record(params.id, 'Click', target);
        // Signed targets are followed and recorded. An unsigned one is followed only within our own address (a link
        // from an email older than the keyring still opens its notice); anything else goes home: never an open redirect.
        const ours = target.startsWith(`${config.appUrl}/`) && !target.includes('\\');
        return { kind: 'redirect', location: valid || ours ? target : `${config.appUrl}/` };
      },
    }),
  ];
}
