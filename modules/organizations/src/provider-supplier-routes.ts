import { type ModuleDeps, type Route, route } from '@portal/core';
import * as schema from './schemas.js';
import { listLocationsToVerify, verifyLocations } from './services/location-verification.js';
import {
  changeSupplierContactStatus,
  createSupplierContact,
  getSupplierContact,
  listSupplierContacts,
  updateSupplierContact,
} from './services/supplier-contacts.js';
import { statusRoutes } from './status-routes.js';

const MANAGE_SUPPLIER_CONTACTS = ['Provider_ManageSupplierContacts'];
const VERIFY_LOCATIONS = ['Provider_ManageLocations'];

/** The provider's side of location verification and its supplier contacts. */
export function providerSupplierRoutes({ db }: ModuleDeps): Route[] {
  const org = ['organisations'];
  return [
    // ---- the provider's side of location verification (spec 000 §4) ----
    route({
      method: 'GET',
      path: '/provider/locations-verification',
      access: VERIFY_LOCATIONS,
      summary: 'Supplier locations mapped to the caller or its sites, with their verification status',
      tags: org,
      schema: { query: schema.listQuery, response: schema.verificationPageSchema },
      handler: ({ actor, query }) => listLocationsToVerify(db, actor, query),
    }),
    route({
      method: 'PUT',
      path: '/provider/locations-verification',
      access: VERIFY_LOCATIONS,
      summary: 'Verify one or many locations (Covered, Emailed, Not Covered, Invalid, Unrecognized)',
      tags: org,
      schema: { body: schema.verifyLocationsBody, response: schema.locationsVerifiedAnswer },
      handler: ({ actor, body }) => verifyLocations(db, actor, body.ids, body.status),
    }),

    // ---- the provider's supplier contacts ----
    route({
      method: 'GET',
      path: '/provider/supplier-contacts',
      access: MANAGE_SUPPLIER_CONTACTS,
      summary: "The caller's contacts at its suppliers",
      tags: org,
      schema: { query: schema.listQuery, response: schema.supplierContactPageSchema },
      handler: ({ actor, query }) => listSupplierContacts(db, actor, query),
    }),
    route({
      method: 'GET',
      path: '/provider/supplier-contacts/:id',
      access: MANAGE_SUPPLIER_CONTACTS,
      summary: 'One supplier contact',
      tags: org,
      schema: { params: schema.idParams, response: schema.supplierContactSchema },
      handler: ({ actor, params }) => getSupplierContact(db, actor, params.id),
    }),
    route({
      method: 'POST',
      path: '/provider/supplier-contacts',
      access: MANAGE_SUPPLIER_CONTACTS,
      summary: 'Create a supplier contact (one per supplier)',
      tags: org,
      schema: { body: schema.supplierContactBody, response: schema.supplierContactSchema },
      handler: ({ actor, body }) => createSupplierContact(db, actor, body),
    }),
    route({
      method: 'PUT',
      path: '/provider/supplier-contacts/:id',
      access: MANAGE_SUPPLIER_CONTACTS,
      summary: 'Update a supplier contact',
      tags: org,
      schema: { params: schema.idParams, body: schema.supplierContactBody, response: schema.supplierContactSchema },
      handler: ({ actor, params, body }) => updateSupplierContact(db, actor, params.id, body),
    }),
    ...statusRoutes(
      '/provider/supplier-contacts',
      'supplier contact',
      MANAGE_SUPPLIER_CONTACTS,
      org,
      (actor, id, action) => changeSupplierContactStatus(db, actor, id, action),
    ),
  ];
}
