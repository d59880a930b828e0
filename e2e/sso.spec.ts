import { expect, test } from '@playwright/test';
import { startTestIdp, type TestIdp } from '../test/oidc-idp';
import { api, tokenFor } from './support';

/**
 * Single sign-on through a real OpenID provider (issue 35): oidc-provider on loopback, started here; the operator
 * points Lakeshore Medical Center's sign-on at it for a domain of this spec's own (`lakeshore-sso.test`), so no other
 * spec's accounts change. Just-in-time membership gives its people accounts at their first sign-in.
 */
const DOMAIN = 'lakeshore-sso.test';
let idp: TestIdp;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ request, baseURL }) => {
  const appUrl = baseURL!.replace(/\/$/, '');
  idp = await startTestIdp({
    redirectUris: [`${appUrl}/sso/callback`],
    postLogoutRedirectUris: [`${appUrl}/login`],
  });
  const operator = await tokenFor(request, 'admin@operator.demo');
  const lakeshore = (
    await api<{ items: { id: number; name: string }[] }>(
      request,
      operator,
      'GET',
      '/notisphere/organizations/providers?search=Lakeshore',
    )
  ).items.find((o) => o.name === 'Lakeshore Medical Center')!;
  const settings = await api<{ roles: { id: number; name: string }[] }>(
    request,
    operator,
    'GET',
    `/notisphere/organizations/sso/${lakeshore.id}`,
  );
  const responder = settings.roles.find((r) => r.name === 'Responder') ?? settings.roles[0]!;
  await api(request, operator, 'PUT', `/notisphere/organizations/sso/${lakeshore.id}`, {
    enabled: true,
    issuer: idp.issuer,
    client_id: idp.clientId,
    client_secret: idp.clientSecret,
    scopes: 'openid email profile',
    email_claim: 'email',
    email_domains: [DOMAIN],
    jit_enabled: true,
    jit_role_id: responder.id,
  });
});

test.afterAll(async () => {
  await idp?.close();
});

async function signInThroughProvider(page: import('@playwright/test').Page, email: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  // The password gives way to "Continue with Lakeshore Medical Center's sign-in".
  await expect(page.getByTestId('sso-notice')).toBeVisible();
  await expect(page.getByLabel('Password')).toHaveCount(0);
  await page.locator('form[aria-labelledby="login-title"] button[type="submit"]').click();
}

test('a user of an SSO organisation signs in through its provider and lands on their page', async ({ page }) => {
  await signInThroughProvider(page, `nurse@${DOMAIN}`);
  await expect(page).toHaveURL(/\/provider\//);
  await expect(page.getByText('Lakeshore Medical Center').first()).toBeVisible();
});

test('a user of two organisations chooses one after signing in through the provider', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  const email = `dual@${DOMAIN}`;
  // First sign-in: just-in-time membership of Lakeshore; then Riverside's administrator adds the same person.
  await signInThroughProvider(page, email);
  await expect(page).toHaveURL(/\/provider\//);
  await page.context().clearCookies();
  await page.evaluate(() => sessionStorage.clear());
  const admin = await tokenFor(request, 'admin@riverside.demo');
  const roles = await api<{ id: number; name: string }[] | { items: { id: number; name: string }[] }>(
    request,
    admin,
    'GET',
    '/roles',
  );
  const list = Array.isArray(roles) ? roles : roles.items;
  await api(request, admin, 'POST', '/users', {
    first_name: 'Dana',
    last_name: 'Dual',
    email,
    role_id: list.find((r) => r.name === 'Responder')?.id ?? list[0]!.id,
  });

  const fresh = await browser.newContext({ baseURL });
  const second = await fresh.newPage();
  await signInThroughProvider(second, email);
  await expect(second.getByRole('heading', { name: 'Choose an organization' })).toBeVisible();
  await second.getByLabel('Riverside Health').check();
  await second.getByRole('button', { name: 'Continue' }).click();
  await expect(second).toHaveURL(/\/provider\//);
  await fresh.close();
});
