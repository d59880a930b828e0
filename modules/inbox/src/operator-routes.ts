import { type ModuleDeps, type Route, route } from '@portal/core';
import {
  listOperatorResponses,
  operatorResponseDetail,
  operatorResponsesReport,
} from './services/operator-responses.js';
import * as s from './schemas.js';
import { listQuery } from '@portal/communications';

const tags = ['operator communications'];
const access = ['NotiSphere_ResponderRole'];

/** The operator's read-only eR responses across every provider (`/notisphere/er-response`; docs/api-provider.md). */
export function operatorRoutes({ db, config, logger }: ModuleDeps): Route[] {
  const base = '/notisphere/communications/responses';
  const onError = (err: unknown) => logger.error({ err }, 'report stream failed');
  return [
    // Before `/:id/:x`: one segment, so never read as ids; the operator's downloads are named as the recalls' are.
    ...(['csv', 'xlsx'] as const).map((format) =>
      route({
        method: 'GET',
        path: `${base}/download${format}`,
        download: format,
        access,
        tags,
        schema: { query: listQuery },
        summary: `eR Responses Report (${format}): every provider's eR responses rows the list query matches; operators only`,
        handler: ({ actor, query, timezone }) =>
          operatorResponsesReport({ db, actor, timeZone: timezone, onError }, query, format),
      }),
    ),
    route({
      method: 'GET',
      path: base,
      access,
      tags,
      schema: { query: listQuery, response: s.operatorResponsePage },
      summary:
        "Every provider's eR responses rows (one per provider communication and responding person), with the provider; operators only",
      readOnly: true,
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
