import { msg } from '@lingui/core/macro';
import {
  type Crumb,
  type PageLoader,
  type RouteDef,
  withProps,
  provider,
  organizationSettings,
  recallSettings,
} from '../routeKit';

const PROVIDER = {
  recalls: ['Provider_ManageRecalls'],
  /** What needs the team: anyone who manages recalls or supply advisories. */
  worklist: ['Provider_ManageRecalls', 'Provider_ManageDisruption'],
  responder: ['Provider_ResponderRole'],
  disruption: ['Provider_ManageDisruption'],
  roles: ['Provider_ManageRoles'],
  users: ['Provider_ManageUsers'],
  locations: ['Provider_ManageLocations'],
  profile: ['Provider_ManageProfile'],
  supplierContacts: ['Provider_ManageSupplierContacts'],
  emailTemplates: ['Provider_ManageEmailTemplates'],
  /** The item master (issue 38): the recall coordinators' page (responders read it through the API as they count). */
  inventory: ['Provider_ManageRecalls'],
} as const;

const providerView: PageLoader = () => import('../../features/recall-view/ProviderViewPage');
const providerRecallForm: PageLoader = withProps(
  () => import('../../features/wizard/CreatedCommunicationFormPage').then((m) => m.CreatedCommunicationFormPage),
  { type: 'RECALL' },
);
const providerAdvisoryForm: PageLoader = withProps(
  () => import('../../features/wizard/CreatedCommunicationFormPage').then((m) => m.CreatedCommunicationFormPage),
  { type: 'PRODUCT DISRUPTION' },
);

const providerRecalls: Crumb = { label: msg`Recalls`, path: '/provider/recalls' };
const providerAdvisories: Crumb = { label: msg`Supply Advisories`, path: '/provider/product-disruption' };
const providerEmailTemplates: Crumb = { label: msg`Email Templates`, path: '/provider/email-templates' };

/** The provider's routes. */
export const providerRoutes: readonly RouteDef[] = [
  // Provider
  provider('/provider/worklist', msg`Worklist`, {
    menu: { id: 'worklist', at: 0 },
    permissions: PROVIDER.worklist,
    page: () => import('../../features/worklist/WorklistPage'),
  }),
  provider('/provider/dashboard', msg`Dashboard`, {
    menu: { id: 'dashboard', at: 1 },
    page: () => import('../../features/dashboards/ProviderDashboardPage'),
  }),
  provider('/provider/recalls', msg`Recalls`, {
    menu: { id: 'recalls', at: 2 },
    permissions: PROVIDER.recalls,
    page: withProps(() => import('../../features/recall-list/ProviderListPage').then((m) => m.ProviderListPage), {
      kind: 'RECALL',
    }),
  }),
  provider('/provider/recalls/new', msg`New Recall`, {
    permissions: PROVIDER.recalls,
    parent: providerRecalls,
    page: providerRecallForm,
  }),
  provider('/provider/recalls/edit/:id', msg`Edit Recall`, {
    permissions: PROVIDER.recalls,
    parent: providerRecalls,
    page: providerRecallForm,
  }),
  provider('/provider/recalls/view/:id/:providerCommunicationId', msg`View Recall`, {
    permissions: PROVIDER.recalls,
    parent: providerRecalls,
    page: providerView,
  }),
  provider('/provider/er-response', msg`eR Responses`, {
    menu: { id: 'er-response', at: 4 },
    permissions: PROVIDER.responder,
    page: withProps(() => import('../../features/recall-list/ProviderListPage').then((m) => m.ProviderListPage), {
      kind: 'RESPONDER',
    }),
  }),
  provider('/provider/product-disruption', msg`Supply Advisories`, {
    menu: { id: 'advisories', at: 3 },
    permissions: PROVIDER.disruption,
    page: withProps(() => import('../../features/recall-list/ProviderListPage').then((m) => m.ProviderListPage), {
      kind: 'PRODUCT DISRUPTION',
    }),
  }),
  provider('/provider/product-disruption/new', msg`New Supply Advisory`, {
    permissions: PROVIDER.disruption,
    parent: providerAdvisories,
    page: providerAdvisoryForm,
  }),
  provider('/provider/product-disruption/edit/:id', msg`Edit Supply Advisory`, {
    permissions: PROVIDER.disruption,
    parent: providerAdvisories,
    page: providerAdvisoryForm,
  }),
  provider('/provider/product-disruption/view/:id', msg`View Supply Advisory`, {
    permissions: PROVIDER.disruption,
    parent: providerAdvisories,
    page: () => import('../../features/recall-view/ProviderCreatedViewPage'),
  }),
  provider('/provider/product-disruption/view/:id/:providerCommunicationId', msg`View Supply Advisory`, {
    permissions: PROVIDER.disruption,
    parent: providerAdvisories,
    page: providerView,
  }),
  provider('/provider/inventory', msg`Inventory`, {
    menu: { id: 'inventory', at: 4.5 },
    permissions: PROVIDER.inventory,
    page: () => import('../../features/inventory/InventoryPage'),
  }),
  provider('/provider/roles', msg`Roles`, {
    menu: { id: 'roles', at: 8, group: organizationSettings },
    permissions: PROVIDER.roles,
    page: withProps(
      () => import('../../features/master-lists/SupplierRolesPage').then((m) => m.OrganizationRolesPage),
      {
        pageKey: 'provider-roles',
      },
    ),
  }),
  provider('/provider/users', msg`Users`, {
    menu: { id: 'users', at: 9, group: organizationSettings },
    permissions: PROVIDER.users,
    page: withProps(
      () => import('../../features/master-lists/SupplierUsersPage').then((m) => m.OrganizationUsersPage),
      {
        pageKey: 'provider-users',
        sites: true,
      },
    ),
  }),
  provider('/provider/locations-verification', msg`Locations Verification`, {
    menu: { id: 'locations-verification', at: 6, group: organizationSettings },
    permissions: PROVIDER.locations,
    page: () => import('../../features/locations/ProviderLocationsVerificationPage'),
  }),
  provider('/provider/sites', msg`Sites`, {
    menu: { id: 'sites', at: 7, group: organizationSettings },
    permissions: PROVIDER.locations,
    page: () => import('../../features/master-lists/ProviderSitesPage'),
  }),
  provider('/provider/template-actions', msg`Template Actions`, {
    menu: { id: 'template-actions', at: 12, group: recallSettings },
    permissions: PROVIDER.recalls,
    page: () => import('../../features/master-lists/ProviderTemplateActionsPage'),
  }),
  provider('/provider/distribution-list', msg`Distribution Lists`, {
    menu: { id: 'distribution-lists', at: 13, group: recallSettings },
    permissions: PROVIDER.recalls,
    page: () => import('../../features/master-lists/ProviderDistributionListsPage'),
  }),
  provider('/provider/organization', msg`Organization Settings`, {
    menu: { id: 'general', at: 5, group: organizationSettings, label: msg`General` },
    permissions: PROVIDER.profile,
    page: () =>
      import('../../features/organizations/SupplierOrganizationPage').then((m) => ({
        default: m.ProviderOrganizationPage,
      })),
  }),
  provider('/provider/supplier-contacts', msg`Supplier Contacts`, {
    menu: { id: 'supplier-contacts', at: 10, group: organizationSettings },
    permissions: PROVIDER.supplierContacts,
    page: () => import('../../features/master-lists/ProviderSupplierContactsPage'),
  }),
  provider('/provider/email-templates', msg`Email Templates`, {
    menu: { id: 'email-templates', at: 11, group: organizationSettings },
    permissions: PROVIDER.emailTemplates,
    page: withProps(
      () => import('../../features/email-templates/emailTemplateParts').then((m) => m.EmailTemplateList),
      {
        side: 'provider',
        editPath: '/provider/email-templates/edit',
      },
    ),
  }),
  provider('/provider/email-templates/edit/:id', msg`Edit Email Template`, {
    permissions: PROVIDER.emailTemplates,
    parent: providerEmailTemplates,
    page: () => import('../../features/email-templates/ProviderEmailTemplateEditPage'),
  }),
];
