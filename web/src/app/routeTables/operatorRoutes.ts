import { msg } from '@lingui/core/macro';
import { ANY_PERMISSION } from '../../shared/session/permissions';
import { type Crumb, type RouteDef, withProps, operator, fdaGroup } from '../routeKit';

const OPERATOR = {
  keyMetrics: ['Notisphere_ViewKeyMetrics'],
  providers: ['Notisphere_ManageProviders'],
  responder: ['NotiSphere_ResponderRole'],
  recalls: ['Notisphere_ManageRecalls'],
  roles: ['Notisphere_ManageRoles'],
  suppliers: ['Notisphere_ManageSuppliers'],
  users: ['Notisphere_ManageUsers'],
  faqs: ['Notisphere_ManageFAQs'],
  emailTemplates: ['Notisphere_ManageEmailTemplates'],
  locations: ['Notisphere_ManageLocations'],
  lookupValues: ['Notisphere_ManageLookupValues'],
  fields: ['Notisphere_ManageProductFields'],
  userGuides: ['Notisphere_ManageUserGuides'],
  fda: ['Notisphere_ViewFDAInformation'],
} as const;

const operatorRecalls: Crumb = { label: msg`Recalls`, path: '/notisphere/recalls' };
const operatorEmailTemplates: Crumb = { label: msg`Email Templates`, path: '/notisphere/email-templates' };
const operatorPreProcessor: Crumb = { label: msg`Location Pre-Processor`, path: '/notisphere/location-pre-processor' };

/** The operator's routes. */
export const operatorRoutes: readonly RouteDef[] = [
  // Operator
  operator('/notisphere/dashboard', msg`Dashboard`, {
    menu: { id: 'dashboard', at: 1 },
    page: () => import('../../features/dashboards/OperatorDashboardPage'),
  }),
  operator('/notisphere/key-metrics', msg`Key Metrics`, {
    menu: { id: 'key-metrics', at: 2 },
    permissions: OPERATOR.keyMetrics,
    page: () => import('../../features/dashboards/KeyMetricsPage'),
  }),
  operator('/notisphere/providers', msg`Providers`, {
    menu: { id: 'providers', at: 6 },
    permissions: OPERATOR.providers,
    page: () => import('../../features/organizations/OperatorProvidersPage'),
  }),
  operator('/notisphere/er-response', msg`eR Responses`, {
    menu: { id: 'er-response', at: 4 },
    permissions: OPERATOR.responder,
    page: () => import('../../features/responses/OperatorResponsesPage'),
  }),
  operator('/notisphere/recalls', msg`Recalls`, {
    menu: { id: 'recalls', at: 3 },
    permissions: OPERATOR.recalls,
    page: () => import('../../features/recall-list/OperatorRecallsPage'),
  }),
  operator('/notisphere/recalls/view/:id', msg`View Recall`, {
    permissions: OPERATOR.recalls,
    parent: operatorRecalls,
    page: () => import('../../features/recall-view/OperatorRecallViewPage'),
  }),
  operator('/notisphere/roles', msg`Roles`, {
    menu: { id: 'roles', at: 13 },
    permissions: OPERATOR.roles,
    page: () => import('../../features/master-lists/OperatorRolesPage'),
  }),
  operator('/notisphere/suppliers', msg`Suppliers`, {
    menu: { id: 'suppliers', at: 5 },
    permissions: OPERATOR.suppliers,
    page: () => import('../../features/organizations/OperatorSuppliersPage'),
  }),
  operator('/notisphere/users', msg`Users`, {
    menu: { id: 'users', at: 12 },
    permissions: OPERATOR.users,
    page: () => import('../../features/master-lists/OperatorUsersPage'),
  }),
  operator('/notisphere/faqs', msg`Manage FAQs`, {
    permissions: OPERATOR.faqs,
    page: withProps(() => import('../../features/content/ContentEntriesManager').then((m) => m.ContentEntriesManager), {
      kind: 'FAQ',
    }),
  }),
  operator('/notisphere/email-templates', msg`Email Templates`, {
    menu: { id: 'email-templates', at: 15 },
    permissions: OPERATOR.emailTemplates,
    page: withProps(
      () => import('../../features/email-templates/emailTemplateParts').then((m) => m.EmailTemplateList),
      {
        side: 'operator',
        editPath: '/notisphere/email-templates/edit',
      },
    ),
  }),
  operator('/notisphere/email-templates/edit/:id', msg`Edit Email Template`, {
    permissions: OPERATOR.emailTemplates,
    parent: operatorEmailTemplates,
    page: () => import('../../features/email-templates/OperatorEmailTemplateEditPage'),
  }),
  operator('/notisphere/content-management', msg`Content Management`, {
    menu: { id: 'content-management', at: 16 },
    permissions: OPERATOR.emailTemplates,
    page: () => import('../../features/content/ContentManagementPage'),
  }),
  operator('/notisphere/locations', msg`Locations`, {
    menu: { id: 'locations', at: 8 },
    permissions: OPERATOR.locations,
    page: () => import('../../features/locations/OperatorLocationsPage'),
  }),
  operator('/notisphere/locations-verification', msg`Locations Verification`, {
    menu: { id: 'locations-verification', at: 9 },
    permissions: OPERATOR.locations,
    page: () => import('../../features/locations/OperatorLocationsVerificationPage'),
  }),
  operator('/notisphere/location-pre-processor', msg`Location Pre-Processor`, {
    menu: { id: 'location-pre-processor', at: 7 },
    permissions: OPERATOR.locations,
    page: () => import('../../features/locations/LocationPreProcessorPage'),
  }),
  operator('/notisphere/location-pre-processor/known-providers', msg`Known Providers`, {
    permissions: OPERATOR.locations,
    parent: operatorPreProcessor,
    page: () => import('../../features/locations/KnownProvidersPage'),
  }),
  operator('/notisphere/location-pre-processor/new', msg`New Location File`, {
    permissions: OPERATOR.locations,
    parent: operatorPreProcessor,
    page: () => import('../../features/locations/NewLocationFilePage'),
  }),
  operator('/notisphere/location-pre-processor/view/:id', msg`View Location File`, {
    permissions: OPERATOR.locations,
    parent: operatorPreProcessor,
    page: () => import('../../features/locations/LocationFilePage'),
  }),
  operator('/notisphere/location-pre-processor/edit/:id', msg`Edit Location File`, {
    permissions: OPERATOR.locations,
    parent: operatorPreProcessor,
    page: withProps(() => import('../../features/locations/LocationFilePage').then((m) => m.LocationFilePage), {
      editable: true,
    }),
  }),
  operator('/notisphere/quick-links', msg`Quick Links`, {
    menu: { id: 'quick-links', at: 14 },
    permissions: [ANY_PERMISSION],
    page: () => import('../../features/content/QuickLinksPage'),
  }),
  operator('/notisphere/lookup-values', msg`Lookup Values`, {
    menu: { id: 'lookup-values', at: 11 },
    permissions: OPERATOR.lookupValues,
    page: () => import('../../features/master-lists/OperatorLookupValuesPage'),
  }),
  operator('/notisphere/fields', msg`Product Fields`, {
    menu: { id: 'fields', at: 10 },
    permissions: OPERATOR.fields,
    page: withProps(
      () => import('../../features/master-lists/ProductFieldsManager').then((m) => m.ProductFieldsManager),
      {
        side: 'notisphere',
      },
    ),
  }),
  operator('/notisphere/manage-user-guide', msg`Manage User Guide`, {
    permissions: OPERATOR.userGuides,
    page: withProps(() => import('../../features/content/ContentEntriesManager').then((m) => m.ContentEntriesManager), {
      kind: 'GUIDE',
    }),
  }),
  operator('/notisphere/manage-supplier-list', msg`Manage Supplier Master`, {
    menu: { id: 'supplier-master', at: 17 },
    permissions: OPERATOR.userGuides,
    page: () => import('../../features/organizations/OperatorSupplierMasterPage'),
  }),
  operator('/notisphere/fda-devices', msg`FDA Devices`, {
    menu: { id: 'fda-devices', at: 18, group: fdaGroup, label: msg`Devices` },
    permissions: OPERATOR.fda,
    page: () => import('../../features/fda/FdaDevicesPage'),
  }),
  operator('/notisphere/fda-drugs', msg`FDA Drugs`, {
    menu: { id: 'fda-drugs', at: 19, group: fdaGroup, label: msg`Drugs` },
    permissions: OPERATOR.fda,
    page: withProps(() => import('../../features/fda/FdaRecordsPage').then((m) => m.FdaRecordsPage), { list: 'drugs' }),
  }),
];
