import { type ModuleDeps, type Route, route } from '@portal/core';
import * as schema from './schemas.js';
import { getOwnOrganization, updateOwnOrganization, uploadProfilePhoto } from './services/profile.js';
import {
  changeSalesRepresentativeStatus,
  createSalesRepresentative,
  downloadSalesRepresentatives,
  getSalesRepresentative,
  listSalesRepresentatives,
  updateSalesRepresentative,
} from './services/sales-reps.js';
import { statusRoutes } from './status-routes.js';

const MANAGE_PROFILE = ['Supplier_ManageProfile', 'Provider_ManageProfile'];
const MANAGE_SALES_REPS = ['Supplier_ManageSalesRepresentative'];

/** The caller's organisation profile and the supplier's sales representatives. */
export function profileRoutes({ db, config, files, logger }: ModuleDeps): Route[] {
  const onError = (err: unknown) => logger.error({ err }, 'report stream failed');
  const org = ['organisations'];
  return [
    // ---- the caller's organisation profile ----
    route({
      method: 'GET',
      path: '/organization/profile',
      access: MANAGE_PROFILE,
      summary: "The caller's organisation profile, with signed logo links",
      tags: org,
      schema: { response: schema.organizationProfileSchema },
      handler: ({ actor }) => getOwnOrganization(db, actor, config),
    }),
    route({
      method: 'PUT',
      path: '/organization/profile',
      access: MANAGE_PROFILE,
      summary: "Update the caller's organisation profile",
      tags: org,
      schema: { body: schema.organizationBody, response: schema.organizationProfileSchema },
      handler: ({ actor, body }) => updateOwnOrganization(db, actor, config, body),
    }),
    route({
      method: 'POST',
      path: '/organization/profile/photo',
      access: MANAGE_PROFILE,
      multipart: true,
      summary: 'Upload the organisation logo (.png or .jpg)',
      tags: org,
      schema: { response: schema.organizationProfileSchema },
      handler: ({ actor, files: uploads }) => uploadProfilePhoto(db, actor, config, files, uploads),
    }),

    // ---- sales representatives ----
    route({
      method: 'GET',
      path: '/supplier/sales-reps/csv-download',
      download: 'csv',
      access: MANAGE_SALES_REPS,
      summary: 'Sales representatives as CSV (list filters apply)',
      tags: org,
      schema: { query: schema.listQuery },
      handler: ({ actor, query, timezone }) => downloadSalesRepresentatives(db, actor, query, 'csv', timezone, onError),
    }),
    route({
      method: 'GET',
      path: '/supplier/sales-reps/xlsx-download',
      download: 'xlsx',
      access: MANAGE_SALES_REPS,
      summary: 'Sales representatives as XLSX (list filters apply)',
      tags: org,
      schema: { query: schema.listQuery },
      handler: ({ actor, query, timezone }) =>
        downloadSalesRepresentatives(db, actor, query, 'xlsx', timezone, onError),
    }),
    route({
      method: 'GET',
      path: '/supplier/sales-reps',
      access: MANAGE_SALES_REPS,
      summary: 'Sales representatives of the caller',
      tags: org,
      schema: { query: schema.listQuery, response: schema.salesRepPageSchema },
      handler: ({ actor, query }) => listSalesRepresentatives(db, actor, query),
    }),
    route({
      method: 'GET',
      path: '/supplier/sales-reps/:id',
      access: MANAGE_SALES_REPS,
      summary: 'One sales representative',
      tags: org,
      schema: { params: schema.idParams, response: schema.salesRepSchema },
      handler: ({ actor, params }) => getSalesRepresentative(db, actor, params.id),
    }),
    route({
      method: 'POST',
      path: '/supplier/sales-reps',
      access: MANAGE_SALES_REPS,
      summary: 'Create a sales representative',
      tags: org,
      schema: { body: schema.salesRepBody, response: schema.salesRepSchema },
      handler: ({ actor, body }) => createSalesRepresentative(db, actor, body),
    }),
    route({
      method: 'PUT',
      path: '/supplier/sales-reps/:id',
      access: MANAGE_SALES_REPS,
      summary: 'Update a sales representative',
      tags: org,
      schema: { params: schema.idParams, body: schema.salesRepBody, response: schema.salesRepSchema },
      handler: ({ actor, params, body }) => updateSalesRepresentative(db, actor, params.id, body),
    }),
    ...statusRoutes('/supplier/sales-reps', 'sales representative', MANAGE_SALES_REPS, org, (actor, id, action) =>
      changeSalesRepresentativeStatus(db, actor, id, action),
    ),
  ];
}
