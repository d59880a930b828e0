import { idSchema, listPageSchema, listQuerySchema, type ModuleDeps, type Route, route } from '@portal/core';
import { SUPPLIER_EVENT_PERMISSIONS } from './constants.js';
import { loadOwnCommunication } from './services/access.js';
import { customContentSetAnswer, customRowsUploadedAnswer, idParams } from './schemas.js';
import {
  customContentTemplate,
  listCustomRows,
  ownCustomRowCustomers,
  setCustomContent,
  uploadCustomRows,
} from './services/custom-content.js';
import { operatorCustomRowCustomers, operatorCustomRows } from './services/operator-communications.js';

const tags = ['custom content'];
const access = SUPPLIER_EVENT_PERMISSIONS;
const base = '/supplier/communications/:id/custom-content';

/** The rows list's query: the list query, and one customer (its provider organisation) to narrow to. */
const rowsQuery = {
  type: 'object',
  properties: { ...listQuerySchema.properties, provider_organization_id: idSchema },
} as const;

const nullableText = { type: ['string', 'null'] } as const;

/** One customer row as the supplier and the operator read it (documentation and web types; never enforced). */
const customRowSchema = {
  type: 'object',
  required: [
    'id',
    'provider_organization_id',
    'customer_key',
    'customer_name',
    'product_name',
    'lot_number',
    'serial_number',
    'udi',
    'quantity',
    'expiration_date',
    'custom_fields',
    'unit_answers',
  ],
  properties: {
    id: { type: 'integer' },
    provider_organization_id: { type: 'integer' },
    customer_key: { type: 'string' },
    customer_name: { type: 'string' },
    sort_order: { type: 'integer' },
    product_name: { type: 'string' },
    catalog_number: nullableText,
    lot_number: nullableText,
    serial_number: nullableText,
    udi: nullableText,
    quantity: { type: ['integer', 'null'] },
    expiration_date: { type: ['string', 'null'], format: 'date' },
    custom_fields: { type: 'object' },
    unit_answers: {
      type: 'array',
      items: {
        type: 'object',
        required: ['action_id', 'value'],
        properties: {
          action_id: { type: 'integer' },
          value: {
            type: 'object',
            properties: {
              valueText: { type: 'string' },
              valueNumeric: { type: 'string' },
              valueYesNo: { type: 'string' },
            },
          },
        },
      },
    },
  },
} as const;

/** The rows page: the list envelope, the rows, and whether the event has custom content on. */
export const customRowsPageSchema = {
  ...listPageSchema(customRowSchema),
  required: [...listPageSchema(customRowSchema).required, 'custom_content'],
  properties: { ...listPageSchema(customRowSchema).properties, custom_content: { type: 'boolean' } },
} as const;

export const customersResponse = {
  type: 'array',
  maxItems: 1000,
  items: {
    type: 'object',
    required: ['provider_organization_id', 'customer_name', 'rows'],
    properties: {
      provider_organization_id: { type: 'integer' },
      customer_name: { type: 'string' },
      rows: { type: 'integer' },
    },
  },
} as const;

/** Custom content: the supplier's side. The provider's side is its notice, scoped to its own rows. */
export function customContentRoutes({ db, logger }: ModuleDeps): Route[] {
  const onError = (err: unknown) => logger.error({ err }, 'report stream failed');
  return [
    route({
      method: 'PUT',
      path: base,
      access,
      tags,
      summary: 'Turn custom content on or off for a draft (off drops the customer rows read so far)',
      schema: {
        params: idParams,
        body: { type: 'object', required: ['enabled'], properties: { enabled: { type: 'boolean' } } },
        response: customContentSetAnswer,
      },
      handler: ({ actor, params, body }) => setCustomContent(db, actor, params.id, body.enabled),
    }),
    route({
      method: 'POST',
      path: `${base}/file`,
      access,
      tags,
      multipart: true,
      summary:
        "Step 1 of a custom-content draft: read a product file (CSV or XLSX, part `file`) with a Customer Key column into each customer's rows; any bad row: 400 with every bad line, nothing saved",
      schema: { params: idParams, response: customRowsUploadedAnswer },
      // Another supplier's event answers its 404 before the file is read (the rows are read before the event's checks).
      owner: ({ actor, params }) => loadOwnCommunication(db, actor, params.id),
      handler: ({ actor, params, files }) =>
        uploadCustomRows(
          db,
          actor,
          params.id,
          files.find((f) => f.field === 'file'),
        ),
    }),
    route({
      method: 'GET',
      path: base,
      access,
      tags,
      summary:
        "The event's customer rows with their per-unit answers (`unit_answers`: action_id, value); paged; search by customer, product, lot, serial or UDI; `provider_organization_id` narrows to one customer",
      schema: { params: idParams, query: rowsQuery, response: customRowsPageSchema },
      handler: ({ actor, params, query }) => listCustomRows(db, actor, params.id, query),
    }),
    route({
      method: 'GET',
      path: `${base}/customers`,
      access,
      tags,
      summary: "The customers of the event's rows, with their row counts (the views' customer filter)",
      schema: { params: idParams, response: customersResponse },
      handler: ({ actor, params }) => ownCustomRowCustomers(db, actor, params.id),
    }),
    route({
      method: 'GET',
      path: `${base}/template`,
      download: 'csv-or-xlsx',
      access,
      tags,
      summary:
        'Custom Content Template MM-DD-YYYY.csv (or .xlsx with format=xlsx): the header row the product file reader accepts, with the product field names',
      schema: {
        params: idParams,
        query: { type: 'object', properties: { format: { type: 'string', enum: ['csv', 'xlsx'], default: 'csv' } } },
      },
      handler: ({ actor, params, query, timezone }) =>
        customContentTemplate(db, actor, params.id, query.format ?? 'csv', timezone, onError),
    }),
  ];
}

/** The operator's read-only view of any event's customer rows (View Recall), under Notisphere_ManageRecalls. */
export function operatorCustomContentRoutes({ db }: ModuleDeps): Route[] {
  const operatorBase = '/notisphere/communications/:id/custom-content';
  const operatorAccess = ['Notisphere_ManageRecalls'];
  const operatorTags = ['operator communications'];
  return [
    route({
      method: 'GET',
      path: operatorBase,
      access: operatorAccess,
      tags: operatorTags,
      summary: "Any event's customer rows with their per-unit answers (as its supplier reads them; read-only)",
      schema: { params: idParams, query: rowsQuery, response: customRowsPageSchema },
      handler: ({ actor, params, query }) => operatorCustomRows(db, actor, params.id, query),
    }),
    route({
      method: 'GET',
      path: `${operatorBase}/customers`,
      access: operatorAccess,
      tags: operatorTags,
      summary: "The customers of any event's rows, with their row counts",
      schema: { params: idParams, response: customersResponse },
      handler: ({ actor, params }) => operatorCustomRowCustomers(db, actor, params.id),
    }),
  ];
}
