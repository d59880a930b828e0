import { type ModuleDeps, type Route, route } from '@portal/core';
import { idParams, listQuery } from './schemas.js';
import { getOrganization, getRole, getUser, listRoles, listUsers } from './services/directory.js';

const MANAGE_USERS = ['Notisphere_ManageUsers', 'Supplier_ManageUsers', 'Provider_ManageUsers'];
const MANAGE_ROLES = ['Notisphere_ManageRoles', 'Supplier_ManageRoles', 'Provider_ManageRoles'];

export function organisationRoutes({ db }: ModuleDeps): Route[] {
  return [
    route<unknown, Record<string, unknown>>({
      method: 'GET', path: '/users', access: MANAGE_USERS, summary: 'Users of the caller\'s organisation',
      tags: ['organisations'], schema: { query: listQuery },
      handler: ({ actor, query }) => listUsers(db, actor!, query),
    }),
    route<unknown, unknown, { id: number }>({
      method: 'GET', path: '/users/:id', access: MANAGE_USERS, summary: 'One user of the caller\'s organisation',
      tags: ['organisations'], schema: { params: idParams },
      handler: ({ actor, params }) => getUser(db, actor!, params.id),
    }),
    route<unknown, Record<string, unknown>>({
      method: 'GET', path: '/roles', access: MANAGE_ROLES, summary: 'Roles of the caller\'s organisation',
      tags: ['organisations'], schema: { query: listQuery },
      handler: ({ actor, query }) => listRoles(db, actor!, query),
    }),
    route<unknown, unknown, { id: number }>({
      method: 'GET', path: '/roles/:id', access: MANAGE_ROLES, summary: 'One role with its permissions',
      tags: ['organisations'], schema: { params: idParams },
      handler: ({ actor, params }) => getRole(db, actor!, params.id),
    }),
    route<unknown, unknown, { id: number }>({
      method: 'GET', path: '/organizations/:id', access: 'user', summary: 'An organisation the caller may see (itself, its sites; the operator: any)',
      tags: ['organisations'], schema: { params: idParams },
      handler: ({ actor, params }) => getOrganization(db, actor!, params.id),
    }),
  ];
}
