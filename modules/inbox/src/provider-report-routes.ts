import { type ModuleDeps, type Route, route } from '@portal/core';
import {
  providerAffectedLocationsReport,
  providerAffectedProductsReport,
  providerChangeHistoryReport,
  providerCustomContentCsv,
  providerCustomizedContentReport,
  providerDelegateSummaryReport,
  providerRecallSummaryReport,
} from './services/provider-reports.js';
import * as s from './schemas.js';
import { PROVIDER_EVENT_PERMISSIONS, PROVIDER_LIST_PERMISSIONS } from './services/scope.js';

const access = PROVIDER_EVENT_PERMISSIONS;

/**
 * The provider's downloads (001 §7.4 "Provider-side downloads"). Listed before every route with a parameter in the same
 * place, so `providerRecallSummaryReport` is never read as an id.
 */
export function providerReportRoutes(db: ModuleDeps['db'], logger: ModuleDeps['logger']): Route[] {
  const base = '/provider/communications';
  const reportTags = ['provider reports'];
  const onError = (err: unknown) => logger.error({ err }, 'report stream failed');
  type Make = typeof providerAffectedLocationsReport;
  const perEvent = (path: string, summary: string, make: Make): Route =>
    route({
      method: 'GET',
      path: `${base}/:id/${path}/:x`,
      download: 'xlsx',
      access,
      tags: reportTags,
      summary: `${summary} (id = communication, x = provider communication)`,
      schema: { params: s.params(['id', 'x']) },
      handler: ({ actor, params, timezone }) => make({ db, actor, timeZone: timezone, onError }, params.id!, params.x!),
    });
  const formats = ['xlsx', 'csv'] as const;
  return [
    ...formats.map((format) =>
      route({
        method: 'GET',
        path: `${base}/providerRecallSummaryReport${format === 'csv' ? '/csv' : ''}`,
        download: format,
        access: PROVIDER_LIST_PERMISSIONS,
        tags: reportTags,
        summary: `Provider Recall Summary Report (${format}): every row of the provider list the query matches (responses=1: the eR responses rows)`,
        schema: { query: s.listQuery },
        handler: ({ actor, query, timezone }) =>
          providerRecallSummaryReport({ db, actor, timeZone: timezone, onError }, query, format),
      }),
    ),
    ...formats.map((format) =>
      route({
        method: 'GET',
        path: `${base}/providerAllDelegateSummaryReport${format === 'csv' ? '/csv' : ''}`,
        download: format,
        access,
        tags: reportTags,
        summary: `Delegate Summary Report (${format}): every delegate of the provider and its sites`,
        schema: { query: s.emptyQuery },
        handler: ({ actor, timezone }) =>
          providerDelegateSummaryReport({ db, actor, timeZone: timezone, onError }, format),
      }),
    ),
    perEvent(
      'provideraffectedlocation',
      "Affected Locations Report (xlsx): the locations of the provider's customer",
      providerAffectedLocationsReport,
    ),
    perEvent(
      'provideraffectedproducts',
      "Affected Products Report (xlsx): the event's products",
      providerAffectedProductsReport,
    ),
    perEvent(
      'customizedcontent',
      "Customized Content Report (xlsx): the provider's own rows and per-unit answers of a custom-content event, then its internal actions, notes and documents",
      providerCustomizedContentReport,
    ),
    route({
      method: 'GET',
      path: `${base}/:id/customizedcontent/:x/csv`,
      download: 'csv',
      access,
      tags: reportTags,
      summary:
        "Customized Content Report (csv): the provider's own rows and per-unit answers of a custom-content event (409 for another event)",
      schema: { params: s.params(['id', 'x']) },
      handler: ({ actor, params, timezone }) =>
        providerCustomContentCsv({ db, actor, timeZone: timezone, onError }, params.id!, params.x!),
    }),
    perEvent(
      'change-history-report',
      'Change History Report (xlsx): the changes after approval the provider sees',
      providerChangeHistoryReport,
    ),
  ];
}
