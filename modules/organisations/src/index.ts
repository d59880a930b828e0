import type { ModuleDeps, PortalModule } from '@portal/core';
import { organisationRoutes } from './routes.js';

export { Organization } from './models/Organization.js';
export { User, type UserStatus } from './models/User.js';
export { Role } from './models/Role.js';
export { Membership } from './models/Membership.js';
export { activeMemberships, loadActor, SIGN_IN_STATUSES, type MembershipChoice } from './services/members.js';
export { addMembership, createOrganizationWithRoles, createRole, findOrCreateUser, findRoleByName } from './services/setup.js';
export type { NewOrganization, NewUser } from './services/setup.js';
export { getOrganization, getRole, getUser, listRoles, listUsers } from './services/directory.js';

export function createOrganisationsModule(deps: ModuleDeps): PortalModule {
  return { name: 'organisations', routes: organisationRoutes(deps) };
}
