import {
  dateTimeSchema,
  listPageSchema,
  listQuerySchema,
  MAX_INT4,
  type ModuleDeps,
  type Route,
  route,
} from '@portal/core';
import { FIELD_TYPES } from './constants.js';
import { idParams } from './schemas.js';
import {
  getProductField,
  listProductFields,
  saveProductField,
  setProductFieldStatus,
} from './services/product-fields.js';

const tags = ['product fields'];
const STATUSES = ['ACTIVE', 'INACTIVE'] as const;

const listQuery = {
  type: 'object',
  properties: {
    ...listQuerySchema.properties,
    status: { type: 'string', enum: STATUSES },
    field_type: { type: 'string', enum: FIELD_TYPES },
  },
} as const;

const fieldBody = {
  type: 'object',
  required: ['name', 'field_type'],
  additionalProperties: false,
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 100, pattern: '\\S' },
    field_type: { type: 'string', enum: FIELD_TYPES },
    options: { type: 'array', maxItems: 100, items: { type: 'string', maxLength: 200 } },
    is_required: { type: 'boolean' },
    sort_order: { type: 'integer', minimum: 0, maximum: MAX_INT4 },
    status: { type: 'string', enum: STATUSES },
  },
} as const;

const statusBody = {
  type: 'object',
  required: ['status'],
  properties: { status: { type: 'string', enum: STATUSES } },
} as const;

export const productFieldSchema = {
  type: 'object',
  required: [
    'id',
    'name',
    'field_type',
    'options',
    'is_required',
    'sort_order',
    'status',
    'organization_id',
    'updated_at',
  ],
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    field_type: { type: 'string', enum: FIELD_TYPES },
    options: { type: 'array', items: { type: 'string' } },
    is_required: { type: 'boolean' },
    sort_order: { type: 'integer' },
    status: { type: 'string', enum: STATUSES },
    organization_id: { type: ['integer', 'null'] },
    updated_at: dateTimeSchema,
  },
} as const;

/**
 * Product fields: the operator manages the platform's under /notisphere/fields, a supplier its own under
 * /supplier/fields (the spec names the screens and permissions, not the calls). Same calls, same shapes.
 */
export function productFieldRoutes({ db }: ModuleDeps): Route[] {
  const sides = [
    { base: '/notisphere/fields', access: ['Notisphere_ManageProductFields'], whose: 'platform-wide' },
    { base: '/supplier/fields', access: ['Supplier_ManageProductFields'], whose: "the supplier's own" },
  ];
  return sides.flatMap(({ base, access, whose }) => [
    route({
      method: 'GET',
      path: base,
      access,
      tags,
      summary: `Product fields, ${whose} (paged; status and field_type filters; search by name)`,
      schema: { query: listQuery, response: listPageSchema(productFieldSchema) },
      handler: ({ actor, query }) => listProductFields(db, actor, query),
    }),
    route({
      method: 'GET',
      path: `${base}/:id`,
      access,
      tags,
      summary: `One product field, ${whose}`,
      schema: { params: idParams, response: productFieldSchema },
      handler: ({ actor, params }) => getProductField(db, actor, params.id),
    }),
    route({
      method: 'POST',
      path: base,
      access,
      tags,
      summary: `Add a product field, ${whose} (list types need options)`,
      schema: { body: fieldBody, response: productFieldSchema },
      handler: ({ actor, body }) => saveProductField(db, actor, null, body),
    }),
    route({
      method: 'PUT',
      path: `${base}/:id`,
      access,
      tags,
      summary: `Edit a product field, ${whose} (the type of a field in use cannot change)`,
      schema: { params: idParams, body: fieldBody, response: productFieldSchema },
      handler: ({ actor, params, body }) => saveProductField(db, actor, params.id, body),
    }),
    route({
      method: 'PUT',
      path: `${base}/:id/status`,
      access,
      tags,
      summary: `Activate or inactivate a product field, ${whose}`,
      schema: { params: idParams, body: statusBody, response: productFieldSchema },
      handler: ({ actor, params, body }) => setProductFieldStatus(db, actor, params.id, body.status),
    }),
  ]);
}
