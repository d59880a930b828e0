import type { UserType } from '../state/token';

export interface LandingInput {
  userType: UserType | null;
  roleName: string | null;
  permissions: readonly string[];
}

const side: Record<UserType, string> = { NOTI: 'notisphere', PROV: 'provider', SUPP: 'supplier' };

/** The landing page by user type and role (spec §2 "Landing"). */
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
    if (permissions.includes('View_Dashboard') || permissions.includes('Provider_ViewDashboard'))
      return '/provider/dashboard';
    if (permissions.includes('Provider_ManageRecalls')) return '/provider/recalls';
    if (permissions.includes('Provider_ManageDisruption')) return '/provider/product-disruption';
    return '/provider/dashboard';
  }
  return `${base}/dashboard`;
}
