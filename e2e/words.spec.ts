import { expect, type Page, test } from '@playwright/test';
import { codes, VOCABULARIES, type Vocabulary } from '@portal/vocabulary';
import { elementTexts, englishLeftovers } from './words';
import { isOwnScreen, ROUTES, USERS as DEMO_USERS, type Who, worldIds } from './screens';
import { expandSidebarGroups, fillCredentials, PASSWORD, signIn, useLanguage, watchApi } from './support';

/**
 * Words, not codes: every page a demo user's sidebar opens, walked in Vietnamese, shows no English status
 * or label word and no vocabulary code. Texts are judged element by element (a badge, a cell, a label), so English
 * names in the demo data ("Infusion pump recall") do not count, but a badge reading "Open" does.
 */

/** English words the product shows as statuses and labels; in Vietnamese none may stand alone in an element. */
const ENGLISH = [
  'Open',
  'Closed',
  'In Progress',
  'Completed',
  'Draft',
  'Returned',
  'Destroyed',
  'Email',
  'Active',
  'Deactivated',
  'Pending',
  'Sent',
  'Delivered',
  'Submitted',
  'Recall',
  'Supply Advisory',
  'Class I',
  'Class II',
  'Class III',
  'Verified',
  'Name',
  'Status',
  'Actions',
  'View',
  'Edit',
  'Search',
];

/** Every code of the one label map, and anything shaped like an event name (NOTIFICATION_SENT, STEP2_SAVED). */
const CODES = new Set(
  (Object.keys(VOCABULARIES) as Vocabulary[])
    .flatMap((v) => codes(v) as string[])
    .filter((c) => /^[A-Z_ 0-9]{4,}$/.test(c)),
);
const EVENT_NAME = /^[A-Z][A-Z0-9]*(_[A-Z0-9]+)+$/;

async function sidebarPaths(page: Page): Promise<string[]> {
  await expect(page.getByTestId('sidebar').getByRole('link').first()).toBeVisible();
  await expandSidebarGroups(page);
  const hrefs = await page
    .getByTestId('sidebar')
    .getByRole('link')
    .evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).getAttribute('href') ?? ''));
  return [...new Set(hrefs.filter((h) => h.startsWith('/')))];
}

const USERS = ['admin@operator.demo', 'admin@acme.demo', 'admin@riverside.demo'];

for (const email of USERS) {
  test(`in Vietnamese, ${email}'s pages show no English label and no code`, async ({ page }) => {
    test.setTimeout(240_000);
    await useLanguage(page, 'vi');
    await page.goto('/login');
    await fillCredentials(page, email, PASSWORD, 'vi');
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    const paths = await sidebarPaths(page);
    expect(paths.length).toBeGreaterThan(3);
    const findings: string[] = [];
    for (const path of paths) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      for (const text of await elementTexts(page)) {
        if (ENGLISH.includes(text)) findings.push(`${path}: English "${text}"`);
        if (CODES.has(text) || EVENT_NAME.test(text)) findings.push(`${path}: code "${text}"`);
      }
    }
    expect([...new Set(findings)]).toEqual([]);
  });
}

test('in English, the same pages show no vocabulary code either', async ({ page }) => {
  test.setTimeout(240_000);
  const findings: string[] = [];
  for (const email of USERS) {
    await page.context().clearCookies();
    await page.goto('/login');
    await page.evaluate(() => localStorage.clear());
    await page.goto('/login');
    await fillCredentials(page, email, PASSWORD);
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    for (const path of await sidebarPaths(page)) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      for (const text of await elementTexts(page))
        if (CODES.has(text) || EVENT_NAME.test(text)) findings.push(`${email} ${path}: code "${text}"`);
    }
  }
  expect([...new Set(findings)]).toEqual([]);
});

for (const who of ['operator', 'supplier', 'provider', 'nobody'] as Who[]) {
  test(`in Vietnamese, every screen ${who === 'nobody' ? 'for people signed out' : `of the ${who}`} and each of its tabs leaves no English behind`, async ({
    page,
    request,
  }) => {
    test.setTimeout(600_000);
    const ids = await worldIds(request);
    await useLanguage(page, 'vi');
    if (who !== 'nobody') {
      await signIn(page, DEMO_USERS[who], 'vi');
      await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    }
    const screens = ROUTES.filter((r) => isOwnScreen(who, r));
    expect(screens.length).toBeGreaterThan(5);
    const findings: string[] = [];
    for (const route of screens) {
      const path = route.replace(/:(\w+)/g, (_, k: string) => ids[k]!);
      // What the API answered for this screen: names, addresses and other data may be English.
      const api = watchApi(page, { bodies: true });
      await page.goto(path);
      await api.settled();
      const texts = await elementTexts(page, { withNames: true });
      const tabs = page.getByRole('tab');
      for (let i = 0; i < (await tabs.count()); i++) {
        await tabs.nth(i).click();
        await api.settled();
        texts.push(...(await elementTexts(page, { withNames: true })));
      }
      api.stop();
      for (const text of englishLeftovers(texts, api.answered.join('\n').toLowerCase()))
        findings.push(`${path}: "${text}"`);
    }
    expect([...new Set(findings)]).toEqual([]);
  });
}
