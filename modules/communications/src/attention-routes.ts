import { listQuerySchema, type ModuleDeps, type Route, route } from '@portal/core';
import { SUPPLIER_EVENT_PERMISSIONS } from './constants.js';
import { healthSystemsSchema, operatorProviderPageSchema } from './attention-schemas.js';
import * as schema from './schemas.js';
import { healthSystems } from './services/health-systems.js';
import { listOperatorProviders } from './services/operator-providers.js';

/** The supplier's roll-up of an event's health systems (the customers that are sites of one). */
export function supplierAttentionRoutes({ db }: ModuleDeps): Route[] {
  return [
    route({
      method: 'GET',
      path: '/supplier/communications/:id/health-systems',
      access: SUPPLIER_EVENT_PERMISSIONS,
      tags: ['supplier communications'],
      summary:
        "The health systems whose sites are the event's customers: per health system its sites, acknowledged, answered, not affected and overdue (at most 1000, by name)",
      schema: { params: schema.idParams, response: healthSystemsSchema },
      handler: ({ actor, params }) => healthSystems(db, actor, params.id),
    }),
  ];
}

/** The operator's per-provider answers of any supplier's event (the Responses tab of View Recall). */
export function operatorAttentionRoutes({ db }: ModuleDeps): Route[] {
  return [
    route({
      method: 'GET',
      path: '/notisphere/communications/:id/providers',
      access: ['Notisphere_ManageRecalls'],
      tags: ['operator communications'],
      summary:
        "Every provider communication of any supplier's event: provider (health system), site, acknowledgement, answer, not-affected reason, due date, overdue (paged, read-only)",
      schema: { params: schema.idParams, query: listQuerySchema, response: operatorProviderPageSchema },
      readOnly: true,
      handler: ({ actor, params, query }) => listOperatorProviders(db, actor, params.id, query),
    }),
  ];
}
