import type { ModuleDeps, PortalModule, SessionEnder, SetPasswordLinkIssuer } from '@portal/core';
import { registerRecipientLanguages, registerUsersView } from '@portal/notifications';
import { operatorLocationRoutes } from './operator-location-routes.js';
import { wireSessionEnder, wireSetPasswordLinkIssuer } from './services/sessions.js';
import { operatorOrganizationRoutes } from './operator-routes.js';
import { organizationRoutes } from './routes.js';
import { ssoRoutes } from './sso-routes.js';
import { userLanguages } from './services/language.js';
import { usersView } from './services/views.js';

// Every email is written in its recipient's language; the users' preferences live here.
registerRecipientLanguages(userLanguages);
// Its "created by" columns show users through this module's view, not its table.
registerUsersView(usersView);
export { userLanguages } from './services/language.js';

export { Organization } from './models/Organization.js';
export { User, type UserStatus } from './models/User.js';
export { Role } from './models/Role.js';
export { Membership } from './models/Membership.js';
export {
  activeMemberships,
  actorByEmail,
  loadActor,
  SIGN_IN_STATUSES,
  type MembershipChoice,
} from './services/members.js';
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

// What the communications module builds events from.
export {
  getDistributionListMembers,
  type DistributionList,
  type DistributionListMember,
} from './services/distribution-lists.js';
export { createSupplierLocation } from './services/location-writes.js';
export { getSupplierLocations, type SupplierLocation } from './services/locations.js';
// The operator's location pre-processor completes its jobs into supplier locations.
export { type PreprocessedLocation, upsertPreprocessedLocations } from './services/preprocessed-locations.js';
export { getTemplateActions, type TemplateAction, type ActionType, ACTION_TYPES } from './services/template-actions.js';
export { getSalesRepresentatives, type SalesRepresentative } from './services/sales-reps.js';
export { providerContactFor } from './services/supplier-contacts.js';
// The supplier master: which supplier organisation a name in a file means.
export { linkedSupplierNames, normalizeSupplierName, resolveSupplierName } from './services/supplier-master.js';
export { COMMUNICATION_TYPES, type CommunicationType } from './services/communication-settings.js';
// The accounts auth signs in, locks, unlocks and changes (auth no longer names these tables).
export {
  activatePendingMemberships,
  countFailedLogin,
  createPendingAccount,
  findOrganizationProfile,
  findRegistrationOrganization,
  findUserAccount,
  type OrganizationProfile,
  patchUserAccount,
  type RegistrationOrganization,
  twoFactorPolicy,
  type TwoFactorPolicy,
  TWO_FACTOR_POLICIES,
  type UserAccount,
  type UserAccountPatch,
} from './services/accounts.js';
// Single sign-on (issue 35): auth signs in through an organisation's provider with these.
export {
  type SsoConnection,
  ssoConnection,
  ssoOrganizationForEmail,
  ssoPostLogoutUri,
  ssoRedirectUri,
  isLoopbackUrl,
} from './services/sso-settings.js';
export { ssoAccount, type SsoAccountOutcome, type SsoIdentity } from './services/sso-accounts.js';
// Read views other modules join for display, instead of naming these tables (docs/decisions.md).
export {
  activeMembers,
  emailDomainsOf,
  findAdministrator,
  findOrganizationCard,
  findProviderByDomain,
  findUserCard,
  locationFilesView,
  type OrganizationCard,
  organizationsView,
  permittedMembers,
  providerScopeIds,
  providersByCustomerKeys,
  type UserCard,
  usersView,
} from './services/views.js';

/**
 * `endSessions` and `issueSetPasswordLink` are auth's (the ports of services/sessions.ts): wired here by the
 * composition root.
 */
export function createOrganizationsModule(
  deps: ModuleDeps & { endSessions: SessionEnder; issueSetPasswordLink: SetPasswordLinkIssuer },
): PortalModule {
  wireSessionEnder(deps.endSessions);
  wireSetPasswordLinkIssuer(deps.issueSetPasswordLink);
  return {
    name: 'organizations',
    routes: [
      ...organizationRoutes(deps),
      ...operatorOrganizationRoutes(deps),
      ...operatorLocationRoutes(deps),
      ...ssoRoutes(deps),
    ],
  };
}
