import { type ModuleDeps, type Route, route } from '@portal/core';
import { operatorUserRoutes } from './operator-user-routes.js';
import { providerSiteRoutes } from './provider-site-routes.js';
import { resendMemberVerification, unlockMember } from './services/operator-users.js';
import * as schema from './schemas.js';
import type { StatusAction } from './services/common.js';
import type { CommunicationType } from './services/communication-settings.js';
import { downloadUsers, getOrganization, getRole, getUser, listRoles, listUsers } from './services/directory.js';
import {
  addDistributionListMember,
  changeDistributionListStatus,
  createDistributionList,
  type DistributionListInput,
  getDistributionList,
  listDistributionListMembers,
  listDistributionLists,
  type NewDistributionListMember,
  removeDistributionListMember,
  updateDistributionList,
} from './services/distribution-lists.js';
import {
  downloadLocationFile,
  getLocationFile,
  listLocationFiles,
  uploadLocationFile,
} from './services/location-import.js';
import {
  changeSupplierLocationStatus,
  createSupplierLocation,
  downloadSupplierLocations,
  getSupplierLocation,
  listSupplierLocations,
  listSupplierProviders,
  type SupplierLocationInput,
  updateSupplierLocation,
} from './services/locations.js';
import {
  getOwnOrganization,
  type ProfileInput,
  updateOwnOrganization,
  uploadProfilePhoto,
} from './services/profile.js';
import {
  changeRoleStatus,
  createOwnRole,
  permissionCatalogue,
  type RoleInput,
  updateOwnRole,
} from './services/roles.js';
import {
  changeSalesRepresentativeStatus,
  createSalesRepresentative,
  downloadSalesRepresentatives,
  getSalesRepresentative,
  listSalesRepresentatives,
  type SalesRepresentativeInput,
  updateSalesRepresentative,
} from './services/sales-reps.js';
import {
  changeTemplateActionStatus,
  createTemplateAction,
  getTemplateAction,
  listTemplateActions,
  reorderTemplateActions,
  type TemplateActionInput,
  updateTemplateAction,
} from './services/template-actions.js';
import { listLocationsToVerify, type VerificationStatus, verifyLocations } from './services/location-verification.js';
import {
  changeSupplierContactStatus,
  createSupplierContact,
  getSupplierContact,
  listSupplierContacts,
  type SupplierContactInput,
  updateSupplierContact,
} from './services/supplier-contacts.js';
import {
  assignableOrganizations,
  changeMemberStatus,
  inviteUser,
  type MemberUpdate,
  type NewMember,
  updateMember,
} from './services/users.js';

const MANAGE_USERS = ['Notisphere_ManageUsers', 'Supplier_ManageUsers', 'Provider_ManageUsers'];
const MANAGE_ROLES = ['Notisphere_ManageRoles', 'Supplier_ManageRoles', 'Provider_ManageRoles'];
const MANAGE_PROFILE = ['Supplier_ManageProfile', 'Provider_ManageProfile'];
const MANAGE_SALES_REPS = ['Supplier_ManageSalesRepresentative'];
const MANAGE_LOCATIONS = ['Supplier_ManageLocations'];
const MANAGE_SUPPLIER_CONTACTS = ['Provider_ManageSupplierContacts'];
const VERIFY_LOCATIONS = ['Provider_ManageLocations'];
/** Recall settings need *_ManageRecalls, advisory settings *_ManageDisruption; the service checks which. */
const MANAGE_SETTINGS = ['Supplier_ManageRecalls', 'Supplier_ManageDisruption'];
const PROVIDER_SETTINGS = ['Provider_ManageRecalls', 'Provider_ManageDisruption'];

type Query = Record<string, unknown>;
type Id = { id: number };

/** PUT <base>/:id/activate, PUT <base>/:id/inactivate and DELETE <base>/:id of a master record (spec §4). */
function statusRoutes(
  base: string,
  what: string,
  access: string[],
  tags: string[],
  change: (
    actor: NonNullable<Parameters<Route['handler']>[0]['actor']>,
    id: number,
    action: StatusAction,
  ) => Promise<unknown>,
  response: object = schema.statusAnswer,
): Route[] {
  const one = (method: 'PUT' | 'DELETE', path: string, action: StatusAction, summary: string) =>
    route<unknown, unknown, Id>({
      method,
      path,
      access,
      tags,
      summary,
      schema: { params: schema.idParams, response },
      handler: ({ actor, params }) => change(actor, params.id, action),
    });
  return [
    one('PUT', `${base}/:id/activate`, 'activate', `Activate a ${what}`),
    one('PUT', `${base}/:id/inactivate`, 'inactivate', `Inactivate a ${what}`),
    one('DELETE', `${base}/:id`, 'delete', `Delete a ${what} (soft)`),
  ];
}

export function organizationRoutes({ db, config, mail, files, logger }: ModuleDeps): Route[] {
  const onError = (err: unknown) => logger.error({ err }, 'report stream failed');
  const org = ['organisations'];

  /**
   * Template actions and distribution lists under `prefix` (/supplier or /provider). The route admits either
   * permission of the side; the service then checks the one of the communication type (403 otherwise).
   */
  function settingsRoutes(prefix: string, access: string[]): Route[] {
    return [
      // ---- template actions ----
      route<unknown, Query & { communicationType: CommunicationType }>({
        method: 'GET',
        path: `${prefix}/template-actions`,
        access,
        summary: 'Template actions of one communication type',
        tags: org,
        schema: { query: schema.typedListQuery, response: schema.templateActionPageSchema },
        handler: ({ actor, query }) => listTemplateActions(db, actor, query.communicationType, query),
      }),
      route<{ communication_type: CommunicationType; ids: number[] }>({
        method: 'PUT',
        path: `${prefix}/template-actions/reorder`,
        access,
        summary: 'Reorder the template actions of one communication type',
        tags: org,
        schema: { body: schema.reorderBody, response: { type: 'array', items: schema.templateActionSchema } },
        handler: ({ actor, body }) => reorderTemplateActions(db, actor, body.communication_type, body.ids),
      }),
      route<unknown, unknown, Id>({
        method: 'GET',
        path: `${prefix}/template-actions/:id`,
        access,
        summary: 'One template action',
        tags: org,
        schema: { params: schema.idParams, response: schema.templateActionSchema },
        handler: ({ actor, params }) => getTemplateAction(db, actor, params.id),
      }),
      route<TemplateActionInput & { communication_type: CommunicationType }>({
        method: 'POST',
        path: `${prefix}/template-actions`,
        access,
        summary: 'Create a template action (appended last)',
        tags: org,
        schema: { body: schema.newTemplateActionBody, response: schema.templateActionSchema },
        handler: ({ actor, body }) => createTemplateAction(db, actor, body.communication_type, body),
      }),
      route<TemplateActionInput, unknown, Id>({
        method: 'PUT',
        path: `${prefix}/template-actions/:id`,
        access,
        summary: 'Update a template action',
        tags: org,
        schema: { params: schema.idParams, body: schema.templateActionBody, response: schema.templateActionSchema },
        handler: ({ actor, params, body }) => updateTemplateAction(db, actor, params.id, body),
      }),
      ...statusRoutes(`${prefix}/template-actions`, 'template action', access, org, (actor, id, action) =>
        changeTemplateActionStatus(db, actor, id, action),
      ),

      // ---- distribution lists (same permissions per type) ----
      route<unknown, Query & { communicationType: CommunicationType }>({
        method: 'GET',
        path: `${prefix}/distribution-lists`,
        access,
        summary: 'Distribution lists of one communication type, with member counts',
        tags: org,
        schema: { query: schema.typedListQuery, response: schema.distributionListPageSchema },
        handler: ({ actor, query }) => listDistributionLists(db, actor, query.communicationType, query),
      }),
      route<unknown, unknown, Id>({
        method: 'GET',
        path: `${prefix}/distribution-lists/:id`,
        access,
        summary: 'One distribution list',
        tags: org,
        schema: { params: schema.idParams, response: schema.distributionListSchema },
        handler: ({ actor, params }) => getDistributionList(db, actor, params.id),
      }),
      route<DistributionListInput & { communication_type: CommunicationType }>({
        method: 'POST',
        path: `${prefix}/distribution-lists`,
        access,
        summary: 'Create a distribution list',
        tags: org,
        schema: { body: schema.newDistributionListBody, response: schema.distributionListSchema },
        handler: ({ actor, body }) => createDistributionList(db, actor, body.communication_type, body),
      }),
      route<DistributionListInput, unknown, Id>({
        method: 'PUT',
        path: `${prefix}/distribution-lists/:id`,
        access,
        summary: 'Rename or describe a distribution list',
        tags: org,
        schema: { params: schema.idParams, body: schema.distributionListBody, response: schema.distributionListSchema },
        handler: ({ actor, params, body }) => updateDistributionList(db, actor, params.id, body),
      }),
      ...statusRoutes(`${prefix}/distribution-lists`, 'distribution list', access, org, (actor, id, action) =>
        changeDistributionListStatus(db, actor, id, action),
      ),
      route<unknown, Query, Id>({
        method: 'GET',
        path: `${prefix}/distribution-lists/:id/members`,
        access,
        summary: 'Members of a distribution list',
        tags: org,
        schema: { params: schema.idParams, query: schema.listQuery, response: schema.distributionListMemberPageSchema },
        handler: ({ actor, params, query }) => listDistributionListMembers(db, actor, params.id, query),
      }),
      route<NewDistributionListMember, unknown, Id>({
        method: 'POST',
        path: `${prefix}/distribution-lists/:id/members`,
        access,
        summary: 'Add a member by email, by provider organisation or by supplier location',
        tags: org,
        schema: { params: schema.idParams, body: schema.memberBody, response: schema.distributionListMemberSchema },
        handler: ({ actor, params, body }) => addDistributionListMember(db, actor, params.id, body),
      }),
      route<unknown, unknown, { id: number; memberId: number }>({
        method: 'DELETE',
        path: `${prefix}/distribution-lists/:id/members/:memberId`,
        access,
        summary: 'Remove a member from a list',
        tags: org,
        schema: { params: schema.memberParams, response: schema.idAnswer },
        handler: ({ actor, params }) => removeDistributionListMember(db, actor, params.id, params.memberId),
      }),
    ];
  }

  return [
    // ---- users and roles of the caller's organisation (any organisation type) ----
    route<unknown, Query>({
      method: 'GET',
      path: '/users',
      access: MANAGE_USERS,
      summary: "Users of the caller's organisation",
      tags: org,
      schema: { query: schema.listQuery, response: schema.memberPageSchema },
      handler: ({ actor, query }) => listUsers(db, actor, query),
    }),
    route<unknown, Query>({
      method: 'GET',
      path: '/users/csv-download',
      access: MANAGE_USERS,
      summary: 'Users as CSV (list filters apply)',
      tags: org,
      schema: { query: schema.listQuery },
      handler: ({ actor, query, timezone }) => downloadUsers(db, actor, query, 'csv', timezone, onError),
    }),
    route<unknown, Query>({
      method: 'GET',
      path: '/users/xlsx-download',
      access: MANAGE_USERS,
      summary: 'Users as XLSX (list filters apply)',
      tags: org,
      schema: { query: schema.listQuery },
      handler: ({ actor, query, timezone }) => downloadUsers(db, actor, query, 'xlsx', timezone, onError),
    }),
    route({
      method: 'GET',
      path: '/users/organizations',
      access: MANAGE_USERS,
      summary: "Organisations a member can be assigned to: the caller's and its active sites",
      tags: org,
      schema: { response: { type: 'array', items: schema.assignableOrganization } },
      handler: ({ actor }) => assignableOrganizations(db, actor),
    }),
    route<unknown, unknown, Id>({
      method: 'GET',
      path: '/users/:id',
      access: MANAGE_USERS,
      summary: "One user of the caller's organisation",
      tags: org,
      schema: { params: schema.idParams, response: schema.memberRowSchema },
      handler: ({ actor, params }) => getUser(db, actor, params.id),
    }),
    route<NewMember>({
      method: 'POST',
      path: '/users',
      access: MANAGE_USERS,
      summary: 'Invite a user (emailed set-password link; an existing account is added)',
      tags: org,
      schema: { body: schema.tenantNewUserBody, response: schema.memberRowSchema },
      handler: async ({ actor, body }) => {
        const user = await inviteUser(db, actor, config, body);
        mail.kick();
        return user;
      },
    }),
    route<MemberUpdate, unknown, Id>({
      method: 'PUT',
      path: '/users/:id',
      access: MANAGE_USERS,
      summary: "Update a user's names, phone and role",
      tags: org,
      schema: { params: schema.idParams, body: schema.userBody, response: schema.memberRowSchema },
      handler: ({ actor, params, body }) => updateMember(db, actor, params.id, body),
    }),
    ...statusRoutes(
      '/users',
      "user's membership",
      MANAGE_USERS,
      org,
      (actor, id, action) => changeMemberStatus(db, actor, id, action),
      schema.membershipStatusAnswer,
    ),
    route<unknown, unknown, Id>({
      method: 'PUT',
      path: '/users/:id/unlock',
      access: MANAGE_USERS,
      summary: "Unlock a member's locked account (clears the lock and the failed sign-in count)",
      tags: org,
      schema: { params: schema.idParams, response: schema.statusAnswer },
      handler: ({ actor, params }) => unlockMember(db, actor, params.id),
    }),
    route<unknown, unknown, Id>({
      method: 'PUT',
      path: '/users/:id/resend-verification',
      access: MANAGE_USERS,
      summary: "Send a member's invitation (verification) email again with a new link",
      tags: org,
      schema: { params: schema.idParams, response: schema.statusAnswer },
      handler: async ({ actor, params }) => {
        const answer = await resendMemberVerification(db, actor, config, params.id);
        mail.kick();
        return answer;
      },
    }),
    route({
      method: 'GET',
      path: '/roles/permissions',
      access: MANAGE_ROLES,
      summary: "The permissions a role of the caller's organisation may hold",
      tags: org,
      schema: { response: schema.permissionCatalogueSchema },
      handler: ({ actor }) => permissionCatalogue(actor),
    }),
    route<unknown, Query>({
      method: 'GET',
      path: '/roles',
      access: MANAGE_ROLES,
      summary: "Roles of the caller's organisation",
      tags: org,
      schema: { query: schema.listQuery, response: schema.rolePageSchema },
      handler: ({ actor, query }) => listRoles(db, actor, query),
    }),
    route<unknown, unknown, Id>({
      method: 'GET',
      path: '/roles/:id',
      access: MANAGE_ROLES,
      summary: 'One role with its permissions',
      tags: org,
      schema: { params: schema.idParams, response: schema.roleRowSchema },
      handler: ({ actor, params }) => getRole(db, actor, params.id),
    }),
    route<RoleInput>({
      method: 'POST',
      path: '/roles',
      access: MANAGE_ROLES,
      summary: "Create a role (permissions of the organisation's type only)",
      tags: org,
      schema: { body: schema.roleBody, response: schema.roleRowSchema },
      handler: ({ actor, body }) => createOwnRole(db, actor, body),
    }),
    route<RoleInput, unknown, Id>({
      method: 'PUT',
      path: '/roles/:id',
      access: MANAGE_ROLES,
      summary: "Update a role's name, description and permissions",
      tags: org,
      schema: { params: schema.idParams, body: schema.roleBody, response: schema.roleRowSchema },
      handler: ({ actor, params, body }) => updateOwnRole(db, actor, params.id, body),
    }),
    ...statusRoutes('/roles', 'role', MANAGE_ROLES, org, (actor, id, action) =>
      changeRoleStatus(db, actor, id, action),
    ),
    route<unknown, unknown, Id>({
      method: 'GET',
      path: '/organizations/:id',
      access: 'user',
      summary: 'An organisation the caller may see (itself, its sites; the operator: any)',
      tags: org,
      schema: { params: schema.idParams },
      handler: ({ actor, params }) => getOrganization(db, actor, params.id),
    }),

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
    route<ProfileInput>({
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
    route<unknown, Query>({
      method: 'GET',
      path: '/supplier/sales-reps/csv-download',
      access: MANAGE_SALES_REPS,
      summary: 'Sales representatives as CSV (list filters apply)',
      tags: org,
      schema: { query: schema.listQuery },
      handler: ({ actor, query, timezone }) => downloadSalesRepresentatives(db, actor, query, 'csv', timezone, onError),
    }),
    route<unknown, Query>({
      method: 'GET',
      path: '/supplier/sales-reps/xlsx-download',
      access: MANAGE_SALES_REPS,
      summary: 'Sales representatives as XLSX (list filters apply)',
      tags: org,
      schema: { query: schema.listQuery },
      handler: ({ actor, query, timezone }) =>
        downloadSalesRepresentatives(db, actor, query, 'xlsx', timezone, onError),
    }),
    route<unknown, Query>({
      method: 'GET',
      path: '/supplier/sales-reps',
      access: MANAGE_SALES_REPS,
      summary: 'Sales representatives of the caller',
      tags: org,
      schema: { query: schema.listQuery, response: schema.salesRepPageSchema },
      handler: ({ actor, query }) => listSalesRepresentatives(db, actor, query),
    }),
    route<unknown, unknown, Id>({
      method: 'GET',
      path: '/supplier/sales-reps/:id',
      access: MANAGE_SALES_REPS,
      summary: 'One sales representative',
      tags: org,
      schema: { params: schema.idParams, response: schema.salesRepSchema },
      handler: ({ actor, params }) => getSalesRepresentative(db, actor, params.id),
    }),
    route<SalesRepresentativeInput>({
      method: 'POST',
      path: '/supplier/sales-reps',
      access: MANAGE_SALES_REPS,
      summary: 'Create a sales representative',
      tags: org,
      schema: { body: schema.salesRepBody, response: schema.salesRepSchema },
      handler: ({ actor, body }) => createSalesRepresentative(db, actor, body),
    }),
    route<SalesRepresentativeInput, unknown, Id>({
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

    // ---- the provider's side of location verification (spec 000 §4, issue 13) ----
    route<unknown, Query>({
      method: 'GET',
      path: '/provider/locations-verification',
      access: VERIFY_LOCATIONS,
      summary: 'Supplier locations mapped to the caller or its sites, with their verification status',
      tags: org,
      schema: { query: schema.listQuery, response: schema.verificationPageSchema },
      handler: ({ actor, query }) => listLocationsToVerify(db, actor, query),
    }),
    route<{ ids: number[]; status: VerificationStatus }>({
      method: 'PUT',
      path: '/provider/locations-verification',
      access: VERIFY_LOCATIONS,
      summary: 'Verify one or many locations (Covered, Emailed, Not Covered, Invalid, Unrecognized)',
      tags: org,
      schema: { body: schema.verifyLocationsBody, response: schema.locationsVerifiedAnswer },
      handler: ({ actor, body }) => verifyLocations(db, actor, body.ids, body.status),
    }),

    // ---- the provider's supplier contacts (issue 13) ----
    route<unknown, Query>({
      method: 'GET',
      path: '/provider/supplier-contacts',
      access: MANAGE_SUPPLIER_CONTACTS,
      summary: "The caller's contacts at its suppliers",
      tags: org,
      schema: { query: schema.listQuery, response: schema.supplierContactPageSchema },
      handler: ({ actor, query }) => listSupplierContacts(db, actor, query),
    }),
    route<unknown, unknown, Id>({
      method: 'GET',
      path: '/provider/supplier-contacts/:id',
      access: MANAGE_SUPPLIER_CONTACTS,
      summary: 'One supplier contact',
      tags: org,
      schema: { params: schema.idParams, response: schema.supplierContactSchema },
      handler: ({ actor, params }) => getSupplierContact(db, actor, params.id),
    }),
    route<SupplierContactInput>({
      method: 'POST',
      path: '/provider/supplier-contacts',
      access: MANAGE_SUPPLIER_CONTACTS,
      summary: 'Create a supplier contact (one per supplier)',
      tags: org,
      schema: { body: schema.supplierContactBody, response: schema.supplierContactSchema },
      handler: ({ actor, body }) => createSupplierContact(db, actor, body),
    }),
    route<SupplierContactInput, unknown, Id>({
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

    // ---- the supplier's locations, location files and matched providers ----
    route<unknown, Query>({
      method: 'GET',
      path: '/supplier/locations/csv-download',
      access: MANAGE_LOCATIONS,
      summary: 'Supplier locations as CSV (list filters apply)',
      tags: org,
      schema: { query: schema.listQuery },
      handler: ({ actor, query, timezone }) => downloadSupplierLocations(db, actor, query, 'csv', timezone, onError),
    }),
    route<unknown, Query>({
      method: 'GET',
      path: '/supplier/locations/xlsx-download',
      access: MANAGE_LOCATIONS,
      summary: 'Supplier locations as XLSX (list filters apply)',
      tags: org,
      schema: { query: schema.listQuery },
      handler: ({ actor, query, timezone }) => downloadSupplierLocations(db, actor, query, 'xlsx', timezone, onError),
    }),
    route<unknown, Query>({
      method: 'GET',
      path: '/supplier/locations',
      access: MANAGE_LOCATIONS,
      summary: "The supplier's customer locations",
      tags: org,
      schema: { query: schema.listQuery, response: schema.supplierLocationPageSchema },
      handler: ({ actor, query }) => listSupplierLocations(db, actor, query),
    }),
    route<unknown, unknown, Id>({
      method: 'GET',
      path: '/supplier/locations/:id',
      access: MANAGE_LOCATIONS,
      summary: 'One location',
      tags: org,
      schema: { params: schema.idParams, response: schema.supplierLocationSchema },
      handler: ({ actor, params }) => getSupplierLocation(db, actor, params.id),
    }),
    route<SupplierLocationInput>({
      method: 'POST',
      path: '/supplier/locations',
      access: MANAGE_LOCATIONS,
      summary: 'Create a location',
      tags: org,
      schema: { body: schema.locationBody, response: schema.supplierLocationSchema },
      handler: ({ actor, body }) => createSupplierLocation(db, actor, body),
    }),
    route<SupplierLocationInput, unknown, Id>({
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
    route<unknown, Query>({
      method: 'GET',
      path: '/supplier/location-files',
      access: MANAGE_LOCATIONS,
      summary: "The supplier's uploaded location files",
      tags: org,
      schema: { query: schema.listQuery, response: schema.locationFilePageSchema },
      handler: ({ actor, query }) => listLocationFiles(db, actor, query),
    }),
    route<unknown, unknown, Id>({
      method: 'GET',
      path: '/supplier/location-files/:id',
      access: MANAGE_LOCATIONS,
      summary: 'One location file with its row errors',
      tags: org,
      schema: { params: schema.idParams, response: schema.locationFileDetailSchema },
      handler: ({ actor, params }) => getLocationFile(db, actor, params.id),
    }),
    route<unknown, unknown, Id>({
      method: 'GET',
      path: '/supplier/location-files/:id/download',
      access: MANAGE_LOCATIONS,
      summary: 'The original upload of a location file',
      tags: org,
      schema: { params: schema.idParams },
      handler: ({ actor, params }) => downloadLocationFile(db, actor, files, params.id),
    }),
    route<unknown, Query>({
      method: 'GET',
      path: '/supplier/providers',
      access: MANAGE_LOCATIONS,
      summary: "Provider organisations the supplier's locations match, with location counts",
      tags: org,
      schema: { query: schema.listQuery, response: schema.supplierProviderPageSchema },
      handler: ({ actor, query }) => listSupplierProviders(db, actor, query),
    }),

    ...settingsRoutes('/supplier', MANAGE_SETTINGS),
    ...settingsRoutes('/provider', PROVIDER_SETTINGS),
    ...operatorUserRoutes({ db, config, mail, files, logger }),
    ...providerSiteRoutes(db),
  ];
}
