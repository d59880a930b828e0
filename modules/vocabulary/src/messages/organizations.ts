/**
 * Messages of organisations, sites, users, roles, locations and the master lists (the organizations module), and
 * the not-found messages of their records other modules answer too. English as the wire sends it.
 */
export const ORGANIZATION_MESSAGES = {
  ORGANIZATION_NOT_FOUND: 'Organization not found.',
  SUPPLIER_NOT_FOUND: 'Supplier not found.',
  PROVIDER_NOT_FOUND: 'Provider not found.',
  SITE_NOT_FOUND: 'Site not found.',
  SITE_NOT_FOUND_IN_PROVIDER: 'Site not found in this provider.',
  USER_NOT_FOUND: 'User not found.',
  ROLE_NOT_FOUND: 'Role not found.',
  ROLE_NOT_FOUND_IN_ORGANIZATION: 'Role not found in this organization.',
  LOCATION_NOT_FOUND: 'Location not found.',
  LOCATION_FILE_NOT_FOUND: 'Location file not found.',
  DISTRIBUTION_LIST_NOT_FOUND: 'Distribution list not found.',
  MEMBER_NOT_FOUND: 'Member not found.',
  TEMPLATE_ACTION_NOT_FOUND: 'Template action not found.',
  SALES_REP_NOT_FOUND: 'Sales representative not found.',
  SUPPLIER_CONTACT_NOT_FOUND: 'Supplier contact not found.',
  SUPPLIER_NAME_NOT_FOUND: 'Supplier name not found.',

  // ---- a record's status ----
  'INVALID_STATUS.alreadyActive': 'This record is already active.',
  'INVALID_STATUS.notActive': 'Only an active record can be inactivated.',
  'INVALID_STATUS.editInactive': 'Activate this record before editing it.',
  'INVALID_STATUS.organizationDeactivated': 'This organization is already deactivated.',
  'INVALID_STATUS.editDeactivatedOrganization': 'Activate this organization before editing it.',
  'INVALID_STATUS.userDeactivated': 'This user is already deactivated.',
  'INVALID_STATUS.userNotDeactivated': 'Only a deactivated user can be activated.',
  'INVALID_STATUS.userNotLocked': 'This account is not locked.',
  'INVALID_STATUS.userVerified': 'This user has already verified the email address.',
  'INVALID_STATUS.editDeactivatedUser': 'Activate this user before editing.',
  'INVALID_STATUS.supplierDeactivated': 'This supplier is deactivated.',
  'INVALID_STATUS.supplierNameDeactivated': 'Activate this supplier name before linking it.',
  'INVALID_STATUS.supplierNameSameStatus': 'This supplier name already has that status.',

  // ---- organisations and sites ----
  LINK_TAKEN: 'This self-registration link is already used by another organization.',
  NOTISPHERE_ID_TAKEN: 'This Notisphere ID is already used by another organization.',
  SELF_REGISTRATION_ROLE_INVALID: 'The self-registration role must be one of the organization’s roles.',
  /** A site's field problem (`problem`, a message) while creating or updating an organisation with its sites. */
  SITE_FIELD_INVALID: 'sites[{index}]: {problem}',
  SITES_HEALTH_SYSTEM_ONLY: 'Only a health system can add sites.',

  // ---- users, memberships and roles ----
  ROLE_INACTIVE: 'This role is not active.',
  ROLE_OF_OTHER_ORGANIZATION: 'The role must be a role of the chosen organization.',
  ROLE_NAME_NOT_IN_ORGANIZATION: 'The chosen organization has no active role of this name.',
  LAST_ADMINISTRATOR: 'You cannot remove the last active Administrator of your organization.',
  ALREADY_MEMBER: 'This user is already a member of your organization.',
  'ALREADY_MEMBER.organization': 'This user is already a member of the organization.',
  SELF_DEACTIVATION: 'You cannot deactivate your own account.',
  NO_MEMBERSHIP: 'This user belongs to no organization to be invited to.',
  ROLE_NAME_TAKEN: 'A role with this name already exists.',
  ROLE_IN_USE: 'This role is assigned to users. Assign them another role before deleting it.',
  ADMINISTRATOR_ROLE:
    'The Administrator role always holds every permission and cannot be changed, inactivated or deleted.',
  ROLE_NAME_RESERVED: 'The name Administrator is reserved for the built-in role.',
  PERMISSIONS_NOT_AVAILABLE: 'Permissions not available to a {type} organization: {permissions}',
  'PERMISSIONS_NOT_AVAILABLE.setup': 'Permissions not available to a {type} organisation: {permissions}',

  // ---- locations ----
  DUPLICATE_LOCATION: 'A location with this Location ID already exists.',
  LOCATION_ID_REQUIRED: 'Location ID is required',
  LOCATION_ID_TOO_LONG: 'Location ID must be at most 100 characters',
  LOCATION_NAME_REQUIRED: 'Location Name is required',
  LOCATION_NAME_TOO_LONG: 'Location Name must be at most 300 characters',
  LOCATION_COLUMNS_MISSING: 'The file must have the columns Location ID and Location Name in its first row.',
  LOCATION_FILE_NO_ROWS: 'The file holds no location rows.',

  // ---- distribution lists, template actions, sales representatives, supplier contacts and master ----
  LIST_NAME_TAKEN: 'A distribution list with this name already exists.',
  MEMBER_SOURCE_REQUIRED: 'Give exactly one of email, provider_organization_id or supplier_location_id.',
  DUPLICATE_MEMBER: 'This member is already on the list.',
  ACTION_OPTIONS_REQUIRED: 'Options are required for Checkbox and MultipleChoice actions.',
  ACTION_OPTIONS_NOT_UNIQUE: 'Options must be different from each other.',
  TEMPLATE_ACTION_ORDER_INVALID: 'The order must list template actions of this communication type, each once.',
  'EMAIL_TAKEN.salesRep': 'A sales representative with this email already exists.',
  SUPPLIER_TAKEN: 'This supplier has a contact already.',
  SUPPLIER_NAMES_BLANK: 'Supplier names must not be blank.',
  // Single sign-on (issue 35).
  SSO_ISSUER_INVALID: 'The issuer must be an https address (http only on this machine).',
  SSO_SCOPES_INVALID: 'The scopes must include openid.',
  SSO_ROLE_REQUIRED: 'Choose the role of new members when just-in-time membership is on.',
  SSO_SECRET_REQUIRED: 'Enter the client secret.',
  SSO_SECRET_UNREADABLE:
    "The identity provider's client secret can no longer be read. An administrator must enter it again.",
  SSO_DOMAIN_TAKEN: 'The email domain {domain} already signs in through another organization.',
  SSO_DISCOVERY_FAILED: "The identity provider's discovery document could not be read at {url}.",
  SSO_DISCOVERY_INVALID: 'The document at {url} is not a usable OpenID Connect discovery document.',
} as const;
