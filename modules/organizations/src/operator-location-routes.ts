import { type ModuleDeps, type Route, route } from '@portal/core';
import * as schema from './schemas.js';
import { listAllLocationsToVerify, verifyLocations } from './services/location-verification.js';
import { downloadAllLocations, listAllLocations, locationSuppliers } from './services/operator-locations.js';

/** The operator's location screens (spec 000 §2): /notisphere/locations and /notisphere/locations-verification. */
const MANAGE_LOCATIONS = ['Notisphere_ManageLocations'];
const tags = ['operator locations'];

export function operatorLocationRoutes({ db, logger }: ModuleDeps): Route[] {
  const onError = (err: unknown) => logger.error({ err }, 'report stream failed');
  const download = (format: 'csv' | 'xlsx') =>
    route({
      method: 'GET',
      path: `/notisphere/locations/${format}-download`,
      download: format,
      access: MANAGE_LOCATIONS,
      summary: `Every supplier's locations as ${format.toUpperCase()} (list filters apply)`,
      tags,
      schema: { query: schema.listQuery },
      handler: ({ query, timezone }) => downloadAllLocations(db, query, format, timezone, onError),
    });
  return [
    route({
      method: 'GET',
      path: '/notisphere/locations',
      access: MANAGE_LOCATIONS,
      summary:
        "Every supplier's locations; filterModel organization_id, verification_status (NONE = not verified), state and status match exactly",
      tags,
      schema: { query: schema.listQuery, response: schema.operatorLocationPageSchema },
      handler: ({ query }) => listAllLocations(db, query),
    }),
    download('csv'),
    download('xlsx'),
    route({
      method: 'GET',
      path: '/notisphere/locations/suppliers',
      access: MANAGE_LOCATIONS,
      summary: 'Suppliers that have locations (the supplier filter)',
      tags,
      schema: { response: schema.supplierOptions },
      handler: () => locationSuppliers(db),
    }),
    route({
      method: 'GET',
      path: '/notisphere/locations-verification',
      access: MANAGE_LOCATIONS,
      summary:
        "Every supplier's active locations mapped to a provider, with their verification (filterModel verification_status, supplier_organization_id)",
      tags,
      schema: { query: schema.listQuery, response: schema.verificationPageSchema },
      handler: ({ query }) => listAllLocationsToVerify(db, query),
    }),
    route({
      method: 'PUT',
      path: '/notisphere/locations-verification',
      access: MANAGE_LOCATIONS,
      summary: 'Verify one or many locations for their provider (Covered, Emailed, Not Covered, Invalid, Unrecognized)',
      tags,
      schema: { body: schema.verifyLocationsBody, response: schema.locationsVerifiedAnswer },
      handler: ({ actor, body }) => verifyLocations(db, actor, body.ids, body.status, 'any'),
    }),
  ];
}
