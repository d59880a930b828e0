import { describe, expect, it } from 'vitest';
import { findRoute, isPublicPath, matchPattern, routes } from './routes';
import { PERMISSION_CATALOGUE } from '../test/catalogue';
import { ANY_PERMISSION } from '../shared/session/permissions';

/** Every route of spec file 000 §2. */
const SPEC_ROUTES = [
  '/verify-email',
  '/reset-password',
  '/login',
  '/forgot-password',
  '/success',
  '/success-signup',
  '/registration/:name',
  '/not-founds',
  '/delegate-webform',
  '/supplier-delegate-webform',
  '/provider/recall-notice-webform',
  '/provider/disruption-notice-webform',
  '/supplier/sales-rep/disruption-webform',
  '/provider/recall-notice-webform/confirmation/:organizationId/:communicationId/:providerCommunicationId/:communicationType',
  '/provider/disruption-notice-webform/confirmation/:organizationId/:communicationId/:providerCommunicationId/:communicationType',
  '/provider/product-disruption/accessdenied/:id/:providerCommunicationId',
  '/not-found',
  '/forbidden',
  '/account',
  '/account/edit',
  '/faqs',
  '/contact-us',
  '/user-guide',
  '/notisphere/dashboard',
  '/notisphere/key-metrics',
  '/notisphere/providers',
  '/notisphere/er-response',
  '/notisphere/recalls',
  '/notisphere/recalls/view/:id',
  '/notisphere/roles',
  '/notisphere/suppliers',
  '/notisphere/users',
  '/notisphere/faqs',
  '/notisphere/email-templates',
  '/notisphere/email-templates/edit/:id',
  '/notisphere/content-management',
  '/notisphere/locations',
  '/notisphere/locations-verification',
  '/notisphere/location-pre-processor',
  '/notisphere/location-pre-processor/known-providers',
  '/notisphere/location-pre-processor/new',
  '/notisphere/location-pre-processor/view/:id',
  '/notisphere/location-pre-processor/edit/:id',
  '/notisphere/quick-links',
  '/notisphere/lookup-values',
  '/notisphere/fields',
  '/notisphere/manage-user-guide',
  '/notisphere/manage-supplier-list',
  '/notisphere/fda-devices',
  '/notisphere/fda-drugs',
  '/provider/dashboard',
  '/provider/recalls',
  '/provider/recalls/new',
  '/provider/recalls/edit/:id',
  '/provider/recalls/view/:id/:providerCommunicationId',
  '/provider/er-response',
  '/provider/product-disruption',
  '/provider/product-disruption/new',
  '/provider/product-disruption/edit/:id',
  '/provider/product-disruption/view/:id',
  '/provider/product-disruption/view/:id/:providerCommunicationId',
  '/provider/roles',
  '/provider/users',
  '/provider/locations-verification',
  '/provider/sites',
  '/provider/template-actions',
  '/provider/distribution-list',
  '/provider/organization',
  '/provider/supplier-contacts',
  '/provider/email-templates',
  '/provider/email-templates/edit/:id',
  '/supplier/dashboard',
  '/supplier/recalls',
  '/supplier/recalls/new',
  '/supplier/recalls/edit/:id',
  '/supplier/recalls/view/:id',
  '/supplier/product-disruption',
  '/supplier/product-disruption/new',
  '/supplier/product-disruption/edit/:id',
  '/supplier/product-disruption/view/:id',
  '/supplier/roles',
  '/supplier/users',
  '/supplier/sales-rep',
  '/supplier/organization',
  '/supplier/providers',
  '/supplier/locations',
  '/supplier/location-files',
  '/supplier/recall-template-actions',
  '/supplier/recall-distribution-list',
  '/supplier/product-disruption-template-actions',
  '/supplier/product-disruption-distribution-lists',
  // Added beyond the route list (the spec names the permission, not the screen): a supplier's own product fields and
  // lookup values.
  '/supplier/fields',
  '/supplier/lookup-values',
  // Issue 32: what needs the provider's team.
  '/provider/worklist',
  // Issue 38: the provider's item master.
  '/provider/inventory',
  // Issue 35: where the organisation's identity provider sends the browser back.
  '/sso/callback',
];

describe('route table', () => {
  it('holds every route of the specification exactly once', () => {
    const paths = routes.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect([...paths].sort()).toEqual([...SPEC_ROUTES].sort());
  });

  it('marks the public pages and forms as public, everything else as signed-in', () => {
    const publicPaths = routes.filter((r) => r.public).map((r) => r.path);
    expect(publicPaths).toHaveLength(17);
    expect(routes.filter((r) => r.layout === 'custom').every((r) => r.public)).toBe(true);
    expect(routes.find((r) => r.path === '/login')).toMatchObject({ public: true, layout: 'plain' });
    expect(routes.find((r) => r.path === '/account')).toMatchObject({ public: false, layout: 'shell' });
  });

  it('declares permissions from the catalogue only, with the spec assignments', () => {
    for (const route of routes) {
      for (const p of route.permissions ?? []) {
        expect(p === ANY_PERMISSION || PERMISSION_CATALOGUE.includes(p), `${route.path}: ${p}`).toBe(true);
      }
    }
    const perms = (path: string) => routes.find((r) => r.path === path)?.permissions;
    expect(perms('/notisphere/quick-links')).toEqual([ANY_PERMISSION]);
    expect(perms('/notisphere/content-management')).toEqual(['Notisphere_ManageEmailTemplates']);
    expect(perms('/notisphere/manage-supplier-list')).toEqual(['Notisphere_ManageUserGuides']);
    expect(perms('/provider/template-actions')).toEqual(['Provider_ManageRecalls']);
    expect(perms('/supplier/product-disruption-distribution-lists')).toEqual(['Supplier_ManageDisruption']);
    expect(perms('/provider/dashboard')).toBeUndefined();
  });

  it('scopes the side areas to their user type', () => {
    for (const route of routes.filter((r) => !r.public)) {
      if (route.path.startsWith('/notisphere/')) expect(route.userType).toBe('NOTI');
      else if (route.path.startsWith('/provider/')) expect(route.userType).toBe('PROV');
      else if (route.path.startsWith('/supplier/')) expect(route.userType).toBe('SUPP');
      else expect(route.userType).toBeUndefined();
    }
  });

  it('gives every route a title and a breadcrumb ending with it', () => {
    for (const route of routes) {
      const last = route.breadcrumb[route.breadcrumb.length - 1];
      expect(last?.label).toBe(route.title);
      for (const crumb of route.breadcrumb.slice(0, -1)) expect(crumb.path && findRoute(crumb.path)).toBeTruthy();
    }
    const view = routes.find((r) => r.path === '/supplier/recalls/view/:id');
    expect(view?.breadcrumb.map((c) => c.path)).toEqual(['/supplier/recalls', undefined]);
  });
});

describe('matching', () => {
  it('matches parameters and the most specific webform paths', () => {
    expect(matchPattern('/registration/:name', '/registration/acme-signup')).toEqual({ name: 'acme-signup' });
    expect(matchPattern('/registration/:name', '/registration')).toBeNull();
    expect(findRoute('/provider/product-disruption/view/3/9')?.route.path).toBe(
      '/provider/product-disruption/view/:id/:providerCommunicationId',
    );
    expect(findRoute('/provider/product-disruption/accessdenied/3/9')?.route.public).toBe(true);
    expect(findRoute('/nope')).toBeNull();
  });

  it('knows which paths open without a token', () => {
    expect(isPublicPath('/login')).toBe(true);
    expect(isPublicPath('/provider/recall-notice-webform')).toBe(true);
    expect(isPublicPath('/provider/recall-notice-webform/confirmation/1/2/3/RECALL')).toBe(true);
    expect(isPublicPath('/provider/recalls')).toBe(false);
    expect(isPublicPath('/account')).toBe(false);
  });
});
