import type { ModuleDeps, PortalModule } from '@portal/core';
import { operatorOrganizationRoutes } from './operator-routes.js';
import { organizationRoutes } from './routes.js';

export { Organization } from './models/Organization.js';
export { User, type UserStatus } from './models/User.js';
export { Role } from './models/Role.js';
export { Membership } from './models/Membership.js';
export { activeMemberships, loadActor, SIGN_IN_STATUSES, type MembershipChoice } from './services/members.js';
export {
  addMembership,
  createOrganizationWithRoles,
  createRole,
  findOrCreateUser,
  findRoleByName,
} from './services/setup.js';
export type { NewOrganization, NewUser } from './services/setup.js';
export {
  getOrganization,
  getRole,
  getUser,
  listRoles,
  listUsers,
  type RoleRow,
  type UserRow,
} from './services/directory.js';

// What the communications module builds events from (issue 4).
export {
  getDistributionListMembers,
  type DistributionList,
  type DistributionListMember,
} from './services/distribution-lists.js';
export { createSupplierLocation, getSupplierLocations, type SupplierLocation } from './services/locations.js';
export { getTemplateActions, type TemplateAction, type ActionType, ACTION_TYPES } from './services/template-actions.js';
export { getSalesRepresentatives, type SalesRepresentative } from './services/sales-reps.js';
export { providerContactFor } from './services/supplier-contacts.js';
// The supplier master: which supplier organisation a name in a file means (issue 11).
export { linkedSupplierNames, normalizeSupplierName, resolveSupplierName } from './services/supplier-master.js';
export { COMMUNICATION_TYPES, type CommunicationType } from './services/communication-settings.js';

export function createOrganizationsModule(deps: ModuleDeps): PortalModule {
  return { name: 'organizations', routes: [...organizationRoutes(deps), ...operatorOrganizationRoutes(deps)] };
}
