import { messageResult, type ModuleDeps, type Route, route } from '@portal/core';
import * as schema from './schemas.js';
import { getImport, listImports, refusalsFile, startImport, uploadImport } from './services/imports.js';
import { departments, downloadItems, listItems } from './services/items.js';
import { siteOptions } from './services/scope.js';

const tags = ['inventory'];
const BASE = '/provider/inventory';
/** Who reads the item master: coordinators and responders (they count units); who imports: coordinators. */
const READ = ['Provider_ManageRecalls', 'Provider_ResponderRole'];
const IMPORT = ['Provider_ManageRecalls'];

/**
 * The provider's item master and purchase history (issue 38, item 1), scoped to the caller's organisation. Fixed
 * paths come before `/imports/:id`.
 */
export function inventoryRoutes({ db, files, logger, jobs }: ModuleDeps): Route[] {
  const onError = (err: unknown) => logger.error({ err }, 'inventory download failed');
  const download = (format: 'csv' | 'xlsx') =>
    route({
      method: 'GET',
      path: `${BASE}/items/${format}`,
      download: format,
      access: READ,
      summary: `The item master or purchase history as ${format.toUpperCase()} (the list's search, filters and sort)`,
      tags,
      schema: { query: schema.itemListQuery },
      handler: ({ actor, query, timezone }) => downloadItems(db, actor, query, format, timezone, onError),
    });
  return [
    route({
      method: 'GET',
      path: `${BASE}/items`,
      access: READ,
      summary:
        'The item master (kind=items) or purchase history (kind=purchases): paged, searched over every identifier, site_id and department filters',
      tags,
      schema: { query: schema.itemListQuery, response: schema.itemPageSchema },
      handler: ({ actor, query }) => listItems(db, actor, query),
    }),
    download('csv'),
    download('xlsx'),
    route({
      method: 'GET',
      path: `${BASE}/filters`,
      access: READ,
      summary: "The list's filter options: the organisation's sites and the departments its item master names",
      tags,
      schema: { response: schema.filtersSchema },
      handler: async ({ actor }) => ({
        sites: await siteOptions(db, actor),
        departments: await departments(db, actor),
      }),
    }),
    route({
      method: 'GET',
      path: `${BASE}/imports`,
      access: READ,
      summary: "The organisation's last 20 imports, newest first",
      tags,
      schema: { response: schema.importListSchema },
      handler: ({ actor }) => listImports(db, actor),
    }),
    route({
      method: 'POST',
      path: `${BASE}/imports`,
      access: IMPORT,
      multipart: true,
      summary:
        'Upload an item master or purchase history file (.csv or .xlsx, part `file`; `kind`): its first rows, header row and proposed mapping',
      tags,
      schema: { body: schema.uploadBody, response: schema.uploadSchema },
      handler: async ({ actor, body, files: uploads }) => {
        const upload = uploads.find((u) => u.field === 'file') ?? uploads[0];
        return messageResult('The file is ready to map.', await uploadImport(db, actor, files, body.kind, upload), 201);
      },
    }),
    route({
      method: 'POST',
      path: `${BASE}/imports/:id/start`,
      access: IMPORT,
      summary: 'Confirm the header row and column mapping: the import runs in the background (remembered mapping)',
      tags,
      schema: { params: schema.idParams, body: schema.startBody, response: schema.importSchema },
      handler: async ({ actor, params, body }) => {
        const started = await startImport(db, actor, files, params.id, body);
        jobs?.wake('inventory-import');
        return started;
      },
    }),
    route({
      method: 'GET',
      path: `${BASE}/imports/:id/refusals/:format`,
      download: 'csv-or-xlsx',
      access: READ,
      summary: 'Every refused row of an import with its reason (CSV or XLSX)',
      tags,
      schema: { params: schema.refusalFormatParams },
      handler: ({ actor, params, timezone }) => refusalsFile(db, actor, params.id, params.format, timezone, onError),
    }),
    route({
      method: 'GET',
      path: `${BASE}/imports/:id`,
      access: READ,
      summary: 'One import: status, progress, created/updated/unchanged/refused counts and the first refused rows',
      tags,
      schema: { params: schema.idParams, response: schema.importDetailSchema },
      handler: ({ actor, params }) => getImport(db, actor, params.id),
    }),
  ];
}
