import { type ModuleDeps, type Route, route } from '@portal/core';
import { resendMemberVerification, unlockMember } from './services/operator-users.js';
import * as schema from './schemas.js';
import { downloadUsers, getOrganization, getRole, getUser, listRoles, listUsers } from './services/directory.js';
import { changeRoleStatus, createOwnRole, permissionCatalogue, updateOwnRole } from './services/roles.js';
import { assignableOrganizations, changeMemberStatus, inviteUser, updateMember } from './services/users.js';
import { statusRoutes } from './status-routes.js';

const MANAGE_USERS = ['Notisphere_ManageUsers', 'Supplier_ManageUsers', 'Provider_ManageUsers'];
const MANAGE_ROLES = ['Notisphere_ManageRoles', 'Supplier_ManageRoles', 'Provider_ManageRoles'];

/** Users and roles of the caller's organisation (any organisation type). */
export function userRoleRoutes({ db, config, mail, logger }: ModuleDeps): Route[] {
  const onError = (err: unknown) => logger.error({ err }, 'report stream failed');
  const org = ['organisations'];
  return [
    // ---- users and roles of the caller's organisation (any organisation type) ----
    route({
      method: 'GET',
      path: '/users',
      access: MANAGE_USERS,
      summary: "Users of the caller's organisation",
      tags: org,
      schema: { query: schema.listQuery, response: schema.memberPageSchema },
      handler: ({ actor, query }) => listUsers(db, actor, query),
    }),
    route({
      method: 'GET',
      path: '/users/csv-download',
      download: 'csv',
      access: MANAGE_USERS,
      summary: 'Users as CSV (list filters apply)',
      tags: org,
      schema: { query: schema.listQuery },
      handler: ({ actor, query, timezone }) => downloadUsers(db, actor, query, 'csv', timezone, onError),
    }),
    route({
      method: 'GET',
      path: '/users/xlsx-download',
      download: 'xlsx',
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
    route({
      method: 'GET',
      path: '/users/:id',
      access: MANAGE_USERS,
      summary: "One user of the caller's organisation",
      tags: org,
      schema: { params: schema.idParams, response: schema.memberRowSchema },
      handler: ({ actor, params }) => getUser(db, actor, params.id),
    }),
    route({
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
    route({
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
    route({
      method: 'PUT',
      path: '/users/:id/unlock',
      access: MANAGE_USERS,
      summary: "Unlock a member's locked account (clears the lock and the failed sign-in count)",
      tags: org,
      schema: { params: schema.idParams, response: schema.statusAnswer },
      handler: ({ actor, params }) => unlockMember(db, actor, params.id),
    }),
    route({
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
    route({
      method: 'GET',
      path: '/roles',
      access: MANAGE_ROLES,
      summary: "Roles of the caller's organisation",
      tags: org,
      schema: { query: schema.listQuery, response: schema.rolePageSchema },
      handler: ({ actor, query }) => listRoles(db, actor, query),
    }),
    route({
      method: 'GET',
      path: '/roles/:id',
      access: MANAGE_ROLES,
      summary: 'One role with its permissions',
      tags: org,
      schema: { params: schema.idParams, response: schema.roleRowSchema },
      handler: ({ actor, params }) => getRole(db, actor, params.id),
    }),
    route({
      method: 'POST',
      path: '/roles',
      access: MANAGE_ROLES,
      summary: "Create a role (permissions of the organisation's type only)",
      tags: org,
      schema: { body: schema.roleBody, response: schema.roleRowSchema },
      handler: ({ actor, body }) => createOwnRole(db, actor, body),
    }),
    route({
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
    route({
      method: 'GET',
      path: '/organizations/:id',
      access: 'user',
      summary: 'An organisation the caller may see (itself, its sites; the operator: any)',
      tags: org,
      schema: { params: schema.idParams },
      handler: ({ actor, params }) => getOrganization(db, actor, params.id),
    }),
  ];
}
