/** The permission catalogue of spec §6. */
export const PERMISSION_CATALOGUE: readonly string[] = [
  'Notisphere_ViewDashboard', 'Notisphere_ViewKeyMetrics', 'Notisphere_ManageRecalls', 'NotiSphere_ResponderRole',
  'Notisphere_ManageSuppliers', 'Notisphere_ManageProviders', 'Notisphere_ManageLocations', 'Notisphere_ManageProductFields',
  'Notisphere_ManageLookupValues', 'Notisphere_ManageUsers', 'Notisphere_ManageRoles', 'Notisphere_ManageEmailTemplates',
  'Notisphere_ManageUserGuides', 'Notisphere_ManageFAQs', 'Notisphere_ViewFDAInformation',
  'Supplier_ViewDashboard', 'Supplier_ManageRecalls', 'Supplier_ManageDisruption', 'Supplier_ManageLookupValues',
  'Supplier_ManageProductFields', 'Supplier_ManageProfile', 'Supplier_ManageRoles', 'Supplier_ManageUsers',
  'Supplier_ManageSalesRepresentative', 'Supplier_ManageLocations', 'Supplier_ViewFAQs', 'Supplier_ViewContact',
  'Supplier_ViewUserGuides',
  'Provider_ViewDashboard', 'View_Dashboard', 'Provider_ManageRecalls', 'Provider_ManageDisruption', 'Provider_ResponderRole',
  'Provider_ManageProfile', 'Provider_ManageLocations', 'Provider_ManageRoles', 'Provider_ManageUsers',
  'Provider_ManageSupplierContacts', 'Provider_ManageEmailTemplates', 'Provider_ViewFAQs', 'Provider_ViewContact',
  'Provider_ViewUserGuides',
];
