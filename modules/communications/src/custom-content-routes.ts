import { listQuerySchema, type ModuleDeps, type Route, route } from '@portal/core';
import { SUPPLIER_EVENT_PERMISSIONS } from './constants.js';
import { idParams } from './schemas.js';
import { listCustomRows, setCustomContent, uploadCustomRows } from './services/custom-content.js';

const tags = ['custom content'];
const access = SUPPLIER_EVENT_PERMISSIONS;
const base = '/supplier/communications/:id/custom-content';
type IdParams = { id: number };

/** Custom content (issue 16): the supplier's side. The provider's side is its notice, scoped to its own rows. */
export function customContentRoutes({ db }: ModuleDeps): Route[] {
  return [
    route<{ enabled: boolean }, unknown, IdParams>({
      method: 'PUT',
      path: base,
      access,
      tags,
      summary: 'Turn custom content on or off for a draft (off drops the customer rows read so far)',
      schema: {
        params: idParams,
        body: { type: 'object', required: ['enabled'], properties: { enabled: { type: 'boolean' } } },
      },
      handler: ({ actor, params, body }) => setCustomContent(db, actor, params.id, body.enabled),
    }),
    route<unknown, unknown, IdParams>({
      method: 'POST',
      path: `${base}/file`,
      access,
      tags,
      multipart: true,
      summary:
        "Step 1 of a custom-content draft: read a product file (CSV or XLSX, part `file`) with a Customer Key column into each customer's rows; any bad row: 400 with every bad line, nothing saved",
      schema: { params: idParams },
      handler: ({ actor, params, files }) =>
        uploadCustomRows(
          db,
          actor,
          params.id,
          files.find((f) => f.field === 'file'),
        ),
    }),
    route<unknown, Record<string, unknown>, IdParams>({
      method: 'GET',
      path: base,
      access,
      tags,
      summary: "The event's customer rows (paged; search by customer, product, lot, serial or UDI)",
      schema: { params: idParams, query: { type: 'object', properties: listQuerySchema.properties } },
      handler: ({ actor, params, query }) => listCustomRows(db, actor, params.id, query),
    }),
  ];
}
