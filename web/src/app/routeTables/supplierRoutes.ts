import { msg } from '@lingui/core/macro';
import {
  type Crumb,
  type RouteDef,
  withProps,
  supplier,
  organizationSettings,
  recallSettings,
  advisorySettings,
  locationManagement,
} from '../routeKit';

const SUPPLIER = {
  recalls: ['Supplier_ManageRecalls'],
  disruption: ['Supplier_ManageDisruption'],
  roles: ['Supplier_ManageRoles'],
  users: ['Supplier_ManageUsers'],
  salesRep: ['Supplier_ManageSalesRepresentative'],
  profile: ['Supplier_ManageProfile'],
  locations: ['Supplier_ManageLocations'],
  fields: ['Supplier_ManageProductFields'],
  lookupValues: ['Supplier_ManageLookupValues'],
} as const;

const supplierRecalls: Crumb = { label: msg`Recalls`, path: '/supplier/recalls' };
const supplierAdvisories: Crumb = { label: msg`Supply Advisories`, path: '/supplier/product-disruption' };

/** The supplier's routes. */
export const supplierRoutes: readonly RouteDef[] = [
  // Supplier
  supplier('/supplier/dashboard', msg`Dashboard`, {
    menu: { id: 'dashboard', at: 1 },
    page: () => import('../../features/dashboards/SupplierDashboardPage'),
  }),
  supplier('/supplier/recalls', msg`Recalls`, {
    menu: { id: 'recalls', at: 2 },
    permissions: SUPPLIER.recalls,
    page: withProps(
      () => import('../../features/recall-list/CommunicationListPage').then((m) => m.CommunicationListPage),
      { type: 'RECALL' },
    ),
  }),
  supplier('/supplier/recalls/new', msg`New Recall`, {
    permissions: SUPPLIER.recalls,
    parent: supplierRecalls,
    page: withProps(
      () => import('../../features/wizard/CommunicationWizardPage').then((m) => m.CommunicationWizardPage),
      {
        type: 'RECALL',
      },
    ),
  }),
  supplier('/supplier/recalls/edit/:id', msg`Edit Recall`, {
    permissions: SUPPLIER.recalls,
    parent: supplierRecalls,
    page: withProps(
      () => import('../../features/wizard/CommunicationWizardPage').then((m) => m.CommunicationWizardPage),
      {
        type: 'RECALL',
      },
    ),
  }),
  supplier('/supplier/recalls/view/:id', msg`View Recall`, {
    permissions: SUPPLIER.recalls,
    parent: supplierRecalls,
    page: withProps(
      () => import('../../features/recall-view/CommunicationViewPage').then((m) => m.CommunicationViewPage),
      { type: 'RECALL' },
    ),
  }),
  supplier('/supplier/product-disruption', msg`Supply Advisories`, {
    menu: { id: 'advisories', at: 3 },
    permissions: SUPPLIER.disruption,
    page: withProps(
      () => import('../../features/recall-list/CommunicationListPage').then((m) => m.CommunicationListPage),
      { type: 'PRODUCT DISRUPTION' },
    ),
  }),
  supplier('/supplier/product-disruption/new', msg`New Supply Advisory`, {
    permissions: SUPPLIER.disruption,
    parent: supplierAdvisories,
    page: withProps(
      () => import('../../features/wizard/CommunicationWizardPage').then((m) => m.CommunicationWizardPage),
      {
        type: 'PRODUCT DISRUPTION',
      },
    ),
  }),
  supplier('/supplier/product-disruption/edit/:id', msg`Edit Supply Advisory`, {
    permissions: SUPPLIER.disruption,
    parent: supplierAdvisories,
    page: withProps(
      () => import('../../features/wizard/CommunicationWizardPage').then((m) => m.CommunicationWizardPage),
      {
        type: 'PRODUCT DISRUPTION',
      },
    ),
  }),
  supplier('/supplier/product-disruption/view/:id', msg`View Supply Advisory`, {
    permissions: SUPPLIER.disruption,
    parent: supplierAdvisories,
    page: withProps(
      () => import('../../features/recall-view/CommunicationViewPage').then((m) => m.CommunicationViewPage),
      { type: 'PRODUCT DISRUPTION' },
    ),
  }),
  supplier('/supplier/roles', msg`Roles`, {
    menu: { id: 'roles', at: 5, group: organizationSettings },
    permissions: SUPPLIER.roles,
    page: () => import('../../features/master-lists/SupplierRolesPage'),
  }),
  supplier('/supplier/users', msg`Users`, {
    menu: { id: 'users', at: 6, group: organizationSettings },
    permissions: SUPPLIER.users,
    page: () => import('../../features/master-lists/SupplierUsersPage'),
  }),
  supplier('/supplier/sales-rep', msg`Sales Reps`, {
    menu: { id: 'sales-reps', at: 7, group: organizationSettings },
    permissions: SUPPLIER.salesRep,
    page: () => import('../../features/master-lists/SupplierSalesRepsPage'),
  }),
  supplier('/supplier/organization', msg`Organization Settings`, {
    menu: { id: 'general', at: 4, group: organizationSettings, label: msg`General` },
    permissions: SUPPLIER.profile,
    page: () => import('../../features/organizations/SupplierOrganizationPage'),
  }),
  // Not in the spec's route list: a supplier's own product fields (Supplier_ManageProductFields).
  supplier('/supplier/fields', msg`Product Fields`, {
    menu: { id: 'product-fields', at: 8, group: organizationSettings },
    permissions: SUPPLIER.fields,
    page: withProps(
      () => import('../../features/master-lists/ProductFieldsManager').then((m) => m.ProductFieldsManager),
      {
        side: 'supplier',
      },
    ),
  }),
  // Not in the spec's route list either: a supplier's own lookup values (Supplier_ManageLookupValues).
  supplier('/supplier/lookup-values', msg`Lookup Values`, {
    menu: { id: 'lookup-values', at: 9, group: organizationSettings },
    permissions: SUPPLIER.lookupValues,
    page: withProps(() => import('../../features/master-lists/OperatorLookupValuesPage').then((m) => m.default), {
      scope: 'supplier',
    }),
  }),
  supplier('/supplier/providers', msg`Providers`, {
    menu: { id: 'providers', at: 14, group: locationManagement },
    permissions: SUPPLIER.locations,
    page: () => import('../../features/master-lists/SupplierProvidersPage'),
  }),
  supplier('/supplier/locations', msg`Locations`, {
    menu: { id: 'locations', at: 15, group: locationManagement },
    permissions: SUPPLIER.locations,
    page: () => import('../../features/locations/SupplierLocationsPage'),
  }),
  supplier('/supplier/location-files', msg`Location Files`, {
    menu: { id: 'files', at: 16, group: locationManagement, label: msg`Files` },
    permissions: SUPPLIER.locations,
    page: () => import('../../features/locations/SupplierLocationFilesPage'),
  }),
  supplier('/supplier/recall-template-actions', msg`Recall Template Actions`, {
    menu: { id: 'recall-template-actions', at: 10, group: recallSettings, label: msg`Template Actions` },
    permissions: SUPPLIER.recalls,
    page: withProps(
      () => import('../../features/master-lists/SupplierTemplateActionsPage').then((m) => m.TemplateActionsPage),
      { type: 'RECALL' },
    ),
  }),
  supplier('/supplier/recall-distribution-list', msg`Recall Distribution Lists`, {
    menu: { id: 'recall-distribution-lists', at: 11, group: recallSettings, label: msg`Distribution Lists` },
    permissions: SUPPLIER.recalls,
    page: withProps(
      () => import('../../features/master-lists/SupplierDistributionListsPage').then((m) => m.DistributionListsPage),
      { type: 'RECALL' },
    ),
  }),
  supplier('/supplier/product-disruption-template-actions', msg`Advisory Template Actions`, {
    menu: { id: 'advisory-template-actions', at: 12, group: advisorySettings, label: msg`Template Actions` },
    permissions: SUPPLIER.disruption,
    page: withProps(
      () => import('../../features/master-lists/SupplierTemplateActionsPage').then((m) => m.TemplateActionsPage),
      { type: 'PRODUCT DISRUPTION' },
    ),
  }),
  supplier('/supplier/product-disruption-distribution-lists', msg`Advisory Distribution Lists`, {
    menu: { id: 'advisory-distribution-lists', at: 13, group: advisorySettings, label: msg`Distribution Lists` },
    permissions: SUPPLIER.disruption,
    page: withProps(
      () => import('../../features/master-lists/SupplierDistributionListsPage').then((m) => m.DistributionListsPage),
      { type: 'PRODUCT DISRUPTION' },
    ),
  }),
];
