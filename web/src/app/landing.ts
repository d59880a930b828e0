import type { UserType } from '../state/token';

export interface LandingInput {
  userType: UserType | null;
  roleName: string | null;
  permissions: readonly string[];
}

const side: Record<UserType, string> = { NOTI: 'notisphere', PROV: 'provider', SUPP: 'supplier' };

/**
 * The landing page by user type and role (spec §2 "Landing"): the named roles keep the spec's pages; any other provider
 * user who may manage recalls or supply advisories lands on the worklist (issue 32), the rest on the dashboard.
 */
export function landingPath({ userType, roleName, permissions }: LandingInput): string {
  if (!userType) return '/account';
  const base = `/${side[userType]}`;
  switch (roleName) {
    case 'Responder':
      // Suppliers have no responses page; they land on their dashboard.
      return userType === 'SUPP' ? `${base}/dashboard` : `${base}/er-response`;
    case 'Recall Coordinator':
      return `${base}/recalls`;
    case 'Sourcing Coordinator':
      return `${base}/dashboard`;
    default:
      break;
  }
  if (userType === 'PROV') {
    // Whoever manages recalls or supply advisories starts on what needs the team (issue 32).
    if (permissions.includes('Provider_ManageRecalls') || permissions.includes('Provider_ManageDisruption'))
      return '/provider/worklist';
    return '/provider/dashboard';
  }
  return `${base}/dashboard`;
}
