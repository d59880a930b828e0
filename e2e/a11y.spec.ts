import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { type Lang, signIn, useLanguage } from './support';

/**
 * axe on the operator's console and on the dashboards that gained charts, in both languages: no serious
 * or critical violation. Pages are checked once their main content has loaded.
 */
const OPERATOR_PAGES = [
  '/notisphere/dashboard',
  '/notisphere/key-metrics',
  '/notisphere/recalls',
  '/notisphere/suppliers',
  '/notisphere/providers',
  '/notisphere/users',
  '/notisphere/roles',
  '/notisphere/manage-supplier-list',
  '/notisphere/lookup-values',
  '/notisphere/quick-links',
  '/notisphere/faqs',
  '/notisphere/content-management',
  '/notisphere/manage-user-guide',
  '/notisphere/email-templates',
  // the location pages
  '/notisphere/locations',
  '/notisphere/locations-verification',
  '/notisphere/location-pre-processor',
  '/notisphere/location-pre-processor/known-providers',
  '/notisphere/location-pre-processor/new',
];

async function serious(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

async function checkPages(page: Page, email: string, paths: string[], lang: Lang): Promise<string[]> {
  await useLanguage(page, lang);
  await signIn(page, email, lang);
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  const findings: string[] = [];
  for (const path of paths) {
    await page.goto(path);
    await expect(page.locator('main h1').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    for (const v of await serious(page)) findings.push(`${path} [${lang}]: ${v}`);
  }
  return findings;
}

for (const lang of ['en', 'vi'] as const) {
  test(`the operator's pages have no serious accessibility violation (${lang})`, async ({ page }) => {
    test.setTimeout(180_000);
    expect(await checkPages(page, 'admin@operator.demo', OPERATOR_PAGES, lang)).toEqual([]);
  });
}

test('the supplier and provider dashboards, the worklist and the provider list have no serious accessibility violation', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const findings: string[] = [];
  for (const [email, path] of [
    ['admin@acme.demo', '/supplier/dashboard'],
    ['admin@riverside.demo', '/provider/dashboard'],
    ['admin@riverside.demo', '/provider/worklist'],
    ['admin@riverside.demo', '/provider/recalls'],
  ] as const) {
    const context = await browser.newContext({ baseURL });
    findings.push(...(await checkPages(await context.newPage(), email, [path], 'en')));
    await context.close();
  }
  expect(findings).toEqual([]);
});
