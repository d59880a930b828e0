import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expect, linkIn, test, type MailServer } from './mail-server';
import { signIn } from './support';

/** The new administrators' own password: the demo one is a common word now refused (PASSWORD_TOO_COMMON). */
const NEW_PASSWORD = 'Onboard#Teal-7391';

/**
 * Onboarding end to end, against the mail server of e2e/mail-server.ts: the operator creates a supplier and a
 * provider with a site in the browser; both administrators receive the invitation over SMTP and set their passwords from
 * its link; the new supplier matches a location to the new provider and sends it a recall, whose notice reaches the new
 * provider's administrator.
 */

const OPERATOR = 'admin@operator.demo';

async function fillByLabel(scope: Page | ReturnType<Page['getByTestId']>, label: string, value: string) {
  await scope
    .getByRole('textbox', { name: new RegExp(`^${label}`) })
    .first()
    .fill(value);
}

/** Opens the invitation's link in a fresh browser, sets the password, and answers the address that now signs in. */
async function acceptInvitation(browser: Browser, mailServer: MailServer, email: string, organization: string) {
  const mail = await mailServer.waitForMail({ to: email, subjectOrText: `Your ${organization} account is ready` });
  const link = linkIn(mail, '/reset-password');
  expect(new URL(link).origin).toBe(mailServer.baseURL);
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(link);
  await page.getByLabel('New password').fill(NEW_PASSWORD);
  await page.getByLabel('Confirm password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page).toHaveURL(/\/success/);
  await context.close();
}

async function tokenOf(request: APIRequestContext, email: string): Promise<string> {
  const login = await request.post('/api/auth/token', {
    data: { grant_type: 'password', email, password: NEW_PASSWORD, client_id: 'web' },
  });
  expect(login.ok(), await login.text()).toBeTruthy();
  return ((await login.json()) as { d: { access_token: string } }).d.access_token;
}

test('the operator onboards a supplier and a provider with a site; both administrators join; the supplier reaches the provider', async ({
  page,
  request,
  mailServer,
  browser,
}) => {
  test.setTimeout(150_000);
  const stamp = Date.now();
  const supplierName = `Onboarded Supplies ${stamp}`;
  const providerName = `Onboarded Health ${stamp}`;
  const siteName = `Onboarded Health East ${stamp}`;
  const providerId = `PRV-E2E-${stamp}`;
  const supplierAdmin = `supplier-${stamp}@onboarding.test`;
  const providerAdmin = `provider-${stamp}@onboarding.test`;

  // The operator creates the supplier.
  await signIn(page, OPERATOR);
  await expect(page).toHaveURL(/\/notisphere\//);
  await page.goto('/notisphere/suppliers');
  await page.getByRole('button', { name: 'Add supplier' }).click();
  let dialog = page.getByRole('dialog');
  await fillByLabel(dialog, 'Name', supplierName);
  await fillByLabel(dialog, 'City', 'Denver');
  await fillByLabel(dialog, 'Administrator first name', 'Sue');
  await fillByLabel(dialog, 'Administrator last name', 'Supplier');
  await fillByLabel(dialog, 'Administrator email', supplierAdmin);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toHaveCount(0);
  const supplierRow = page.getByRole('row', { name: new RegExp(supplierName) });
  await expect(supplierRow).toBeVisible();
  await expect(supplierRow.getByText('Verification Email Sent')).toBeVisible();

  // The operator creates the provider with one site.
  await page.goto('/notisphere/providers');
  await page.getByRole('button', { name: 'Add provider' }).click();
  dialog = page.getByRole('dialog');
  await fillByLabel(dialog, 'Name', providerName);
  await fillByLabel(dialog, 'Notisphere ID', providerId);
  await fillByLabel(dialog, 'Zip', '97201');
  await fillByLabel(dialog, 'Administrator first name', 'Pat');
  await fillByLabel(dialog, 'Administrator last name', 'Provider');
  await fillByLabel(dialog, 'Administrator email', providerAdmin);
  await dialog.getByRole('button', { name: 'Add site' }).click();
  await fillByLabel(dialog.getByTestId('site-0'), 'Site name', siteName);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toHaveCount(0);
  const providerRow = page.getByRole('row', { name: new RegExp(providerName) }).first();
  await expect(providerRow).toBeVisible();
  await expect(providerRow.getByText(siteName)).toBeVisible();

  // Both administrators receive the invitation over SMTP and choose their passwords.
  await acceptInvitation(browser, mailServer, supplierAdmin, supplierName);
  await acceptInvitation(browser, mailServer, providerAdmin, providerName);

  // The provider's administrator signs in to the provider side.
  const providerPage = await (await browser.newContext()).newPage();
  await signIn(providerPage, providerAdmin, 'en', NEW_PASSWORD);
  await expect(providerPage).toHaveURL(/\/provider\//);
  await providerPage.context().close();

  // The supplier's administrator signs in, then (through the supplier's own calls) adds a location matched to the new
  // provider by its Notisphere ID and sends a recall to that location.
  const supplierPage = await (await browser.newContext()).newPage();
  await signIn(supplierPage, supplierAdmin, 'en', NEW_PASSWORD);
  await expect(supplierPage).toHaveURL(/\/supplier\//);
  const headers = { Authorization: `Bearer ${await tokenOf(request, supplierAdmin)}` };
  const location = await request.post('/api/supplier/locations', {
    headers,
    data: { location_id: `E2E-ONB-${stamp}`, location_name: providerName, zip: '97201', notisphere_id: providerId },
  });
  expect(location.ok(), await location.text()).toBeTruthy();
  const loc = ((await location.json()) as { d: { id: number; provider_organization_id: number | null } }).d;
  expect(loc.provider_organization_id).not.toBeNull();

  const recallName = `Onboarding recall ${stamp}`;
  const sup = async (method: 'POST' | 'PUT', path: string, data?: unknown) => {
    const res = await request.fetch(`/api/supplier/communications${path}`, { method, headers, data });
    expect(res.ok(), `${method} ${path}: ${await res.text()}`).toBeTruthy();
    return ((await res.json()) as { d: { id?: number } }).d;
  };
  const { id } = await sup('POST', '/step0', { type: 'RECALL', name: recallName, classification: 'CLASSII' });
  await sup('POST', '/step1', { id, products: [{ product_name: 'Infusion set', lot_number: 'L-1' }] });
  await sup('POST', '/step2', { id, actions: [{ action_type: 'Acknowledge', title: 'Acknowledge receipt' }] });
  await sup('POST', '/step3', { id, location_ids: [loc.id] });
  await sup('PUT', `/${id}/approve-recall/RECALL/0`);
  await sup('PUT', `/${id}/send-notification/RECALL`);

  // The notice reaches the new provider's administrator, and its link opens the notice form.
  const notice = await mailServer.waitForMail({ to: providerAdmin, subjectOrText: recallName, timeout: 60_000 });
  const link = linkIn(notice, '/provider/recall-notice-webform');
  const outsider = await browser.newContext();
  const form = await outsider.newPage();
  await form.goto(link);
  await expect(form.getByRole('heading', { name: recallName })).toBeVisible();
  await outsider.close();

  // The supplier's recall list shows it sent.
  await supplierPage.goto('/supplier/recalls');
  await expect(supplierPage.getByRole('row', { name: new RegExp(recallName) })).toBeVisible();
  await supplierPage.context().close();

  // The operator finds it among every organisation's recalls, and the key metrics count its notice.
  await page.goto('/notisphere/recalls');
  await page.getByRole('searchbox').fill(recallName);
  await expect(page.getByRole('row', { name: new RegExp(recallName) })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(recallName) })).toContainText(supplierName);
  await page.goto('/notisphere/key-metrics');
  await page.getByRole('combobox', { name: 'Supplier' }).click();
  await page.getByRole('option', { name: supplierName }).click();
  await expect(page.getByTestId('kpi-sent').locator('dd').first()).toHaveText('1');
  await expect(page.getByTestId('kpi-events').locator('dd').first()).toHaveText('1');
});
