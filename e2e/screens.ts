import type { APIRequestContext } from '@playwright/test';
import { PASSWORD } from './support';

/** Every screen of spec 000 §2, with placeholders for the demo world's ids (`worldIds`). */
export const ROUTES = [
  '/verify-email',
  '/reset-password',
  '/login',
  '/forgot-password',
  '/success',
  '/success-signup',
  '/registration/acme',
  '/not-founds',
  '/delegate-webform',
  '/supplier-delegate-webform',
  '/provider/recall-notice-webform',
  '/provider/disruption-notice-webform',
  '/supplier/sales-rep/disruption-webform',
  '/provider/recall-notice-webform/confirmation/:supplierId/:recallId/:pcId/RECALL',
  '/provider/disruption-notice-webform/confirmation/:supplierId/:advisoryId/:pcId/PRODUCT%20DISRUPTION',
  '/provider/product-disruption/accessdenied/:advisoryId/:pcId',
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
  '/notisphere/recalls/view/:recallId',
  '/notisphere/roles',
  '/notisphere/suppliers',
  '/notisphere/users',
  '/notisphere/faqs',
  '/notisphere/email-templates',
  '/notisphere/email-templates/edit/:templateId',
  '/notisphere/content-management',
  '/notisphere/locations',
  '/notisphere/locations-verification',
  '/notisphere/location-pre-processor',
  '/notisphere/location-pre-processor/known-providers',
  '/notisphere/location-pre-processor/new',
  '/notisphere/location-pre-processor/view/1',
  '/notisphere/location-pre-processor/edit/1',
  '/notisphere/quick-links',
  '/notisphere/lookup-values',
  '/notisphere/fields',
  '/notisphere/manage-user-guide',
  '/notisphere/manage-supplier-list',
  '/notisphere/fda-devices',
  '/notisphere/fda-drugs',
  '/provider/worklist',
  '/provider/dashboard',
  '/provider/recalls',
  '/provider/recalls/new',
  '/provider/recalls/edit/:recallId',
  '/provider/recalls/view/:recallId/:pcId',
  '/provider/er-response',
  '/provider/product-disruption',
  '/provider/product-disruption/new',
  '/provider/product-disruption/edit/:advisoryId',
  '/provider/product-disruption/view/:advisoryId',
  '/provider/product-disruption/view/:advisoryId/:pcId',
  '/provider/roles',
  '/provider/users',
  '/provider/locations-verification',
  '/provider/sites',
  '/provider/template-actions',
  '/provider/distribution-list',
  '/provider/organization',
  '/provider/supplier-contacts',
  '/provider/email-templates',
  '/provider/email-templates/edit/:templateId',
  '/supplier/dashboard',
  '/supplier/recalls',
  '/supplier/recalls/new',
  '/supplier/recalls/edit/:recallId',
  '/supplier/recalls/view/:recallId',
  '/supplier/product-disruption',
  '/supplier/product-disruption/new',
  '/supplier/product-disruption/edit/:advisoryId',
  '/supplier/product-disruption/view/:advisoryId',
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
  '/supplier/fields',
  '/supplier/lookup-values',
];

/** Screens for people without an account: the forms their links open, sign-in and its neighbours. */
export const isPublic = (route: string) =>
  /webform|accessdenied/.test(route) || !/^\/(notisphere|supplier|provider)\//.test(route);

export const USERS = {
  supplier: 'admin@acme.demo',
  provider: 'admin@riverside.demo',
  responder: 'responder@riverside.demo',
  operator: 'admin@operator.demo',
} as const;
export type Who = keyof typeof USERS | 'nobody';

const AREA: Record<Who, string> = {
  nobody: '',
  supplier: '/supplier/',
  provider: '/provider/',
  responder: '/provider/',
  operator: '/notisphere/',
};

/** Whether `route` is one of `who`'s own screens: their area's, or (signed out) the public ones. */
export const isOwnScreen = (who: Who, route: string) =>
  AREA[who] ? route.startsWith(AREA[who]) && !isPublic(route) : isPublic(route);

/** The demo world's ids for the paths' placeholders: an event of each type, its provider communication, a template. */
export async function worldIds(request: APIRequestContext): Promise<Record<string, string>> {
  const token = async (email: string) =>
    (
      (await (
        await request.post('/api/auth/token', { data: { grant_type: 'password', email, password: PASSWORD } })
      ).json()) as { d: { access_token: string } }
    ).d.access_token;
  const get = async (email: string, path: string) => {
    const res = await request.get(`/api${path}`, { headers: { authorization: `Bearer ${await token(email)}` } });
    const { d } = (await res.json()) as { d: { items?: Record<string, unknown>[]; data?: Record<string, unknown>[] } };
    return d.items ?? d.data ?? [];
  };
  const recall = (await get(USERS.provider, '/provider/communications?communicationType=RECALL'))[0]!;
  const advisory = (await get(USERS.provider, '/provider/communications?communicationType=PRODUCT%20DISRUPTION'))[0];
  const template = (await get(USERS.operator, '/notisphere/email-templates'))[0];
  return {
    recallId: String(recall.communication_id),
    pcId: String(recall.id),
    supplierId: String(recall.supplier_id),
    advisoryId: String(advisory?.communication_id ?? recall.communication_id),
    templateId: String(template?.id ?? 1),
  };
}
