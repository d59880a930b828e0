import { expect, type Page, test } from '@playwright/test';
import { isOwnScreen, ROUTES, USERS, type Who, worldIds } from './screens';
import { type Lang, signIn, useLanguage, watchApi } from './support';

/**
 * Every screen of spec 000 §2, opened by every kind of user and by nobody: whatever a role may or may not see, the page
 * renders (its own content, the forbidden page or sign-in), never a blank page, the error boundary or "coming soon",
 * with no script error and no 5xx from the API on the way. Ids in paths are the demo world's own, as each user's
 * lists give them.
 */

/** What went wrong on one page: script errors, 5xx answers, an empty or failed page. */
async function visit(page: Page, path: string): Promise<string[]> {
  const problems: string[] = [];
  const onError = (e: Error) => problems.push(`script error: ${e.message}`);
  const api = watchApi(page);
  page.on('pageerror', onError);
  try {
    await page.goto(path);
    await api.settled();
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
    api.stop();
  }
  problems.push(...api.failures);
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
    for (const route of ROUTES.filter((r) => r.includes(':') && isOwnScreen(who, r)))
      for (const bad of ['abc', '99999999999999999999', '-1'])
        problems.push(...(await visit(page, route.replace(/:(\w+)/g, bad))));
    expect(problems).toEqual([]);
  });
}
