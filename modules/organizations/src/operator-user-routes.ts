import { type Actor, listPageSchema, type ModuleDeps, type Route, route } from '@portal/core';
import * as schema from './schemas.js';
import {
  changeAnyRoleStatus,
  createAnyRole,
  getAnyRole,
  listAllRoles,
  permissionCatalogues,
  updateAnyRole,
} from './services/operator-roles.js';
import {
  downloadAllUsers,
  getUserWithMemberships,
  inviteUserAnywhere,
  listAllUsers,
  organizationChoices,
  resendVerification,
  setUserActive,
  unlockUser,
  updateUserAccount,
} from './services/operator-users.js';

/**
 * The operator's users and roles of every tenant, under /notisphere so that only the operator reaches them
 * (a supplier or provider can hold neither permission). The tenant routes (/users, /roles) keep their wire.
 */
const MANAGE_USERS = ['Notisphere_ManageUsers'];
const MANAGE_ROLES = ['Notisphere_ManageRoles'];
const tags = ['operator'];

export function operatorUserRoutes({ db, config, mail, logger }: ModuleDeps): Route[] {
  const onError = (err: unknown) => logger.error({ err }, 'report stream failed');
  const userStatus = (path: string, summary: string, run: (actor: Actor, id: number) => Promise<unknown>) =>
    route({
      method: 'PUT',
      path: `/notisphere/users/:id/${path}`,
      access: MANAGE_USERS,
      summary,
      tags,
      schema: { params: schema.idParams, response: schema.statusAnswer },
      handler: ({ actor, params }) => run(actor, params.id),
    });

  return [
    // ---- users ----
    route({
      method: 'GET',
      path: '/notisphere/users/organizations',
      access: [...MANAGE_USERS, ...MANAGE_ROLES],
      summary: 'Organisations to pick from (name contains search; at most 50)',
      tags,
      schema: {
        query: schema.organizationChoicesQuery,
        response: { type: 'array', items: schema.organizationChoice },
      },
      handler: ({ query }) => organizationChoices(db, query.search ?? ''),
    }),
    route({
      method: 'GET',
      path: '/notisphere/users',
      access: MANAGE_USERS,
      summary: 'Users of every organisation, one row per person, with their organisations',
      tags,
      schema: { query: schema.operatorListQuery, response: listPageSchema(schema.operatorUserRow) },
      handler: ({ query }) => listAllUsers(db, query),
    }),
    ...(['csv', 'xlsx'] as const).map((format) =>
      route({
        method: 'GET',
        path: `/notisphere/users/${format}-download`,
        download: format,
        access: MANAGE_USERS,
        summary: `Users of every organisation as ${format.toUpperCase()} (list filters apply)`,
        tags,
        schema: { query: schema.operatorListQuery },
        handler: ({ query, timezone }) => downloadAllUsers(db, query, format, timezone, onError),
      }),
    ),
    route({
      method: 'GET',
      path: '/notisphere/users/:id',
      access: MANAGE_USERS,
      summary: 'One user with every membership (organisation, role, statuses)',
      tags,
      schema: { params: schema.idParams, response: schema.operatorUserDetail },
      handler: ({ params }) => getUserWithMemberships(db, params.id),
    }),
    route({
      method: 'POST',
      path: '/notisphere/users',
      access: MANAGE_USERS,
      summary: 'Invite a user into any organisation with a role of that organisation (emailed set-password link)',
      tags,
      schema: { body: schema.operatorNewUserBody, response: schema.operatorUserDetail },
      handler: async ({ actor, body }) => {
        const user = await inviteUserAnywhere(db, actor, config, body);
        mail.kick();
        return user;
      },
    }),
    route({
      method: 'PUT',
      path: '/notisphere/users/:id',
      access: MANAGE_USERS,
      summary: "Update a user's names and phone",
      tags,
      schema: { params: schema.idParams, body: schema.operatorUserBody, response: schema.operatorUserDetail },
      handler: ({ actor, params, body }) => updateUserAccount(db, actor, params.id, body),
    }),
    userStatus('inactivate', 'Deactivate a user account (every organisation) and end its sessions', (actor, id) =>
      setUserActive(db, actor, id, false),
    ),
    userStatus('activate', 'Reactivate a deactivated user account (its former status comes back)', (actor, id) =>
      setUserActive(db, actor, id, true),
    ),
    userStatus('unlock', 'Unlock a locked account (clears the lock and the failed sign-in count)', (actor, id) =>
      unlockUser(db, actor, id),
    ),
    userStatus(
      'resend-verification',
      'Send the invitation (verification) email again with a new link',
      async (actor, id) => {
        const answer = await resendVerification(db, actor, config, id);
        mail.kick();
        return answer;
      },
    ),

    // ---- roles ----
    route({
      method: 'GET',
      path: '/notisphere/roles/permissions',
      access: MANAGE_ROLES,
      summary: 'The permission catalogue of each organisation type (spec 000 §6)',
      tags,
      schema: { response: schema.permissionCataloguesAnswer },
      handler: () => permissionCatalogues(),
    }),
    route({
      method: 'GET',
      path: '/notisphere/roles',
      access: MANAGE_ROLES,
      summary: 'Roles of every organisation (or of organizationId)',
      tags,
      schema: { query: schema.operatorListQuery, response: listPageSchema(schema.operatorRoleRow) },
      handler: ({ query }) => listAllRoles(db, query),
    }),
    route({
      method: 'GET',
      path: '/notisphere/roles/:id',
      access: MANAGE_ROLES,
      summary: 'One role of any organisation with its permissions',
      tags,
      schema: { params: schema.idParams, response: schema.operatorRoleRow },
      handler: ({ params }) => getAnyRole(db, params.id),
    }),
    route({
      method: 'POST',
      path: '/notisphere/roles',
      access: MANAGE_ROLES,
      summary: "Create a role of any organisation (permissions of that organisation's type only)",
      tags,
      schema: { body: schema.operatorNewRoleBody, response: schema.operatorRoleRow },
      handler: ({ actor, body }) => createAnyRole(db, actor, body),
    }),
    route({
      method: 'PUT',
      path: '/notisphere/roles/:id',
      access: MANAGE_ROLES,
      summary: "Update a role's name, description and permissions",
      tags,
      schema: { params: schema.idParams, body: schema.roleBody, response: schema.operatorRoleRow },
      handler: ({ actor, params, body }) => updateAnyRole(db, actor, params.id, body),
    }),
    ...(['activate', 'inactivate'] as const).map((action) =>
      route({
        method: 'PUT',
        path: `/notisphere/roles/:id/${action}`,
        access: MANAGE_ROLES,
        summary: action === 'activate' ? 'Activate a role' : 'Inactivate a role',
        tags,
        schema: { params: schema.idParams, response: schema.statusAnswer },
        handler: ({ actor, params }) => changeAnyRoleStatus(db, actor, params.id, action),
      }),
    ),
  ];
}
