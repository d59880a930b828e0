import { type ModuleDeps, type Route, route } from '@portal/core';
import { listOperatorResponses, operatorResponseDetail } from './services/operator-responses.js';
import * as s from './schemas.js';
import { listQuery } from '@portal/communications';

const tags = ['operator communications'];
const access = ['NotiSphere_ResponderRole'];

/** The operator's read-only eR responses across every provider (`/notisphere/er-response`; docs/api-provider.md). */
export function operatorRoutes({ db, config }: ModuleDeps): Route[] {
  const base = '/notisphere/communications/responses';
  return [
    route({
      method: 'GET',
      path: base,
      access,
      tags,
      schema: { query: listQuery, response: s.operatorResponsePage },
      summary:
        "Every provider's eR responses rows (one per provider communication and responding person), with the provider; operators only",
      handler: ({ actor, query }) => listOperatorResponses(db, actor, query),
    }),
    route({
      method: 'GET',
      path: `${base}/:id/:x`,
      access,
      tags,
      schema: { params: s.params(['id', 'x']), response: s.operatorResponseDetail },
      summary: 'The answers of provider communication x of event id, read-only (audited); operators only',
      handler: ({ actor, params, requestId }) =>
        operatorResponseDetail(db, config, actor, params.id, params.x, requestId),
    }),
  ];
}
