import type { ModuleDeps, Route } from '@portal/core';
import { route } from '@portal/core';
import { operatorFilterProps } from '@portal/communications';
import { operatorEventSummaryReport } from './services/summary.js';

/**
 * The operator's Event Summary Report (spec 001 §7.10, `GET /notisphere/communications/{type}/summary`), here because
 * it streams the reports module's event summary and reports may import communications, not the other way round.
 * `{type}` is the file type, csv or xlsx (the spec: "in CSV or XLSX"; the event type is the `category` filter).
 */
export function operatorReportRoutes({ db, logger }: ModuleDeps): Route[] {
  return [
    route({
      method: 'GET',
      path: '/notisphere/communications/:type/summary',
      access: ['Notisphere_ManageRecalls'],
      tags: ['operator communications'],
      summary:
        'Event Summary Report of every supplier\'s events matching the filters, as csv or xlsx ("Event Summary Report MM-DD-YYYY")',
      schema: {
        params: {
          type: 'object',
          required: ['type'],
          properties: { type: { type: 'string', enum: ['csv', 'xlsx', 'CSV', 'XLSX'] } },
        },
        query: { type: 'object', properties: operatorFilterProps },
      },
      handler: ({ actor, params, query, timezone }) =>
        operatorEventSummaryReport(
          { db, actor, timeZone: timezone, onError: (err) => logger.error({ err }, 'report stream failed') },
          query,
          params.type.toLowerCase() === 'csv' ? 'csv' : 'xlsx',
        ),
    }),
  ];
}
