import { type ModuleDeps, type Route, route } from '@portal/core';
import * as schema from './schemas.js';
import {
  createLookupValue,
  deleteLookupValue,
  getLookupValue,
  listLookupValues,
  readableValues,
  scopeOf,
  setLookupValueStatus,
  updateLookupValue,
} from './services/lookups.js';

const tags = ['lookup values'];

/**
 * The same six management calls for the operator (platform values, Notisphere_ManageLookupValues) and for a supplier
 * (its own values, Supplier_ManageLookupValues); the scope comes from the caller, never from the request.
 */
function managementRoutes(db: ModuleDeps['db'], base: string, permission: string, whose: string): Route[] {
  const access = [permission];
  return [
    route({
      method: 'GET',
      path: base,
      access,
      summary: `${whose} lookup values (paged; vocabulary, status and search filters)`,
      tags,
      schema: { query: schema.listQuery, response: schema.lookupValuePageSchema },
      handler: ({ actor, query }) => listLookupValues(db, scopeOf(actor), query),
    }),
    route({
      method: 'POST',
      path: base,
      access,
      summary: `Add one of the ${whose.toLowerCase()} lookup values`,
      tags,
      schema: { body: schema.createBody, response: schema.lookupValueSchema },
      handler: ({ actor, body }) => createLookupValue(db, actor, scopeOf(actor), body),
    }),
    route({
      method: 'GET',
      path: `${base}/:id`,
      access,
      summary: 'One lookup value (with whether records use it)',
      tags,
      schema: { params: schema.idParams, response: schema.lookupValueSchema },
      handler: ({ actor, params }) => getLookupValue(db, scopeOf(actor), params.id),
    }),
    route({
      method: 'PUT',
      path: `${base}/:id`,
      access,
      summary: 'Edit a lookup value (labels and order; the code is fixed once created)',
      tags,
      schema: { params: schema.idParams, body: schema.updateBody, response: schema.lookupValueSchema },
      handler: ({ actor, params, body }) => updateLookupValue(db, actor, scopeOf(actor), params.id, body),
    }),
    route({
      method: 'PUT',
      path: `${base}/:id/status`,
      access,
      summary: 'Activate or Inactivate a lookup value',
      tags,
      schema: { params: schema.idParams, body: schema.statusBody, response: schema.lookupValueSchema },
      handler: ({ actor, params, body }) => setLookupValueStatus(db, actor, scopeOf(actor), params.id, body.status),
    }),
    route({
      method: 'DELETE',
      path: `${base}/:id`,
      access,
      summary: 'Delete a lookup value no record uses (409 when one does: deactivate it instead)',
      tags,
      schema: { params: schema.idParams, response: schema.deletedSchema },
      handler: ({ actor, params }) => deleteLookupValue(db, actor, scopeOf(actor), params.id),
    }),
  ];
}

export function lookupRoutes({ db }: ModuleDeps): Route[] {
  return [
    route({
      method: 'GET',
      path: '/lookup-values',
      access: 'user',
      summary: 'Every lookup value the caller may read, active and inactive (the web loads it once)',
      tags,
      schema: { response: schema.readableSchema },
      handler: ({ actor }) => readableValues(db, actor),
    }),
    ...managementRoutes(db, '/notisphere/lookup-values', 'Notisphere_ManageLookupValues', 'Platform'),
    ...managementRoutes(db, '/supplier/lookup-values', 'Supplier_ManageLookupValues', "The supplier's own"),
  ];
}
