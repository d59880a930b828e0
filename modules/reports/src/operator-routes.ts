import type { ModuleDeps, Route } from '@portal/core';
import { idSchema, route } from '@portal/core';
import { operatorFilterProps } from '@portal/communications';
import { operatorEventSummaryReport } from './services/summary.js';
import { operatorAnswerFilesZip } from './services/answer-files.js';

/**
 * The operator's Event Summary Report (spec 001 §7.10, `GET /notisphere/communications/{type}/summary`), here because
 * it streams the reports module's event summary and reports may import communications, not the other way round.
 * `{type}` is the file type, csv or xlsx (the spec: "in CSV or XLSX"; the event type is the `category` filter).
 */
export function operatorReportRoutes({ db, logger, files }: ModuleDeps): Route[] {
  return [
    route({
      method: 'GET',
      path: '/notisphere/communications/:id/files.zip',
      access: ['Notisphere_ManageRecalls'],
      download: 'zip',
      tags: ['operator communications'],
      summary:
        "Every file the providers uploaded to answer any supplier's event, as one streamed zip with manifest.csv (as the supplier's GET /supplier/communications/{id}/files.zip); recorded in the event history and the audit",
      schema: { params: { type: 'object', required: ['id'], properties: { id: idSchema } } },
      handler: ({ actor, params, timezone, requestId }) =>
        operatorAnswerFilesZip(db, files, actor, params.id, {
          timeZone: timezone,
          requestId,
          onError: (err) => logger.error({ err }, 'answer files zip failed'),
        }),
    }),
    route({
      method: 'GET',
      path: '/notisphere/communications/:type/summary',
      access: ['Notisphere_ManageRecalls'],
      download: 'csv-or-xlsx',
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
