import { type ModuleDeps, type Route, route } from '@portal/core';
import * as schema from './operator-schemas.js';
import { idParams } from './schemas.js';
import {
  createManagedOrganization,
  deactivateManagedOrganization,
  updateManagedOrganization,
} from './services/operator-organization-writes.js';
import { downloadProviderAccounts, providerAccountData } from './services/operator-provider-accounts.js';
import { getManagedOrganization, listOrganizations } from './services/operator-organization-reads.js';
import {
  type ManagedType,
  notisphereManagedFilterMeta,
  organizationMeta,
  providerOrganizationMeta,
  recallOrganizationMeta,
  ssoFilterMeta,
  statusFilterMeta,
} from './services/operator-organizations.js';
import {
  createSupplierMasterNames,
  linkSupplierMasterName,
  listSupplierMaster,
  supplierNameList,
  updateSupplierMasterStatus,
} from './services/supplier-master.js';

const SUPPLIERS = ['Notisphere_ManageSuppliers'];
const PROVIDERS = ['Notisphere_ManageProviders'];
const EITHER = [...SUPPLIERS, ...PROVIDERS];
/** The supplier master's page sits under Notisphere_ManageUserGuides in the route table (spec 000 §2). */
const SUPPLIER_MASTER = [...SUPPLIERS, 'Notisphere_ManageUserGuides'];

const BASE = '/notisphere/organizations';

/** The operator's organisations, onboarding and supplier master (spec 001 §7.11), under /notisphere/organizations. */
export function operatorOrganizationRoutes({ db, config, mail, logger }: ModuleDeps): Route[] {
  const tags = ['operator organisations'];
  const onError = (err: unknown) => logger.error({ err }, 'report stream failed');

  /** GET, PUT and DELETE of one organisation, and its creation, for suppliers and providers alike. */
  function crud(
    type: ManagedType,
    path: string,
    access: string[],
    bodies: {
      create: typeof schema.newSupplierBody | typeof schema.newProviderBody;
      update: typeof schema.supplierUpdateBody | typeof schema.providerUpdateBody;
    },
    detail: object,
  ): Route[] {
    const what = type === 'SUPPLIER' ? 'supplier' : 'provider (health system with its sites)';
    return [
      route({
        method: 'GET',
        path: `${BASE}/${path}/:id`,
        access,
        tags,
        summary: `One ${what} with its settings and administrator`,
        schema: { params: idParams, response: detail },
        handler: ({ params }) => getManagedOrganization(db, config, type, params.id),
      }),
      route({
        method: 'POST',
        path: `${BASE}/${path}`,
        access,
        tags,
        summary: `Onboard a ${what}: its roles and its administrator, invited by email`,
        schema: { body: bodies.create, response: detail },
        handler: async ({ actor, body }) => {
          const created = await createManagedOrganization(db, actor, config, type, body);
          mail.kick();
          return created;
        },
      }),
      route({
        method: 'PUT',
        path: `${BASE}/${path}/:id`,
        access,
        tags,
        summary: `Update a ${what} (the fields sent); status ACTIVE reactivates it`,
        schema: { params: idParams, body: bodies.update, response: detail },
        handler: ({ actor, params, body }) => updateManagedOrganization(db, actor, config, type, params.id, body),
      }),
      route({
        method: 'DELETE',
        path: `${BASE}/${path}/:id`,
        access,
        tags,
        summary: `Deactivate a ${what} (soft): its users' sessions end at once`,
        schema: { params: idParams },
        handler: ({ actor, params }) => deactivateManagedOrganization(db, actor, type, params.id),
      }),
    ];
  }

  return [
    // ---- filter meta ----
    route({
      method: 'GET',
      path: `${BASE}/filters-meta/sso`,
      access: EITHER,
      tags,
      summary: 'Options of the SSO filter',
      schema: { response: schema.optionList },
      handler: () => ssoFilterMeta(),
    }),
    route({
      method: 'GET',
      path: `${BASE}/filters-meta/status`,
      access: EITHER,
      tags,
      summary: 'Options of the organisation status filter',
      schema: { response: schema.optionList },
      handler: () => statusFilterMeta(),
    }),
    route({
      method: 'GET',
      path: `${BASE}/filters-meta/notisphere-managed`,
      access: EITHER,
      tags,
      summary: 'Options of the Notisphere-managed filter',
      schema: { response: schema.optionList },
      handler: () => notisphereManagedFilterMeta(),
    }),
    route({
      method: 'GET',
      path: `${BASE}/meta`,
      access: EITHER,
      tags,
      summary: 'Active organisations (optionally of one type) for pickers',
      schema: { query: schema.orgTypeQuery, response: schema.organizationOptions },
      handler: ({ query }) => organizationMeta(db, query),
    }),
    route({
      method: 'GET',
      path: `${BASE}/recall-Orgmeta`,
      access: [...EITHER, 'Notisphere_ManageRecalls'],
      tags,
      summary: 'Suppliers and providers (with sites) a recall list can be filtered by',
      schema: { response: schema.recallOrganizationMetaAnswer },
      handler: () => recallOrganizationMeta(db),
    }),

    // ---- suppliers ----
    route({
      method: 'GET',
      path: `${BASE}/suppliers`,
      access: SUPPLIERS,
      tags,
      summary: 'Supplier organisations (address filters, filterModel, search)',
      schema: { query: schema.supplierListQuery, response: schema.supplierPage },
      handler: ({ query }) => listOrganizations(db, 'SUPPLIER', query),
    }),
    ...crud(
      'SUPPLIER',
      'suppliers',
      SUPPLIERS,
      { create: schema.newSupplierBody, update: schema.supplierUpdateBody },
      schema.supplierDetail,
    ),

    // ---- supplier master ----
    route({
      method: 'POST',
      path: `${BASE}/create-suppliers`,
      access: SUPPLIER_MASTER,
      tags,
      summary: 'Add supplier names (as files spell them) to the supplier master, optionally linked at once',
      schema: { body: schema.newMasterNamesBody, response: schema.masterNamesCreatedAnswer },
      handler: ({ actor, body }) => createSupplierMasterNames(db, actor, body),
    }),
    route({
      method: 'GET',
      path: `${BASE}/supplierNameList`,
      access: SUPPLIER_MASTER,
      tags,
      summary: 'Supplier organisations a master name can be linked to',
      schema: { query: schema.searchQuery, response: schema.organizationOptions },
      handler: ({ query }) => supplierNameList(db, query.search),
    }),
    route({
      method: 'PUT',
      path: `${BASE}/link-suppliers/:id/:organizationId`,
      access: SUPPLIER_MASTER,
      tags,
      summary: 'Link a supplier master name to a supplier organisation (0 unlinks)',
      schema: { params: schema.linkParams, response: schema.masterRow },
      handler: ({ actor, params }) => linkSupplierMasterName(db, actor, params.id, params.organizationId),
    }),
    route({
      method: 'GET',
      path: `${BASE}/suppliers-list`,
      access: SUPPLIER_MASTER,
      tags,
      summary: 'The supplier master names, optionally of one status',
      schema: { query: schema.masterListQuery, response: schema.masterPage },
      handler: ({ query }) => listSupplierMaster(db, query),
    }),
    route({
      method: 'GET',
      path: `${BASE}/update-suppliers-list`,
      access: SUPPLIER_MASTER,
      tags,
      summary: 'Deactivate or reactivate a supplier master name (a write sent as GET, as the spec has it)',
      schema: { query: schema.masterStatusQuery, response: schema.masterRow },
      handler: ({ actor, query }) => updateSupplierMasterStatus(db, actor, query.id, query.status),
    }),

    // ---- providers ----
    route({
      method: 'GET',
      path: `${BASE}/providers`,
      access: PROVIDERS,
      tags,
      summary: 'Health systems (address filters, notisphere_id, sites, filterModel, search)',
      schema: { query: schema.providerListQuery, response: schema.providerPage },
      handler: ({ query }) => listOrganizations(db, 'PROVIDER', query),
    }),
    ...crud(
      'PROVIDER',
      'providers',
      PROVIDERS,
      { create: schema.newProviderBody, update: schema.providerUpdateBody },
      schema.providerDetail,
    ),
    route({
      method: 'GET',
      path: `${BASE}/providerorgmeta`,
      access: EITHER,
      tags,
      summary: 'Health systems for pickers',
      schema: { query: schema.searchQuery, response: schema.organizationOptions },
      handler: ({ query }) => providerOrganizationMeta(db, query.search),
    }),
    route({
      method: 'GET',
      path: `${BASE}/providerdocdata/:id`,
      access: PROVIDERS,
      tags,
      summary: "One provider's account data: the health system and its sites with administrators and user counts",
      schema: { params: idParams },
      handler: ({ params }) => providerAccountData(db, params.id),
    }),
    route({
      method: 'GET',
      path: `${BASE}/downloadprovideraccountcsv`,
      download: 'csv',
      access: PROVIDERS,
      tags,
      summary: 'Provider Account Report as CSV (list filters apply)',
      schema: { query: schema.providerListQuery },
      handler: ({ query, timezone }) => downloadProviderAccounts(db, query, 'csv', timezone, onError),
    }),
    route({
      method: 'GET',
      path: `${BASE}/downloadprovideraccountxlsx`,
      download: 'xlsx',
      access: PROVIDERS,
      tags,
      summary: 'Provider Account Report as XLSX (list filters apply)',
      schema: { query: schema.providerListQuery },
      handler: ({ query, timezone }) => downloadProviderAccounts(db, query, 'xlsx', timezone, onError),
    }),
  ];
}
