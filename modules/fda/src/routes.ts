import { type ModuleDeps, type Route, route } from '@portal/core';
import * as schema from './schemas.js';
import { downloadFda, type FdaList, getFda, listFda } from './services/records-list.js';

const tags = ['fda'];
const BASE = '/notisphere/fda';
const VIEW_FDA = ['Notisphere_ViewFDAInformation'];

const LABEL: Record<FdaList, string> = {
  devices: 'device recalls',
  'device-enforcement': 'device enforcement reports',
  drugs: 'drug enforcement reports',
};
const ONE: Record<FdaList, string> = {
  devices: 'device recall',
  'device-enforcement': 'device enforcement report',
  drugs: 'drug enforcement report',
};

/**
 * Issue 15 (Notisphere_ViewFDAInformation): the public FDA records as the operator's grids read them. Downloads are
 * mounted before `/{recallNumber}`.
 */
export function fdaRoutes({ db, logger }: ModuleDeps): Route[] {
  const onError = (err: unknown) => logger.error({ err }, 'report stream failed');
  return (['devices', 'device-enforcement', 'drugs'] as const).flatMap((list) => [
    route({
      method: 'GET',
      path: `${BASE}/${list}`,
      access: VIEW_FDA,
      summary: `FDA ${LABEL[list]} (paged; search, status, classification, firm, productCode, initiation-date range)`,
      tags,
      schema: { query: schema.listQuery, response: schema.fdaPageSchema },
      handler: ({ query }) => listFda(db, list, query),
    }),
    ...(['csv', 'xlsx'] as const).map((format) =>
      route({
        method: 'GET',
        path: `${BASE}/${list}/${format}-download`,
        download: format,
        access: VIEW_FDA,
        summary: `FDA ${LABEL[list]} as ${format.toUpperCase()} (the list's filters apply)`,
        tags,
        schema: { query: schema.listQuery },
        handler: ({ query, timezone }) => downloadFda(db, list, query, format, timezone, onError),
      }),
    ),
    route({
      method: 'GET',
      path: `${BASE}/${list}/:recallNumber`,
      access: VIEW_FDA,
      summary: `One FDA ${ONE[list]} with every field`,
      tags,
      schema: { params: schema.recallNumberParams, response: schema.fdaRecordSchema },
      handler: ({ params }) => getFda(db, list, params.recallNumber),
    }),
  ]);
}
