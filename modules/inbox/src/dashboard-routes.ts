import { type ModuleDeps, type Route, route } from '@portal/core';
import { classOneRecallsSchema, fdaRecallNumberParams, fdaRecordSchema } from '@portal/fda';
import { providerFdaRecalls, providerFdaRecord } from './services/fda-card.js';

const tags = ['provider dashboard'];
/** The provider dashboard's permission (spec 000 §6: Provider_ViewDashboard, also View_Dashboard). */
const VIEW_DASHBOARD = ['Provider_ViewDashboard', 'View_Dashboard'];

/**
 * Issue 15: the provider dashboard's card of FDA Class I recalls of the last 90 days for the firms and product codes of
 * the events it received, and the record behind each (providers have no FDA page; only the card's records open).
 */
export function providerDashboardRoutes({ db }: ModuleDeps): Route[] {
  return [
    route({
      method: 'GET',
      path: '/provider/dashboard/fda-recalls',
      access: VIEW_DASHBOARD,
      tags,
      summary:
        'FDA Class I recalls initiated in the last 90 days whose firm is a supplier of the events the provider (or its sites) received, or whose product code is that of an FDA record those events name (newest first, at most 20)',
      schema: { response: classOneRecallsSchema },
      handler: ({ actor }) => providerFdaRecalls(db, actor),
    }),
    route({
      method: 'GET',
      path: '/provider/dashboard/fda-recalls/:recallNumber',
      access: VIEW_DASHBOARD,
      tags,
      summary: "One FDA record of the provider's dashboard card, with every field (any other number answers 404)",
      schema: { params: fdaRecallNumberParams, response: fdaRecordSchema },
      handler: ({ actor, params }) => providerFdaRecord(db, actor, params.recallNumber),
    }),
  ];
}
