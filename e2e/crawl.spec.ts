import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { type Lang, PASSWORD, signIn, useLanguage } from './support';

/**
 * Every screen of spec 000 §2, opened by every kind of user and by nobody: whatever a role may or may not see, the page
 * renders (its own content, the forbidden page or sign-in), never a blank page, the error boundary or "coming soon",
 * with no script error and no 5xx from the API on the way. Ids in paths are the demo world's own, as each user's
 * lists give them.
 */
const ROUTES = [
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
const isPublic = (route: string) =>
  /webform|accessdenied/.test(route) || !/^\/(notisphere|supplier|provider)\//.test(route);

const USERS = {
  supplier: 'admin@acme.demo',
  provider: 'admin@riverside.demo',
  responder: 'responder@riverside.demo',
  operator: 'admin@operator.demo',
} as const;
type Who = keyof typeof USERS | 'nobody';

/** The demo world's ids for the paths' placeholders: an event of each type, its provider communication, a template. */
async function worldIds(request: APIRequestContext): Promise<Record<string, string>> {
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

/** What went wrong on one page: script errors, 5xx answers, an empty or failed page. */
async function visit(page: Page, path: string): Promise<string[]> {
  const problems: string[] = [];
  const onError = (e: Error) => problems.push(`script error: ${e.message}`);
  const onResponse = (r: { url(): string; status(): number }) => {
    if (r.status() >= 500) problems.push(`${r.status()} from ${r.url()}`);
  };
  // The page has settled once no API call has been in flight for 150 ms (Playwright's networkidle waits 500 ms).
  const inFlight = new Set<unknown>();
  const onRequest = (r: { url(): string }) => {
    if (r.url().includes('/api/')) inFlight.add(r);
  };
  const onDone = (r: unknown) => inFlight.delete(r);
  page.on('pageerror', onError);
  page.on('response', onResponse);
  page.on('request', onRequest);
  page.on('requestfinished', onDone);
  page.on('requestfailed', onDone);
  try {
    await page.goto(path);
    for (let quiet = 0; quiet < 3; ) {
      await page.waitForTimeout(50);
      quiet = inFlight.size ? 0 : quiet + 1;
    }
    const main = page.locator('main, [role="main"], form, h1').first();
    await main
      .waitFor({ state: 'attached', timeout: 10_000 })
      .catch(() => problems.push('no main content, form or heading'));
    const text = ((await page.locator('body').textContent()) ?? '').trim();
    if (!text) problems.push('blank page');
    if (await page.getByTestId('page-error').count()) problems.push('the error boundary');
    if (/coming soon|sắp ra mắt/i.test(text)) problems.push('"coming soon"');
  } finally {
    page.off('pageerror', onError);
    page.off('response', onResponse);
    page.off('request', onRequest);
    page.off('requestfinished', onDone);
    page.off('requestfailed', onDone);
  }
  return problems.map((p) => `${path}: ${p}`);
}

for (const who of ['nobody', 'supplier', 'provider', 'responder', 'operator'] as Who[]) {
  test(`every screen as ${who === 'nobody' ? 'someone signed out' : `the ${who}`}`, async ({ page, request }) => {
    test.setTimeout(600_000);
    const lang: Lang = who === 'operator' || who === 'responder' ? 'vi' : 'en';
    const ids = await worldIds(request);
    await useLanguage(page, lang);
    if (who !== 'nobody') {
      await signIn(page, USERS[who], lang);
      await expect(page).not.toHaveURL(/\/login/);
    }
    const problems: string[] = [];
    for (const route of ROUTES)
      problems.push(
        ...(await visit(
          page,
          route.replace(/:(\w+)/g, (_, k: string) => ids[k]!),
        )),
      );
    // The user's own screens with ids no record has: not a number, past bigint, negative.
    const area = {
      nobody: '',
      supplier: '/supplier/',
      provider: '/provider/',
      responder: '/provider/',
      operator: '/notisphere/',
    }[who];
    const own = (r: string) => (area ? r.startsWith(area) && !isPublic(r) : isPublic(r));
    for (const route of ROUTES.filter((r) => r.includes(':') && own(r)))
      for (const bad of ['abc', '99999999999999999999', '-1'])
        problems.push(...(await visit(page, route.replace(/:(\w+)/g, bad))));
    expect(problems).toEqual([]);
  });
}
