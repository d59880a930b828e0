/** The fixed permission catalogue of spec §6, by organisation type. */
export const ORGANIZATION_TYPES = ['NOTISPHERE', 'PROVIDER', 'SUPPLIER'] as const;
export type OrganizationType = (typeof ORGANIZATION_TYPES)[number];

export const PERMISSIONS = {
  NOTISPHERE: [
    'Notisphere_ViewDashboard',
    'Notisphere_ViewKeyMetrics',
    'Notisphere_ManageRecalls',
    'NotiSphere_ResponderRole',
    'Notisphere_ManageSuppliers',
    'Notisphere_ManageProviders',
    'Notisphere_ManageLocations',
    'Notisphere_ManageProductFields',
    'Notisphere_ManageLookupValues',
    'Notisphere_ManageUsers',
    'Notisphere_ManageRoles',
    'Notisphere_ManageEmailTemplates',
    'Notisphere_ManageUserGuides',
    'Notisphere_ManageFAQs',
    'Notisphere_ViewFDAInformation',
  ],
  SUPPLIER: [
    'Supplier_ViewDashboard',
    'Supplier_ManageRecalls',
    'Supplier_ManageDisruption',
    'Supplier_ManageLookupValues',
    'Supplier_ManageProductFields',
    'Supplier_ManageProfile',
    'Supplier_ManageRoles',
    'Supplier_ManageUsers',
    'Supplier_ManageSalesRepresentative',
    'Supplier_ManageLocations',
    'Supplier_ViewFAQs',
    'Supplier_ViewContact',
    'Supplier_ViewUserGuides',
  ],
  PROVIDER: [
    'Provider_ViewDashboard',
    'View_Dashboard',
    'Provider_ManageRecalls',
    'Provider_ManageDisruption',
    'Provider_ResponderRole',
    'Provider_ManageProfile',
    'Provider_ManageLocations',
    'Provider_ManageRoles',
    'Provider_ManageUsers',
    'Provider_ManageSupplierContacts',
    'Provider_ManageEmailTemplates',
    'Provider_ViewFAQs',
    'Provider_ViewContact',
    'Provider_ViewUserGuides',
  ],
} as const satisfies Record<OrganizationType, readonly string[]>;

export type Permission = (typeof PERMISSIONS)[OrganizationType][number];

export const ALL_PERMISSIONS: readonly string[] = Object.values(PERMISSIONS).flat();

export function permissionsOf(type: OrganizationType): readonly string[] {
  return PERMISSIONS[type];
}

export function isPermissionOf(type: OrganizationType, permission: string): boolean {
  return (PERMISSIONS[type] as readonly string[]).includes(permission);
}

/** The seeded roles of DESIGN §3 and the permissions each holds, per organisation type. */
export const SEEDED_ROLES: Record<OrganizationType, Record<string, readonly string[]>> = {
  NOTISPHERE: {
    Administrator: PERMISSIONS.NOTISPHERE,
    'Recall Coordinator': ['Notisphere_ViewDashboard', 'Notisphere_ManageRecalls', 'Notisphere_ViewFDAInformation'],
    Responder: ['Notisphere_ViewDashboard', 'NotiSphere_ResponderRole'],
  },
  SUPPLIER: {
    Administrator: PERMISSIONS.SUPPLIER,
    'Recall Coordinator': [
      'Supplier_ViewDashboard',
      'Supplier_ManageRecalls',
      'Supplier_ManageLocations',
      'Supplier_ManageSalesRepresentative',
      'Supplier_ViewFAQs',
      'Supplier_ViewContact',
      'Supplier_ViewUserGuides',
    ],
    'Sourcing Coordinator': [
      'Supplier_ViewDashboard',
      'Supplier_ManageDisruption',
      'Supplier_ManageLocations',
      'Supplier_ManageSalesRepresentative',
      'Supplier_ViewFAQs',
      'Supplier_ViewContact',
      'Supplier_ViewUserGuides',
    ],
  },
  PROVIDER: {
    Administrator: PERMISSIONS.PROVIDER,
    'Recall Coordinator': [
      'Provider_ViewDashboard',
      'View_Dashboard',
      'Provider_ManageRecalls',
      'Provider_ManageLocations',
      'Provider_ManageSupplierContacts',
      'Provider_ViewFAQs',
      'Provider_ViewContact',
      'Provider_ViewUserGuides',
    ],
    'Sourcing Coordinator': [
      'Provider_ViewDashboard',
      'View_Dashboard',
      'Provider_ManageDisruption',
      'Provider_ManageSupplierContacts',
      'Provider_ViewFAQs',
      'Provider_ViewContact',
      'Provider_ViewUserGuides',
    ],
    Responder: ['Provider_ResponderRole', 'Provider_ViewFAQs', 'Provider_ViewContact', 'Provider_ViewUserGuides'],
  },
};
