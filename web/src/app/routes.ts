import type { ComponentType } from 'react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { UserType } from './token';
import { ANY_PERMISSION } from './permissions';

/** plain: public pages without the shell; custom: public forms with their own layout; shell: header + sidebar. */
export type Layout = 'plain' | 'custom' | 'shell';

export interface Crumb {
  label: MessageDescriptor;
  path?: string;
}

export type PageLoader = () => Promise<{ default: ComponentType }>;

export interface RouteDef {
  path: string;
  title: MessageDescriptor;
  /** Breadcrumb after Home; the last entry is the page itself. */
  breadcrumb: Crumb[];
  /** Any of these is enough; ['*'] means any permission at all. */
  permissions?: readonly string[];
  userType?: UserType;
  public?: boolean;
  layout: Layout;
  /** Page component; routes without one show the "coming soon" page named by the title. */
  page?: PageLoader;
}

interface Options {
  permissions?: readonly string[];
  parent?: Crumb;
  page?: PageLoader;
}

function make(layout: Layout, isPublic: boolean, userType?: UserType) {
  return (path: string, title: MessageDescriptor, options: Options = {}): RouteDef => ({
    path,
    title,
    breadcrumb: options.parent ? [options.parent, { label: title }] : [{ label: title }],
    permissions: options.permissions,
    userType,
    public: isPublic,
    layout,
    page: options.page,
  });
}

const plain = make('plain', true);
const form = make('custom', true);
const any = make('shell', false);
const noti = make('shell', false, 'NOTI');
const prov = make('shell', false, 'PROV');
const supp = make('shell', false, 'SUPP');

const N = {
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

const P = {
  recalls: ['Provider_ManageRecalls'],
  responder: ['Provider_ResponderRole'],
  disruption: ['Provider_ManageDisruption'],
  roles: ['Provider_ManageRoles'],
  users: ['Provider_ManageUsers'],
  locations: ['Provider_ManageLocations'],
  profile: ['Provider_ManageProfile'],
  supplierContacts: ['Provider_ManageSupplierContacts'],
  emailTemplates: ['Provider_ManageEmailTemplates'],
} as const;

const S = {
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

const loginPage: PageLoader = () => import('../pages/public/LoginPage');
const notFoundPage: PageLoader = () => import('../pages/public/NotFoundPage');
const forbiddenPage: PageLoader = () => import('../pages/public/ForbiddenPage');
const noticeForm: PageLoader = () => import('../pages/forms/NoticeFormPage');
const noticeConfirmation: PageLoader = () => import('../pages/forms/ConfirmationPage');
const delegateForm: PageLoader = () => import('../pages/forms/DelegateFormPage');
const providerView: PageLoader = () => import('../pages/provider/ProviderViewPage');
const providerRecallForm: PageLoader = () => import('../pages/provider/RecallFormPage');
const providerAdvisoryForm: PageLoader = () => import('../pages/provider/AdvisoryFormPage');

const nRecalls: Crumb = { label: msg`Recalls`, path: '/notisphere/recalls' };
const nEmailTemplates: Crumb = { label: msg`Email Templates`, path: '/notisphere/email-templates' };
const nPreProcessor: Crumb = { label: msg`Location Pre-Processor`, path: '/notisphere/location-pre-processor' };
const pRecalls: Crumb = { label: msg`Recalls`, path: '/provider/recalls' };
const pAdvisories: Crumb = { label: msg`Supply Advisories`, path: '/provider/product-disruption' };
const pEmailTemplates: Crumb = { label: msg`Email Templates`, path: '/provider/email-templates' };
const sRecalls: Crumb = { label: msg`Recalls`, path: '/supplier/recalls' };
const sAdvisories: Crumb = { label: msg`Supply Advisories`, path: '/supplier/product-disruption' };
const account: Crumb = { label: msg`My Profile`, path: '/account' };

/** Every route of the product (spec file 000 §2), in one table. */
export const routes: readonly RouteDef[] = [
  // Public, plain layout
  plain('/verify-email', msg`Verify Email`, { page: () => import('../pages/public/VerifyEmailPage') }),
  plain('/reset-password', msg`Reset Password`, { page: () => import('../pages/public/ResetPasswordPage') }),
  plain('/login', msg`Sign In`, { page: loginPage }),
  plain('/forgot-password', msg`Forgot Password`, { page: () => import('../pages/public/ForgotPasswordPage') }),
  plain('/success', msg`Success`, { page: () => import('../pages/public/SuccessPage') }),
  plain('/success-signup', msg`Registration Complete`, { page: () => import('../pages/public/SuccessSignupPage') }),
  plain('/registration/:name', msg`Registration`, { page: () => import('../pages/public/RegistrationPage') }),
  plain('/not-founds', msg`Page Not Found`, { page: notFoundPage }),

  // Public forms, custom layout
  form('/delegate-webform', msg`Delegate Response`, { page: delegateForm }),
  form('/supplier-delegate-webform', msg`Supplier Delegate Response`, { page: delegateForm }),
  form('/provider/recall-notice-webform', msg`Recall Notice`, { page: noticeForm }),
  form('/provider/disruption-notice-webform', msg`Supply Advisory Notice`, { page: noticeForm }),
  form('/supplier/sales-rep/disruption-webform', msg`Sales Representative Response`, {
    page: () => import('../pages/forms/SalesRepFormPage'),
  }),
  form(
    '/provider/recall-notice-webform/confirmation/:organizationId/:communicationId/:providerCommunicationId/:communicationType',
    msg`Recall Notice Confirmation`,
    { page: noticeConfirmation },
  ),
  form(
    '/provider/disruption-notice-webform/confirmation/:organizationId/:communicationId/:providerCommunicationId/:communicationType',
    msg`Supply Advisory Notice Confirmation`,
    { page: noticeConfirmation },
  ),
  form('/provider/product-disruption/accessdenied/:id/:providerCommunicationId', msg`Access Denied`, {
    page: () => import('../pages/provider/AccessDeniedPage'),
  }),

  // Signed in, any user type
  any('/not-found', msg`Page Not Found`, { page: notFoundPage }),
  any('/forbidden', msg`Forbidden`, { page: forbiddenPage }),
  any('/account', msg`My Profile`, { page: () => import('../pages/account/AccountPage') }),
  any('/account/edit', msg`Edit Profile`, { parent: account, page: () => import('../pages/account/AccountEditPage') }),
  any('/faqs', msg`FAQs`, { page: () => import('../pages/content/FaqsPage') }),
  any('/contact-us', msg`Contact Us`, { page: () => import('../pages/content/ContactUsPage') }),
  any('/user-guide', msg`User Guide`, { page: () => import('../pages/content/UserGuidePage') }),

  // Operator
  noti('/notisphere/dashboard', msg`Dashboard`, { page: () => import('../pages/notisphere/DashboardPage') }),
  noti('/notisphere/key-metrics', msg`Key Metrics`, {
    permissions: N.keyMetrics,
    page: () => import('../pages/notisphere/KeyMetricsPage'),
  }),
  noti('/notisphere/providers', msg`Providers`, {
    permissions: N.providers,
    page: () => import('../pages/notisphere/ProvidersPage'),
  }),
  noti('/notisphere/er-response', msg`eR Responses`, {
    permissions: N.responder,
    page: () => import('../pages/notisphere/ResponsesPage'),
  }),
  noti('/notisphere/recalls', msg`Recalls`, {
    permissions: N.recalls,
    page: () => import('../pages/notisphere/RecallsPage'),
  }),
  noti('/notisphere/recalls/view/:id', msg`View Recall`, {
    permissions: N.recalls,
    parent: nRecalls,
    page: () => import('../pages/notisphere/RecallViewPage'),
  }),
  noti('/notisphere/roles', msg`Roles`, { permissions: N.roles, page: () => import('../pages/notisphere/RolesPage') }),
  noti('/notisphere/suppliers', msg`Suppliers`, {
    permissions: N.suppliers,
    page: () => import('../pages/notisphere/SuppliersPage'),
  }),
  noti('/notisphere/users', msg`Users`, { permissions: N.users, page: () => import('../pages/notisphere/UsersPage') }),
  noti('/notisphere/faqs', msg`Manage FAQs`, {
    permissions: N.faqs,
    page: () => import('../pages/notisphere/ManageFaqsPage'),
  }),
  noti('/notisphere/email-templates', msg`Email Templates`, {
    permissions: N.emailTemplates,
    page: () => import('../pages/notisphere/EmailTemplatesPage'),
  }),
  noti('/notisphere/email-templates/edit/:id', msg`Edit Email Template`, {
    permissions: N.emailTemplates,
    parent: nEmailTemplates,
    page: () => import('../pages/notisphere/EmailTemplateEditPage'),
  }),
  noti('/notisphere/content-management', msg`Content Management`, {
    permissions: N.emailTemplates,
    page: () => import('../pages/notisphere/ContentManagementPage'),
  }),
  noti('/notisphere/locations', msg`Locations`, {
    permissions: N.locations,
    page: () => import('../pages/notisphere/LocationsPage'),
  }),
  noti('/notisphere/locations-verification', msg`Locations Verification`, {
    permissions: N.locations,
    page: () => import('../pages/notisphere/LocationsVerificationPage'),
  }),
  noti('/notisphere/location-pre-processor', msg`Location Pre-Processor`, {
    permissions: N.locations,
    page: () => import('../pages/notisphere/LocationPreProcessorPage'),
  }),
  noti('/notisphere/location-pre-processor/known-providers', msg`Known Providers`, {
    permissions: N.locations,
    parent: nPreProcessor,
    page: () => import('../pages/notisphere/KnownProvidersPage'),
  }),
  noti('/notisphere/location-pre-processor/new', msg`New Location File`, {
    permissions: N.locations,
    parent: nPreProcessor,
    page: () => import('../pages/notisphere/NewLocationFilePage'),
  }),
  noti('/notisphere/location-pre-processor/view/:id', msg`View Location File`, {
    permissions: N.locations,
    parent: nPreProcessor,
    page: () => import('../pages/notisphere/LocationFilePage'),
  }),
  noti('/notisphere/location-pre-processor/edit/:id', msg`Edit Location File`, {
    permissions: N.locations,
    parent: nPreProcessor,
    page: () => import('../pages/notisphere/LocationFileEditPage'),
  }),
  noti('/notisphere/quick-links', msg`Quick Links`, {
    permissions: [ANY_PERMISSION],
    page: () => import('../pages/notisphere/QuickLinksPage'),
  }),
  noti('/notisphere/lookup-values', msg`Lookup Values`, {
    permissions: N.lookupValues,
    page: () => import('../pages/notisphere/LookupValuesPage'),
  }),
  noti('/notisphere/fields', msg`Product Fields`, {
    permissions: N.fields,
    page: () => import('../pages/notisphere/ProductFieldsPage'),
  }),
  noti('/notisphere/manage-user-guide', msg`Manage User Guide`, {
    permissions: N.userGuides,
    page: () => import('../pages/notisphere/ManageUserGuidePage'),
  }),
  noti('/notisphere/manage-supplier-list', msg`Manage Supplier Master`, {
    permissions: N.userGuides,
    page: () => import('../pages/notisphere/SupplierMasterPage'),
  }),
  noti('/notisphere/fda-devices', msg`FDA Devices`, {
    permissions: N.fda,
    page: () => import('../pages/notisphere/FdaDevicesPage'),
  }),
  noti('/notisphere/fda-drugs', msg`FDA Drugs`, {
    permissions: N.fda,
    page: () => import('../pages/notisphere/FdaDrugsPage'),
  }),

  // Provider
  prov('/provider/dashboard', msg`Dashboard`, { page: () => import('../pages/provider/DashboardPage') }),
  prov('/provider/recalls', msg`Recalls`, {
    permissions: P.recalls,
    page: () => import('../pages/provider/RecallListPage'),
  }),
  prov('/provider/recalls/new', msg`New Recall`, {
    permissions: P.recalls,
    parent: pRecalls,
    page: providerRecallForm,
  }),
  prov('/provider/recalls/edit/:id', msg`Edit Recall`, {
    permissions: P.recalls,
    parent: pRecalls,
    page: providerRecallForm,
  }),
  prov('/provider/recalls/view/:id/:providerCommunicationId', msg`View Recall`, {
    permissions: P.recalls,
    parent: pRecalls,
    page: providerView,
  }),
  prov('/provider/er-response', msg`eR Responses`, {
    permissions: P.responder,
    page: () => import('../pages/provider/ResponderListPage'),
  }),
  prov('/provider/product-disruption', msg`Supply Advisories`, {
    permissions: P.disruption,
    page: () => import('../pages/provider/AdvisoryListPage'),
  }),
  prov('/provider/product-disruption/new', msg`New Supply Advisory`, {
    permissions: P.disruption,
    parent: pAdvisories,
    page: providerAdvisoryForm,
  }),
  prov('/provider/product-disruption/edit/:id', msg`Edit Supply Advisory`, {
    permissions: P.disruption,
    parent: pAdvisories,
    page: providerAdvisoryForm,
  }),
  prov('/provider/product-disruption/view/:id', msg`View Supply Advisory`, {
    permissions: P.disruption,
    parent: pAdvisories,
    page: () => import('../pages/provider/ProviderCreatedViewPage'),
  }),
  prov('/provider/product-disruption/view/:id/:providerCommunicationId', msg`View Supply Advisory`, {
    permissions: P.disruption,
    parent: pAdvisories,
    page: providerView,
  }),
  prov('/provider/roles', msg`Roles`, { permissions: P.roles, page: () => import('../pages/provider/RolesPage') }),
  prov('/provider/users', msg`Users`, { permissions: P.users, page: () => import('../pages/provider/UsersPage') }),
  prov('/provider/locations-verification', msg`Locations Verification`, {
    permissions: P.locations,
    page: () => import('../pages/provider/LocationsVerificationPage'),
  }),
  prov('/provider/sites', msg`Sites`, { permissions: P.locations, page: () => import('../pages/provider/SitesPage') }),
  prov('/provider/template-actions', msg`Template Actions`, {
    permissions: P.recalls,
    page: () => import('../pages/provider/TemplateActionsPage'),
  }),
  prov('/provider/distribution-list', msg`Distribution Lists`, {
    permissions: P.recalls,
    page: () => import('../pages/provider/DistributionListsPage'),
  }),
  prov('/provider/organization', msg`Organization Settings`, {
    permissions: P.profile,
    page: () => import('../pages/provider/OrganizationPage'),
  }),
  prov('/provider/supplier-contacts', msg`Supplier Contacts`, {
    permissions: P.supplierContacts,
    page: () => import('../pages/provider/SupplierContactsPage'),
  }),
  prov('/provider/email-templates', msg`Email Templates`, {
    permissions: P.emailTemplates,
    page: () => import('../pages/provider/EmailTemplatesPage'),
  }),
  prov('/provider/email-templates/edit/:id', msg`Edit Email Template`, {
    permissions: P.emailTemplates,
    parent: pEmailTemplates,
    page: () => import('../pages/provider/EmailTemplateEditPage'),
  }),

  // Supplier
  supp('/supplier/dashboard', msg`Dashboard`, { page: () => import('../pages/supplier/DashboardPage') }),
  supp('/supplier/recalls', msg`Recalls`, {
    permissions: S.recalls,
    page: () => import('../pages/supplier/RecallListPage'),
  }),
  supp('/supplier/recalls/new', msg`New Recall`, {
    permissions: S.recalls,
    parent: sRecalls,
    page: () => import('../pages/supplier/RecallWizardPage'),
  }),
  supp('/supplier/recalls/edit/:id', msg`Edit Recall`, {
    permissions: S.recalls,
    parent: sRecalls,
    page: () => import('../pages/supplier/RecallWizardPage'),
  }),
  supp('/supplier/recalls/view/:id', msg`View Recall`, {
    permissions: S.recalls,
    parent: sRecalls,
    page: () => import('../pages/supplier/RecallViewPage'),
  }),
  supp('/supplier/product-disruption', msg`Supply Advisories`, {
    permissions: S.disruption,
    page: () => import('../pages/supplier/AdvisoryListPage'),
  }),
  supp('/supplier/product-disruption/new', msg`New Supply Advisory`, {
    permissions: S.disruption,
    parent: sAdvisories,
    page: () => import('../pages/supplier/AdvisoryWizardPage'),
  }),
  supp('/supplier/product-disruption/edit/:id', msg`Edit Supply Advisory`, {
    permissions: S.disruption,
    parent: sAdvisories,
    page: () => import('../pages/supplier/AdvisoryWizardPage'),
  }),
  supp('/supplier/product-disruption/view/:id', msg`View Supply Advisory`, {
    permissions: S.disruption,
    parent: sAdvisories,
    page: () => import('../pages/supplier/AdvisoryViewPage'),
  }),
  supp('/supplier/roles', msg`Roles`, { permissions: S.roles, page: () => import('../pages/supplier/RolesPage') }),
  supp('/supplier/users', msg`Users`, { permissions: S.users, page: () => import('../pages/supplier/UsersPage') }),
  supp('/supplier/sales-rep', msg`Sales Reps`, {
    permissions: S.salesRep,
    page: () => import('../pages/supplier/SalesRepsPage'),
  }),
  supp('/supplier/organization', msg`Organization Settings`, {
    permissions: S.profile,
    page: () => import('../pages/supplier/OrganizationPage'),
  }),
  // Not in the spec's route list: a supplier's own product fields (Supplier_ManageProductFields, issue 12).
  supp('/supplier/fields', msg`Product Fields`, {
    permissions: S.fields,
    page: () => import('../pages/supplier/ProductFieldsPage'),
  }),
  // Not in the spec's route list either: a supplier's own lookup values (Supplier_ManageLookupValues, issue 12).
  supp('/supplier/lookup-values', msg`Lookup Values`, {
    permissions: S.lookupValues,
    page: () => import('../pages/supplier/LookupValuesPage'),
  }),
  supp('/supplier/providers', msg`Providers`, {
    permissions: S.locations,
    page: () => import('../pages/supplier/ProvidersPage'),
  }),
  supp('/supplier/locations', msg`Locations`, {
    permissions: S.locations,
    page: () => import('../pages/supplier/LocationsPage'),
  }),
  supp('/supplier/location-files', msg`Location Files`, {
    permissions: S.locations,
    page: () => import('../pages/supplier/LocationFilesPage'),
  }),
  supp('/supplier/recall-template-actions', msg`Recall Template Actions`, {
    permissions: S.recalls,
    page: () => import('../pages/supplier/RecallTemplateActionsPage'),
  }),
  supp('/supplier/recall-distribution-list', msg`Recall Distribution Lists`, {
    permissions: S.recalls,
    page: () => import('../pages/supplier/RecallDistributionListsPage'),
  }),
  supp('/supplier/product-disruption-template-actions', msg`Advisory Template Actions`, {
    permissions: S.disruption,
    page: () => import('../pages/supplier/AdvisoryTemplateActionsPage'),
  }),
  supp('/supplier/product-disruption-distribution-lists', msg`Advisory Distribution Lists`, {
    permissions: S.disruption,
    page: () => import('../pages/supplier/AdvisoryDistributionListsPage'),
  }),
];

/** Paths that open without a token. */
export function isPublicPath(pathname: string): boolean {
  return routes.some((r) => r.public && matchPattern(r.path, pathname) !== null);
}

/** Minimal matcher for route patterns with :params (used outside the router, e.g. by tests and the shell). */
export function matchPattern(pattern: string, pathname: string): Record<string, string> | null {
  const a = pattern.split('/').filter(Boolean);
  const b = pathname.replace(/\/+$/, '').split('/').filter(Boolean);
  if (a.length !== b.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < a.length; i += 1) {
    const seg = a[i] ?? '';
    const value = b[i] ?? '';
    if (seg.startsWith(':')) params[seg.slice(1)] = decodeURIComponent(value);
    else if (seg !== value) return null;
  }
  return params;
}

export function findRoute(pathname: string): { route: RouteDef; params: Record<string, string> } | null {
  for (const route of routes) {
    const params = matchPattern(route.path, pathname);
    if (params) return { route, params };
  }
  return null;
}
