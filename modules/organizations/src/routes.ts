import type { ModuleDeps, Route } from '@portal/core';
import { operatorUserRoutes } from './operator-user-routes.js';
import { providerSiteRoutes } from './provider-site-routes.js';
import { userRoleRoutes } from './user-role-routes.js';
import { profileRoutes } from './profile-routes.js';
import { providerSupplierRoutes } from './provider-supplier-routes.js';
import { supplierLocationRoutes } from './supplier-location-routes.js';
import { settingsRoutes } from './settings-routes.js';
import { signInPolicyRoutes } from './sign-in-policy-routes.js';

/** Recall settings need *_ManageRecalls, advisory settings *_ManageDisruption; the service checks which. */
const MANAGE_SETTINGS = ['Supplier_ManageRecalls', 'Supplier_ManageDisruption'];
const PROVIDER_SETTINGS = ['Provider_ManageRecalls', 'Provider_ManageDisruption'];

export function organizationRoutes(deps: ModuleDeps): Route[] {
  const { db } = deps;
  return [
    ...userRoleRoutes(deps),
    ...profileRoutes(deps),
    ...providerSupplierRoutes(deps),
    ...supplierLocationRoutes(deps),
    ...settingsRoutes(db, '/supplier', MANAGE_SETTINGS),
    ...settingsRoutes(db, '/provider', PROVIDER_SETTINGS),
    ...operatorUserRoutes(deps),
    ...providerSiteRoutes(db),
    ...signInPolicyRoutes(deps),
  ];
}
