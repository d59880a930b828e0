import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { expect, linkIn, test, type MailServer } from './mail-server';
import { api, fillCredentials, signIn, tokenFor } from './support';

/**
 * Issue 34, item 5c, with users of the spec's own (invited here, one address per run), so that no other spec meets an
 * authenticator challenge: a user enrols an app from /account and signs in with its code and once with a recovery code;
 * an organisation that requires an app makes a new user enrol at sign-in, and shows the recovery codes once.
 * Runs in the `mail` project (playwright.config.ts): the invitation is read from e2e/mail-server.ts's SMTP server.
 */

/** Not a common password (the common-password check refuses the demo one for new passwords). */
const PASSWORD = 'Tq7!vX93-kLm';

const codeAt = (secret: string, steps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), period: 30, digits: 6, algorithm: 'SHA1' }).generate({
    timestamp: Date.now() + steps * 30_000,
  });

/** A code that is not the app's now, nor one step either side. */
function wrongCode(secret: string): string {
  const near = new Set([-1, 0, 1].map((s) => codeAt(secret, s)));
  for (let n = 0; ; n++) {
    const candidate = String(n * 111_111 + 7)
      .padStart(6, '0')
      .slice(-6);
    if (!near.has(candidate)) return candidate;
  }
}

async function logout(page: Page) {
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login/);
}

/**
 * An administrator (`token`: their API token) invites `email` with `role` through the API; the person sets a password
 * from the emailed link.
 */
async function invite(
  request: APIRequestContext,
  browser: Browser,
  mailServer: MailServer,
  token: string,
  email: string,
  role: string,
): Promise<void> {
  const roles = await api<{ items: { id: number; name: string }[] }>(request, token, 'GET', '/roles?pageSize=100');
  const roleId = roles.items.find((r) => r.name === role)?.id;
  expect(roleId, role).toBeTruthy();
  await api(request, token, 'POST', '/users', { first_name: 'Tess', last_name: 'Totp', email, role_id: roleId });
  const mail = await mailServer.waitForMail({ to: email, subjectOrText: 'You have been invited' });
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(linkIn(mail, '/reset-password'));
  await page.getByLabel('New password').fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page).toHaveURL(/\/success/);
  await context.close();
}

test('a new user enrols an authenticator app from /account, then signs in with its code and with a recovery code', async ({
  page,
  request,
  browser,
  mailServer,
}) => {
  test.setTimeout(120_000);
  const email = `totp-${Date.now()}@acme-e2e.test`;
  await invite(request, browser, mailServer, await tokenFor(request, 'admin@acme.demo'), email, 'Sourcing Coordinator');

  await signIn(page, email, 'en', PASSWORD);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto('/account');
  const panel = page.getByTestId('totp-panel');
  await panel.getByRole('button', { name: 'Set up authenticator app' }).click();
  const secret = ((await panel.getByTestId('totp-secret').textContent()) ?? '').replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await expect(panel.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  await panel.getByLabel('Code from the app').fill(codeAt(secret));
  await panel.getByRole('button', { name: 'Confirm' }).click();
  const codes = panel.getByTestId('recovery-codes').getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const recovery = (await codes.nth(2).textContent()) ?? '';
  expect(recovery).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
  await expect(panel.getByTestId('totp-on')).toContainText('Recovery codes left: 10.');

  // Signing in now asks for the app's code: a wrong one is refused, the next step's is accepted (the step of the
  // enrolment's code is spent).
  await logout(page);
  await fillCredentials(page, email, PASSWORD);
  await expect(page.getByRole('heading', { name: 'Authenticator code' })).toBeVisible();
  const field = page.getByLabel('Authenticator or recovery code');
  await field.fill(wrongCode(secret));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByTestId('login-error')).toHaveText('Invalid or expired verification code.');
  await field.fill(codeAt(secret, 1));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).not.toHaveURL(/\/login/);

  // A recovery code signs in once, then no more.
  await logout(page);
  await fillCredentials(page, email, PASSWORD);
  await field.fill(recovery);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto('/account');
  await expect(panel.getByTestId('totp-on')).toContainText('Recovery codes left: 9.');
  await logout(page);
  await fillCredentials(page, email, PASSWORD);
  await field.fill(recovery);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByTestId('login-error')).toHaveText('Invalid or expired verification code.');
});

test('an organisation that requires an app: a new user enrols at sign-in and is shown the recovery codes once', async ({
  page,
  request,
  browser,
  mailServer,
}) => {
  test.setTimeout(120_000);
  const admin = 'admin@borealis.demo';
  const email = `totp-enrol-${Date.now()}@borealis-e2e.test`;
  // No other mail spec signs in to Borealis; the policy is put back whatever happens, with a token taken before.
  const adminToken = await tokenFor(request, admin);
  try {
    // Invited first: once the app is required, the administrator too would have to enrol to get a new token.
    await invite(request, browser, mailServer, adminToken, email, 'Recall Coordinator');

    // The administrator requires an authenticator app on the organisation's settings screen.
    await signIn(page, admin);
    await expect(page).not.toHaveURL(/\/login/);
    await page.goto('/supplier/organization');
    const policy = page.getByRole('combobox', { name: 'Second factor at sign-in' });
    await policy.click();
    await page.getByRole('option', { name: 'Authenticator app (required)' }).click();
    // The settings form's own Save (the page has other panels with theirs).
    await page.locator('form', { has: policy }).getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Saved successfully.', { exact: true })).toBeVisible();
    const profile = await api<{ two_factor: string }>(request, adminToken, 'GET', '/organization/profile');
    expect(profile.two_factor).toBe('TOTP');

    const context = await browser.newContext();
    const user = await context.newPage();
    await signIn(user, email, 'en', PASSWORD);
    await expect(user.getByRole('heading', { name: 'Set up your authenticator app' })).toBeVisible();
    const secret = ((await user.getByTestId('totp-secret').textContent()) ?? '').replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await user.getByLabel('Code from the app').fill(codeAt(secret));
    await user.getByRole('button', { name: 'Verify' }).click();

    // The enrolment's recovery codes, once, before the session starts.
    await expect(user.getByRole('heading', { name: 'Your recovery codes' })).toBeVisible();
    const codes = user.getByTestId('recovery-codes').getByRole('listitem');
    await expect(codes).toHaveCount(10);
    const recovery = (await codes.first().textContent()) ?? '';
    await expect(user).toHaveURL(/\/login/);
    await user.getByRole('button', { name: 'I have saved them' }).click();
    await expect(user).not.toHaveURL(/\/login/);
    await user.goto('/account');
    await expect(user.getByTestId('totp-on')).toContainText('Recovery codes left: 10.');

    // The next sign-in asks for the code; a recovery code from that screen works.
    await logout(user);
    await fillCredentials(user, email, PASSWORD);
    await expect(user.getByRole('heading', { name: 'Authenticator code' })).toBeVisible();
    await user.getByLabel('Authenticator or recovery code').fill(recovery);
    await user.getByRole('button', { name: 'Verify' }).click();
    await expect(user).not.toHaveURL(/\/login/);
    await context.close();
  } finally {
    await api(request, adminToken, 'PUT', '/organization/profile', { name: 'Borealis Pharma', two_factor: 'NONE' });
  }
});
