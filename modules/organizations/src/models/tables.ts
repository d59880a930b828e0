/** The tables this module owns: only its own code reads or writes them (scripts/table-ownership.ts checks). */
export const ownedTables: readonly string[] = [
  'organizations',
  'users',
  'memberships',
  'roles',
  'role_permissions',
  'supplier_locations',
  'supplier_location_files',
  'supplier_master',
  'sales_representatives',
  'distribution_lists',
  'distribution_list_members',
  'template_actions',
  'provider_supplier_contacts',
  'organization_sso',
  'organization_sso_domains',
];
