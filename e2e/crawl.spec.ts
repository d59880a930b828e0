import { expect, type Page, test } from '@playwright/test';
import { isOwnScreen, ROUTES, USERS, type Who, worldIds } from './screens';
import { type Lang, signIn, useLanguage, watchApi } from './support';

/**
 * Every screen of spec 000 §2, opened by every kind of user and by nobody: whatever a role may or may not see, the page
 * renders (its own content, the forbidden page or sign-in), never a blank page, the error boundary or "coming soon",
 * with no script error and no 5xx from the API on the way. Ids in paths are the demo world's own, as each user's
 * lists give them. On a phone's width, as every crawl runs: no page scrolls sideways (a wide table scrolls inside its
 * own frame).
 */
const PHONE = { width: 375, height: 740 };

/**
 * Opens a path as a click in the app would once the app is loaded (wouter follows history.pushState): the crawl
 * looks at every screen, not at the app's start-up, which a full load repeated for each of its 570 visits (about
 * 1.3 s each, the session's refresh included). Deep links are still opened by a full load: each role's first screen,
 * every visit of the signed-out crawl, and the specs that go to a screen directly.
 */
async function open(page: Page, path: string): Promise<void> {
  const inApp = await page.evaluate(() => document.getElementById('root')?.childElementCount ?? 0).catch(() => 0);
  if (!inApp) {
    await page.goto(path);
    return;
  }
  await page.evaluate((to) => window.history.pushState(null, '', to), path);
}

/** What went wrong on one page: script errors, 5xx answers, an empty or failed page. */
async function visit(page: Page, path: string, clientSide: boolean): Promise<string[]> {
  const problems: string[] = [];
  const onError = (e: Error) => problems.push(`script error: ${e.message}`);
  const api = watchApi(page);
  page.on('pageerror', onError);
  try {
    if (clientSide) await open(page, path);
    else await page.goto(path);
    await api.settled();
    // A lazy screen's code may still be arriving: its loading overlay goes before the page is read.
    await page
      .locator('[aria-busy="true"]')
      .first()
      .waitFor({ state: 'detached', timeout: 10_000 })
      .catch(() => undefined);
    const main = page.locator('main, [role="main"], form, h1').first();
    await main
      .waitFor({ state: 'attached', timeout: 10_000 })
      .catch(() => problems.push('no main content, form or heading'));
    const text = ((await page.locator('body').textContent()) ?? '').trim();
    if (!text) problems.push('blank page');
    if (await page.getByTestId('page-error').count()) problems.push('the error boundary');
    if (/coming soon|sắp ra mắt/i.test(text)) problems.push('"coming soon"');
    const wide = await page.evaluate(() => document.documentElement.scrollWidth);
    if (wide > PHONE.width) problems.push(`scrolls sideways on a phone (${wide} px wide)`);
  } finally {
    page.off('pageerror', onError);
    api.stop();
  }
  problems.push(...api.failures);
  return problems.map((p) => `${path}: ${p}`);
}

for (const who of ['nobody', 'supplier', 'provider', 'responder', 'operator'] as Who[]) {
  test(`every screen as ${who === 'nobody' ? 'someone signed out' : `the ${who}`}`, async ({ page, request }) => {
    test.setTimeout(600_000);
    await page.setViewportSize(PHONE);
    const lang: Lang = who === 'operator' || who === 'responder' ? 'vi' : 'en';
    const ids = await worldIds(request);
    await useLanguage(page, lang);
    if (who !== 'nobody') {
      await signIn(page, USERS[who], lang);
      await expect(page).not.toHaveURL(/\/login/);
    }
    const problems: string[] = [];
    const clientSide = who !== 'nobody';
    for (const route of ROUTES)
      problems.push(
        ...(await visit(
          page,
          route.replace(/:(\w+)/g, (_, k: string) => ids[k]!),
          clientSide,
        )),
      );
    // The user's own screens with ids no record has: not a number, past bigint, negative.
    for (const route of ROUTES.filter((r) => r.includes(':') && isOwnScreen(who, r)))
      for (const bad of ['abc', '99999999999999999999', '-1'])
        problems.push(...(await visit(page, route.replace(/:(\w+)/g, bad), clientSide)));
    expect(problems).toEqual([]);
  });
}
