import { type ModuleDeps, type Route, route } from '@portal/core';
import * as schema from './schemas.js';
import {
  downloadLocationFile,
  getLocationFile,
  listLocationFiles,
  uploadLocationFile,
} from './services/location-import.js';
import {
  changeSupplierLocationStatus,
  createSupplierLocation,
  updateSupplierLocation,
} from './services/location-writes.js';
import { downloadSupplierLocations, getSupplierLocation, listSupplierLocations } from './services/locations.js';
import { listSupplierProviders } from './services/supplier-providers.js';
import { statusRoutes } from './status-routes.js';

const MANAGE_LOCATIONS = ['Supplier_ManageLocations'];

/** The supplier's locations, location files and matched providers. */
export function supplierLocationRoutes({ db, files, logger }: ModuleDeps): Route[] {
  const onError = (err: unknown) => logger.error({ err }, 'report stream failed');
  const org = ['organisations'];
  return [
    // ---- the supplier's locations, location files and matched providers ----
    route({
      method: 'GET',
      path: '/supplier/locations/csv-download',
      download: 'csv',
      access: MANAGE_LOCATIONS,
      summary: 'Supplier locations as CSV (list filters apply)',
      tags: org,
      schema: { query: schema.listQuery },
      handler: ({ actor, query, timezone }) => downloadSupplierLocations(db, actor, query, 'csv', timezone, onError),
    }),
    route({
      method: 'GET',
      path: '/supplier/locations/xlsx-download',
      download: 'xlsx',
      access: MANAGE_LOCATIONS,
      summary: 'Supplier locations as XLSX (list filters apply)',
      tags: org,
      schema: { query: schema.listQuery },
      handler: ({ actor, query, timezone }) => downloadSupplierLocations(db, actor, query, 'xlsx', timezone, onError),
    }),
    route({
      method: 'GET',
      path: '/supplier/locations',
      access: MANAGE_LOCATIONS,
      summary: "The supplier's customer locations",
      tags: org,
      schema: { query: schema.listQuery, response: schema.supplierLocationPageSchema },
      handler: ({ actor, query }) => listSupplierLocations(db, actor, query),
    }),
    route({
      method: 'GET',
      path: '/supplier/locations/:id',
      access: MANAGE_LOCATIONS,
      summary: 'One location',
      tags: org,
      schema: { params: schema.idParams, response: schema.supplierLocationSchema },
      handler: ({ actor, params }) => getSupplierLocation(db, actor, params.id),
    }),
    route({
      method: 'POST',
      path: '/supplier/locations',
      access: MANAGE_LOCATIONS,
      summary: 'Create a location',
      tags: org,
      schema: { body: schema.locationBody, response: schema.supplierLocationSchema },
      handler: ({ actor, body }) => createSupplierLocation(db, actor, body),
    }),
    route({
      method: 'PUT',
      path: '/supplier/locations/:id',
      access: MANAGE_LOCATIONS,
      summary: 'Update a location',
      tags: org,
      schema: { params: schema.idParams, body: schema.locationBody, response: schema.supplierLocationSchema },
      handler: ({ actor, params, body }) => updateSupplierLocation(db, actor, params.id, body),
    }),
    ...statusRoutes('/supplier/locations', 'location', MANAGE_LOCATIONS, org, (actor, id, action) =>
      changeSupplierLocationStatus(db, actor, id, action),
    ),
    route({
      method: 'POST',
      path: '/supplier/location-files',
      access: MANAGE_LOCATIONS,
      multipart: true,
      summary: 'Upload a location file (.csv or .xlsx): rows are validated and upserted by location_id',
      tags: org,
      schema: { response: schema.locationFileDetailSchema },
      handler: ({ actor, files: uploads }) => uploadLocationFile(db, actor, files, uploads),
    }),
    route({
      method: 'GET',
      path: '/supplier/location-files',
      access: MANAGE_LOCATIONS,
      summary: "The supplier's uploaded location files",
      tags: org,
      schema: { query: schema.listQuery, response: schema.locationFilePageSchema },
      handler: ({ actor, query }) => listLocationFiles(db, actor, query),
    }),
    route({
      method: 'GET',
      path: '/supplier/location-files/:id',
      access: MANAGE_LOCATIONS,
      summary: 'One location file with its row errors',
      tags: org,
      schema: { params: schema.idParams, response: schema.locationFileDetailSchema },
      handler: ({ actor, params }) => getLocationFile(db, actor, params.id),
    }),
    route({
      method: 'GET',
      path: '/supplier/location-files/:id/download',
      download: 'csv-or-xlsx',
      access: MANAGE_LOCATIONS,
      summary: 'The original upload of a location file',
      tags: org,
      schema: { params: schema.idParams },
      handler: ({ actor, params }) => downloadLocationFile(db, actor, files, params.id),
    }),
    route({
      method: 'GET',
      path: '/supplier/providers',
      access: MANAGE_LOCATIONS,
      summary: "Provider organisations the supplier's locations match, with location counts",
      tags: org,
      schema: { query: schema.listQuery, response: schema.supplierProviderPageSchema },
      handler: ({ actor, query }) => listSupplierProviders(db, actor, query),
    }),
  ];
}
