import { type ModuleDeps, type Route, route } from '@portal/core';
import { assertOperator, getMetrics, scopeOf } from './services/figures.js';
import { kpiMeta } from './services/meta.js';
import * as s from './schemas.js';

const OPERATOR = ['Notisphere_ViewDashboard', 'Notisphere_ViewKeyMetrics'];

/**
 * Dashboards and key metrics: the operator's figures of every tenant with their filters, and the same
 * figures of the caller's own tenant on the supplier and provider dashboards. Read off the daily rollups.
 */
export function metricsRoutes({ db }: ModuleDeps): Route[] {
  return [
    route({
      method: 'GET',
      path: '/notisphere/organizations/kpi-meta/:id',
      access: OPERATOR,
      tags: ['operator metrics'],
      summary:
        'Key metrics filter values: suppliers, the providers supplier id sent to (every provider for 0), types, periods',
      schema: { params: s.kpiMetaParams, response: s.kpiMetaResponse },
      handler: ({ actor, params }) => {
        assertOperator(actor);
        return kpiMeta(db, params.id);
      },
    }),
    route({
      method: 'GET',
      path: '/notisphere/metrics',
      access: OPERATOR,
      tags: ['operator metrics'],
      summary:
        'Dashboard and key metrics figures of every tenant, filtered by supplier, provider, type and period; operators only',
      schema: { query: s.metricsQuery, response: s.metricsResponse },
      handler: async ({ actor, query }) => {
        assertOperator(actor);
        return getMetrics(db, await scopeOf(db, actor, query), true);
      },
    }),
    route({
      method: 'GET',
      path: '/supplier/dashboard/metrics',
      access: ['Supplier_ViewDashboard'],
      tags: ['supplier dashboard'],
      summary: "The supplier dashboard's figures: its own events and notices, by provider, type and period",
      schema: { query: s.metricsQuery, response: s.metricsResponse },
      handler: async ({ actor, query }) => getMetrics(db, await scopeOf(db, actor, query), true),
    }),
    route({
      method: 'GET',
      path: '/provider/dashboard/metrics',
      access: ['Provider_ViewDashboard', 'View_Dashboard'],
      tags: ['provider dashboard'],
      summary:
        "The provider dashboard's figures: notices its organisation and sites received, by supplier, type and period",
      schema: { query: s.metricsQuery, response: s.metricsResponse },
      handler: async ({ actor, query }) => getMetrics(db, await scopeOf(db, actor, query), false),
    }),
  ];
}
