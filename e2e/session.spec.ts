import { expect, test } from '@playwright/test';
import { sessionAccessToken, signIn } from './support';

// Issue 34: the access token lives in the page's memory and the refresh token in an HttpOnly cookie; nothing of the
// login is in the page's storage.
async function storageText(page: import('@playwright/test').Page): Promise<string> {
  return page.evaluate(() => JSON.stringify({ ...window.localStorage }) + JSON.stringify({ ...window.sessionStorage }));
}

test('a rejected access token is refreshed once and the call retried; a reload keeps the user signed in', async ({
  page,
  context,
}) => {
  await signIn(page, 'admin@lakeshore.demo');
  await expect(page).toHaveURL('/provider/worklist');
  const cookies = await context.cookies();
  const refreshCookies = cookies.filter((c) => c.name === 'portal_refresh');
  expect(refreshCookies.map((c) => c.path).sort()).toEqual(['/api/auth/logout', '/api/auth/refreshtoken']);
  for (const cookie of refreshCookies) {
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Strict');
  }
  // No script reads it, and nothing of the login is in storage.
  expect(await page.evaluate(() => document.cookie)).not.toContain('portal_refresh');
  expect(await storageText(page)).not.toContain(refreshCookies[0]!.value);
  expect(await storageText(page)).not.toMatch(/eyJ[\w-]+\.eyJ/);

  // The server refuses the next /api/me once (as it does an expired token): one refresh, then the call again. The app's
  // page is left first, so none of its calls meets the rule.
  await page.goto('about:blank');
  let refused = false;
  await page.route('**/api/me', async (route) => {
    if (refused) return route.continue();
    refused = true;
    await route.fulfill({
      status: 401,
      contentType: 'application/json',
      body: JSON.stringify({ ok: false, m: 'Your session has expired.', error: { code: 'TOKEN_EXPIRED' } }),
    });
  });
  const refreshes: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/auth/refreshtoken')) refreshes.push(request.url());
  });
  // A new page load starts without a token: the app asks the cookie for one (1), then the refused call refreshes once
  // more (2) and is sent again.
  await page.goto('/account');
  await expect(page.getByTestId('account')).toContainText('admin@lakeshore.demo');
  expect(refused).toBe(true);
  expect(refreshes).toHaveLength(2);

  // A reload keeps the user signed in the same way.
  await page.reload();
  await expect(page.getByTestId('account')).toContainText('admin@lakeshore.demo');
  expect(refreshes).toHaveLength(3);
});

test('a revoked session ends at the login page with a notice', async ({ page, request, baseURL }) => {
  await signIn(page, 'admin@borealis.demo');
  await expect(page).toHaveURL('/supplier/dashboard');
  // The session is ended elsewhere (its logout by the Bearer token): the page's next start finds its cookie refused.
  const token = await sessionAccessToken(page);
  // The app leaves first: a call the dashboard made after the logout would find its refresh refused, which clears the
  // cookie and shows the notice in that page, and the next start would then find no cookie to refuse (CI10).
  await page.goto('about:blank');
  const out = await request.post('/api/auth/logout', {
    headers: { Authorization: `Bearer ${token}`, Origin: new URL(baseURL!).origin },
    data: {},
  });
  expect(out.status()).toBe(200);
  await page.goto('/account');
  await expect(page).toHaveURL('/login?redirect=%2Faccount');
  await expect(page.getByTestId('session-expired')).toBeVisible();
});

test('a different server version shows the new-version modal', async ({ page }) => {
  await signIn(page, 'admin@acme.demo');
  await expect(page).toHaveURL('/supplier/dashboard');
  await page.route('**/api/me', async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, headers: { ...response.headers(), 'x-app-version': '99.0.0' } });
  });
  await page.goto('/account');
  const modal = page.getByRole('alertdialog');
  await expect(modal).toContainText('New version available');
  await expect(modal.getByRole('button', { name: 'Refresh' })).toBeVisible();
});
