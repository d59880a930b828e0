import { expect, test } from '@playwright/test';
import { signIn } from './support';

interface StoredToken {
  access_token: string;
  refresh_token: string;
}

async function storedToken(page: import('@playwright/test').Page): Promise<StoredToken> {
  const raw = await page.evaluate(() => window.localStorage.getItem('user-token'));
  expect(raw).not.toBeNull();
  return JSON.parse(raw ?? '{}') as StoredToken;
}

test('a rejected access token is refreshed once and the call retried', async ({ page }) => {
  await signIn(page, 'admin@lakeshore.demo');
  await expect(page).toHaveURL('/provider/worklist');
  const before = await storedToken(page);
  // Keep the claims (still valid for the client) but break the signature, so the server answers 401.
  const [header, payload] = before.access_token.split('.');
  await page.evaluate((token) => window.localStorage.setItem('user-token', JSON.stringify(token)), {
    access_token: `${header}.${payload}.invalid-signature`,
    refresh_token: before.refresh_token,
  });
  const refreshes: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/auth/refreshtoken')) refreshes.push(request.url());
  });
  await page.goto('/account');
  await expect(page.getByTestId('account')).toContainText('admin@lakeshore.demo');
  const after = await storedToken(page);
  expect(after.refresh_token).not.toBe(before.refresh_token);
  expect(after.access_token.split('.')[2]).not.toBe('invalid-signature');
  expect(refreshes).toHaveLength(1);
});

test('a revoked session ends at the login page with a notice', async ({ page }) => {
  await signIn(page, 'admin@borealis.demo');
  await expect(page).toHaveURL('/supplier/dashboard');
  const token = await storedToken(page);
  const [header, payload] = token.access_token.split('.');
  await page.evaluate((t) => window.localStorage.setItem('user-token', JSON.stringify(t)), {
    access_token: `${header}.${payload}.invalid-signature`,
    refresh_token: 'not-a-refresh-token',
  });
  await page.goto('/account');
  await expect(page).toHaveURL('/login?redirect=%2Faccount');
  await expect(page.getByTestId('session-expired')).toBeVisible();
  expect(await page.evaluate(() => window.localStorage.getItem('user-token'))).toBeNull();
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
