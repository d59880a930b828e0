import { type Route, route } from '@portal/core';
import * as schema from './schemas.js';
import type { StatusAction } from './services/common.js';

/** PUT <base>/:id/activate, PUT <base>/:id/inactivate and DELETE <base>/:id of a master record (spec §4). */
export function statusRoutes(
  base: string,
  what: string,
  access: string[],
  tags: string[],
  change: (
    actor: NonNullable<Parameters<Route['handler']>[0]['actor']>,
    id: number,
    action: StatusAction,
  ) => Promise<unknown>,
  response: object = schema.statusAnswer,
): Route[] {
  const one = (method: 'PUT' | 'DELETE', path: string, action: StatusAction, summary: string) =>
    route({
      method,
      path,
      access,
      tags,
      summary,
      schema: { params: schema.idParams, response },
      handler: ({ actor, params }) => change(actor, params.id, action),
    });
  return [
    one('PUT', `${base}/:id/activate`, 'activate', `Activate a ${what}`),
    one('PUT', `${base}/:id/inactivate`, 'inactivate', `Inactivate a ${what}`),
    one('DELETE', `${base}/:id`, 'delete', `Delete a ${what} (soft)`),
  ];
}
