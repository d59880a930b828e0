import { msg } from '@lingui/core/macro';
import { any, form, help, plain, type Crumb, type PageLoader, type RouteDef } from './routeKit';
import { operatorRoutes } from './routeTables/operatorRoutes';
import { providerRoutes } from './routeTables/providerRoutes';
import { supplierRoutes } from './routeTables/supplierRoutes';

export {
  type Crumb,
  type Layout,
  type MenuGroup,
  type MenuPlacement,
  type PageLoader,
  type RouteDef,
  withProps,
} from './routeKit';

const loginPage: PageLoader = () => import('../features/auth/LoginPage');
const notFoundPage: PageLoader = () => import('./NotFoundPage');
const forbiddenPage: PageLoader = () => import('./ForbiddenPage');
const noticeForm: PageLoader = () => import('../features/public-forms/NoticeFormPage');
const noticeConfirmation: PageLoader = () => import('../features/public-forms/ConfirmationPage');
const delegateForm: PageLoader = () => import('../features/public-forms/DelegateFormPage');
const account: Crumb = { label: msg`My Profile`, path: '/account' };

/** Every route of the product (spec file 000 §2): the public ones and those of every user type here, then each side's. */
export const routes: readonly RouteDef[] = [
  // Public, plain layout
  plain('/verify-email', msg`Verify Email`, { page: () => import('../features/auth/VerifyEmailPage') }),
  plain('/reset-password', msg`Reset Password`, { page: () => import('../features/auth/ResetPasswordPage') }),
  plain('/login', msg`Sign In`, { page: loginPage }),
  // Single sign-on's return from the organisation's identity provider (issue 35).
  plain('/sso/callback', msg`Sign In`, { page: () => import('../features/auth/SsoCallbackPage') }),
  plain('/forgot-password', msg`Forgot Password`, { page: () => import('../features/auth/ForgotPasswordPage') }),
  plain('/success', msg`Success`, { page: () => import('../features/auth/SuccessPage') }),
  plain('/success-signup', msg`Registration Complete`, { page: () => import('../features/auth/SuccessSignupPage') }),
  plain('/registration/:name', msg`Registration`, { page: () => import('../features/auth/RegistrationPage') }),
  plain('/not-founds', msg`Page Not Found`, { page: notFoundPage }),

  // Public forms, custom layout
  form('/delegate-webform', msg`Delegate Response`, { page: delegateForm }),
  form('/supplier-delegate-webform', msg`Supplier Delegate Response`, { page: delegateForm }),
  form('/provider/recall-notice-webform', msg`Recall Notice`, { page: noticeForm }),
  form('/provider/disruption-notice-webform', msg`Supply Advisory Notice`, { page: noticeForm }),
  form('/supplier/sales-rep/disruption-webform', msg`Sales Representative Response`, {
    page: () => import('../features/public-forms/SalesRepFormPage'),
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
    page: () => import('../features/public-forms/AccessDeniedPage'),
  }),

  // Signed in, any user type
  any('/not-found', msg`Page Not Found`, { page: notFoundPage }),
  any('/forbidden', msg`Forbidden`, { page: forbiddenPage }),
  any('/account', msg`My Profile`, { page: () => import('../features/account/AccountPage') }),
  any('/account/edit', msg`Edit Profile`, {
    parent: account,
    page: () => import('../features/account/AccountEditPage'),
  }),
  any('/faqs', msg`FAQs`, {
    menu: [
      {
        side: 'SUPP',
        id: 'faqs',
        at: 18,
        group: help,
        permissions: ['Supplier_ViewFAQs'],
        newWindow: true,
        helpLink: 'faq_url',
      },
      {
        side: 'PROV',
        id: 'faqs',
        at: 15,
        group: help,
        permissions: ['Provider_ViewFAQs'],
        newWindow: true,
        helpLink: 'faq_url',
      },
    ],
    page: () => import('../features/content/FaqsPage'),
  }),
  any('/contact-us', msg`Contact Us`, {
    menu: [
      {
        side: 'SUPP',
        id: 'contact-us',
        at: 19,
        group: help,
        permissions: ['Supplier_ViewContact'],
        newWindow: true,
        helpLink: 'contact_url',
      },
      {
        side: 'PROV',
        id: 'contact-us',
        at: 16,
        group: help,
        permissions: ['Provider_ViewContact'],
        newWindow: true,
        helpLink: 'contact_url',
      },
    ],
    page: () => import('../features/content/ContactUsPage'),
  }),
  any('/user-guide', msg`User Guide`, {
    menu: [
      {
        side: 'SUPP',
        id: 'learn-more',
        at: 17,
        group: help,
        label: msg`Learn More`,
        permissions: ['Supplier_ViewUserGuides'],
        newWindow: true,
        helpLink: 'knowledge_base_url',
      },
      {
        side: 'PROV',
        id: 'learn-more',
        at: 14,
        group: help,
        label: msg`Learn More`,
        permissions: ['Provider_ViewUserGuides'],
        newWindow: true,
        helpLink: 'knowledge_base_url',
      },
    ],
    page: () => import('../features/content/UserGuidePage'),
  }),

  ...operatorRoutes,
  ...providerRoutes,
  ...supplierRoutes,
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
