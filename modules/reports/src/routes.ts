import { idSchema, listQuerySchema, type ModuleDeps, type Route, route } from '@portal/core';
import { SUPPLIER_EVENT_PERMISSIONS } from '@portal/communications';
import {
  auditReport,
  changeHistoryReport,
  eventStatusByLocationReport,
  fdaEffectivenessReport,
  notificationReport,
  providerStatusReport,
  recallEventStatusReport,
  type ReportContext,
} from './services/event-reports.js';
import { affectedLocationsReport } from './services/affected-locations.js';
import { supplierAnswerFilesZip } from './services/answer-files.js';
import { addNewProducts, productTemplate, readProductFile } from './services/products.js';
import { addReportHistory, listReportHistory, REPORT_TYPE_PATTERN } from './services/report-history.js';
import { DASHBOARD_STATUSES, dashboardSummaryReport, eventSummaryReport, getEventSummary } from './services/summary.js';
import { communicationsSchemas as schema, outputSchemas } from '@portal/communications';
import { eventSummarySchema, parsedProductsSchema } from './output-schemas.js';

const tags = ['supplier reports'];
const access = SUPPLIER_EVENT_PERMISSIONS;
const typeParams = {
  type: 'object',
  required: ['id', 'type'],
  properties: { id: idSchema, type: { type: 'string', maxLength: 100, pattern: REPORT_TYPE_PATTERN } },
} as const;
const statusParams = {
  type: 'object',
  required: ['status'],
  properties: {
    status: { type: 'string', enum: [...DASHBOARD_STATUSES, ...DASHBOARD_STATUSES.map((s) => s.toLowerCase())] },
  },
} as const;

/**
 * Supplier reports (spec 001 §7.4): streamed XLSX/CSV files with the spec's names, each download recorded in
 * report_history; the event summary; the product template and product file reading (step 1).
 */
export function supplierReportRoutes({ db, logger, files }: ModuleDeps): Route[] {
  const base = '/supplier/communications';
  const onError = (err: unknown) => logger.error({ err }, 'report stream failed');
  const ctx = (actor: ReportContext['actor'], timeZone: string): ReportContext => ({ db, actor, timeZone, onError });
  const download = (path: string, summary: string, make: (c: ReportContext, id: number) => Promise<unknown>): Route =>
    route({
      method: 'GET',
      path: `${base}/:id/${path}`,
      access,
      tags,
      summary,
      download: path.endsWith('/csv') ? 'csv' : 'xlsx',
      schema: { params: schema.idParams },
      handler: ({ actor, params, timezone }) => make(ctx(actor, timezone), params.id),
    });
  const dashboard = (suffix: string, format: 'xlsx' | 'csv'): Route =>
    route({
      method: 'GET',
      path: `${suffix}/:status/actions/supplier/summeryreport${format === 'csv' ? '/csv' : ''}`,
      access,
      tags,
      summary: `Recall Events Summary Report (${format}) of every event in one status: OPEN, CLOSED, DRAFT or ALL`,
      download: format,
      schema: { params: statusParams },
      handler: ({ actor, params, timezone }) => dashboardSummaryReport(ctx(actor, timezone), params.status, format),
    });
  return [
    route({
      method: 'GET',
      path: `${base}/:id/summary`,
      access,
      tags,
      summary: 'The numbers of one event: customers, notices, acknowledgements, completions, emails',
      schema: { params: schema.idParams, response: eventSummarySchema },
      handler: ({ actor, params }) => getEventSummary(db, actor, params.id),
    }),
    download(
      'actions/provider/statusreport',
      'Provider Status Report (xlsx): one row per provider communication',
      (c, id) => providerStatusReport(c, id, 'xlsx'),
    ),
    download('actions/provider/statusreport/csv', 'Provider Status Report (csv)', (c, id) =>
      providerStatusReport(c, id, 'csv'),
    ),
    download(
      'fdareport',
      'FDA Effectiveness Report (xlsx): consignees and the effectiveness-check level reached',
      (c, id) => fdaEffectivenessReport(c, id),
    ),
    download('change-history-download', 'Change History Report (xlsx): changes made after approval', (c, id) =>
      changeHistoryReport(c, id),
    ),
    download('auditreport', 'Audit Report (xlsx): every history row of the event', (c, id) =>
      auditReport(c, id, 'xlsx'),
    ),
    download('auditreport/csv', 'Audit Report (csv)', (c, id) => auditReport(c, id, 'csv')),
    download(
      'recalleventstatusreport/csv',
      'Recall Event Status Report (csv): every affected customer and its notice',
      (c, id) => recallEventStatusReport(c, id, 'csv'),
    ),
    download(
      'eventstatusbylocation',
      "Event Status By Location Report (xlsx): affected locations and their customer's progress",
      (c, id) => eventStatusByLocationReport(c, id),
    ),
    download('summeryreport', 'Recall Events Summary Report (xlsx) of this event', (c, id) =>
      eventSummaryReport(c, id),
    ),
    download(
      'notificationreport',
      'Notification Report (xlsx): every email of the event and of its conversations, with its delivery and engagement',
      (c, id) => notificationReport(c, id),
    ),
    ...(['csv', 'xlxs'] as const).map((ext) =>
      route({
        // The spec spells the XLSX path "locations-xlxs-download"; kept as written.
        method: 'GET',
        path: `${base}/:id/locations-${ext}-download`,
        access,
        tags: ['supplier communications'],
        summary: `Affected locations as ${ext === 'csv' ? 'CSV' : 'XLSX'} ("Affected Locations Report MM-DD-YYYY")`,
        download: ext === 'csv' ? 'csv' : 'xlsx',
        schema: { params: schema.idParams },
        handler: ({ actor, params, timezone }) =>
          affectedLocationsReport(
            { db, actor: actor, timeZone: timezone, onError: (err) => logger.error({ err }, 'report stream failed') },
            params.id,
            ext === 'csv' ? 'csv' : 'xlsx',
          ),
      }),
    ),
    route({
      method: 'GET',
      path: `${base}/:id/files.zip`,
      access,
      tags,
      download: 'zip',
      summary:
        'Every file the providers uploaded to answer the event, as one streamed zip ("Answer Files <event> MM-DD-YYYY.zip"): manifest.csv (file in the zip, original name, content type, size, action, provider, site, customer, answer status, uploaded by, through, at) then `<customer>/<file id>-<name>`; an event without files answers a zip with the manifest only. At most 5,000 files and 2,048 MB (422 FILES_ZIP_TOO_MANY / FILES_ZIP_TOO_LARGE); recorded in the event history (FILES_DOWNLOADED) and the audit',
      schema: { params: schema.idParams },
      handler: ({ actor, params, timezone, requestId }) =>
        supplierAnswerFilesZip(db, files, actor, params.id, { timeZone: timezone, requestId, onError }),
    }),
    download(
      'product-template',
      'Product Template.xlsx: the product columns and one column per active product field',
      (c, id) => productTemplate(c.db, c.actor, id, c.onError),
    ),
    dashboard('/supplier/dashboard', 'xlsx'),
    dashboard('/supplier/dashboard', 'csv'),
    dashboard(`${base}/supplier/dashboard`, 'xlsx'),
    dashboard(`${base}/supplier/dashboard`, 'csv'),
    route({
      method: 'GET',
      path: `${base}/:id/report-history/:type`,
      access,
      tags,
      summary: 'Who generated this report of the event, newest first (paged)',
      schema: { params: typeParams, query: listQuerySchema },
      handler: ({ actor, params, query }) => listReportHistory(db, actor, params.id, params.type, query),
    }),
    route({
      method: 'POST',
      path: `${base}/:id/add-report-history/:type`,
      access,
      tags,
      summary: 'Record that the caller generated a report of the event',
      schema: { params: typeParams },
      handler: ({ actor, params }) => addReportHistory(db, actor, params.id, params.type),
    }),
    route({
      method: 'POST',
      path: `${base}/step1/read-product-file`,
      access,
      tags,
      multipart: true,
      summary:
        'Read a product file (CSV or XLSX, multipart field `file`) into products without saving; bad rows come back with their line',
      schema: { response: parsedProductsSchema },
      handler: ({ actor, files }) =>
        readProductFile(
          db,
          actor.organizationId,
          files.find((f) => f.field === 'file'),
        ),
    }),
    route({
      method: 'POST',
      path: `${base}/step1/add-new-products`,
      access,
      tags,
      summary: 'Append products to a draft (after its current ones)',
      schema: { body: schema.step1Body, response: outputSchemas.communicationDetailSchema },
      handler: ({ actor, body }) => addNewProducts(db, actor, body.id, body.products),
    }),
  ];
}
