import type { APIRequestContext, Page } from '@playwright/test';
import { expect, linkIn, test } from './mail-server';
import { PASSWORD, sessionAccessToken, signIn } from './support';

/**
 * The whole supplier side in the browser, against the mail server of e2e/mail-server.ts: a Recall Coordinator creates a
 * recall in the wizard (two products, one action of each of the eight types, two providers), approves and sends it; the
 * notices arrive at the in-process SMTP server and their links open the notice form; the list, the view and a report show it.
 */

const COORDINATOR = 'recalls@acme.demo';

/** The supplier's providers list shows provider organisations its locations match: add one location per provider. */
async function matchProviders(request: APIRequestContext): Promise<void> {
  const login = await request.post('/api/auth/token', {
    data: { grant_type: 'password', email: COORDINATOR, password: PASSWORD, client_id: 'web' },
  });
  expect(login.ok()).toBeTruthy();
  const token = ((await login.json()) as { d: { access_token: string } }).d.access_token;
  const headers = { Authorization: `Bearer ${token}` };
  for (const [locationId, notisphereId, name, zip] of [
    ['E2E-RIV-1', 'PRV-0001', 'Riverside Health', '95814'],
    ['E2E-LAK-1', 'PRV-0002', 'Lakeshore Medical Center', '60611'],
  ] as const) {
    const existing = await request.get(`/api/supplier/locations?search=${locationId}`, { headers });
    const page = (await existing.json()) as { d: { total: number } };
    if (page.d.total > 0) continue;
    const created = await request.post('/api/supplier/locations', {
      headers,
      data: { location_id: locationId, location_name: name, zip, notisphere_id: notisphereId },
    });
    expect(created.ok(), await created.text()).toBeTruthy();
  }
}

async function choose(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

const ACTIONS = [
  { type: 'Acknowledge', label: 'Acknowledge', title: 'Acknowledge receipt' },
  { type: 'Text', label: 'Text', title: 'What did you do?' },
  { type: 'Numeric', label: 'Numeric', title: 'Units on hand' },
  { type: 'YesNo', label: 'Yes / No', title: 'Quarantined?' },
  { type: 'Checkbox', label: 'Checkbox', title: 'Steps done', options: 'Counted\nLabelled' },
  { type: 'MultipleChoice', label: 'Multiple choice', title: 'Disposal', options: 'Return\nDestroy' },
  { type: 'Image', label: 'Image', title: 'Photo of the stock' },
  { type: 'Document', label: 'Document', title: 'Destruction certificate' },
];

test('a Recall Coordinator creates, approves and sends a recall to two providers; the emails arrive with working links', async ({
  page,
  request,
  mailServer,
  browser,
}) => {
  test.setTimeout(120_000);
  await matchProviders(request);
  const name = `E2E pump recall ${Date.now()}`;

  await signIn(page, COORDINATOR);
  await expect(page).toHaveURL(/\/supplier\/recalls$/);
  await page.getByRole('button', { name: 'New Recall' }).click();
  await expect(page).toHaveURL(/\/supplier\/recalls\/new$/);

  // Step 0: validation messages first, then the information.
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page.getByText('Field required').first()).toBeVisible();
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await choose(page, 'Recall Type', 'Correction');
  await choose(page, 'Classification', 'Class II');
  await page.getByRole('textbox', { name: 'Description' }).click();
  await page.keyboard.type('Replace the batteries of the affected pumps.');
  await page.getByRole('button', { name: 'Save and continue' }).click();

  // Step 1: two products.
  await expect(page.getByTestId('step-products')).toBeVisible();
  await page.getByTestId('product-0').getByRole('textbox', { name: 'Product Name' }).fill('Pump A');
  await page.getByRole('button', { name: 'Add product' }).click();
  await page.getByTestId('product-1').getByRole('textbox', { name: 'Product Name' }).fill('Pump B');
  await page.getByTestId('product-1').getByRole('textbox', { name: 'Lot Number' }).fill('LOT-2');
  await page.getByRole('button', { name: 'Save and continue' }).click();

  // Step 2: one action of each of the eight types.
  await expect(page.getByTestId('step-actions')).toBeVisible();
  for (const [index, action] of ACTIONS.entries()) {
    if (index > 0) await page.getByRole('button', { name: 'Add action' }).click();
    const row = page.getByTestId(`action-${index}`);
    if (action.type !== 'Acknowledge') {
      await row.getByRole('combobox', { name: 'Action Type' }).click();
      await page.getByRole('option', { name: action.label, exact: true }).click();
    }
    await row.getByRole('textbox', { name: 'Title' }).fill(action.title);
    if (action.options) await row.getByRole('textbox', { name: /Options/ }).fill(action.options);
  }
  await page.getByRole('button', { name: 'Save and continue' }).click();

  // Step 3: two providers, then approve and send.
  await expect(page.getByTestId('step-recipients')).toBeVisible();
  await page.getByRole('checkbox', { name: /Riverside Health/ }).click();
  await page.getByRole('checkbox', { name: /Lakeshore Medical Center/ }).click();
  await page.getByRole('button', { name: 'Save recipients' }).click();
  await expect(page.getByTestId('recipient-count')).toHaveText('Recipients so far: 2');
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByRole('button', { name: 'Send' })).toBeVisible();
  await page.getByRole('button', { name: 'Send' }).click();
  // Sending cannot be taken back: the wizard asks first, and Cancel sends nothing.
  const ask = page.getByRole('alertdialog');
  await expect(ask).toContainText('Every recipient will get the notice by email now.');
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(ask).toBeHidden();
  await expect(page.getByTestId('step-recipients')).toBeVisible();
  await page.getByRole('button', { name: 'Send' }).click();
  await ask.getByRole('button', { name: 'Send' }).click();
  await expect(page).toHaveURL(/\/supplier\/recalls\/view\/\d+$/);
  const viewUrl = page.url();

  // The notices were queued for both providers' recipients.
  const id = viewUrl.split('/').pop();
  const token = await sessionAccessToken(page);
  const summary = await request.get(`/api/supplier/communications/${id}/summary`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  const d = ((await summary.json()) as { d: { customers: number; emails: { total: number } } }).d;
  expect(d.customers).toBe(2);
  expect(d.emails.total).toBeGreaterThanOrEqual(2);

  // Each provider's recipient gets the notice over SMTP; its link opens the notice form without signing in.
  for (const recipient of ['admin@riverside.demo', 'admin@lakeshore.demo']) {
    const mail = await mailServer.waitForMail({ to: recipient, subjectOrText: name, timeout: 60_000 });
    const link = linkIn(mail, '/provider/recall-notice-webform');
    expect(new URL(link).origin, 'the link points at the server that sent it').toBe(mailServer.baseURL);
    const outsider = await browser.newContext();
    const notice = await outsider.newPage();
    await notice.goto(link);
    await expect(notice.getByTestId('notice-form')).toBeVisible();
    await expect(notice.getByRole('heading', { name })).toBeVisible();
    await expect(notice.locator('fieldset')).toHaveCount(ACTIONS.length);
    await outsider.close();
  }

  // The list shows it OPEN.
  await page.goto('/supplier/recalls');
  await page.getByRole('searchbox').or(page.getByPlaceholder('Search...')).first().fill(name);
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toBeVisible();
  await expect(row.getByText('Open', { exact: true })).toBeVisible();

  // The view shows the customers and downloads a report.
  await page.goto(viewUrl);
  await expect(page.getByTestId('event-status')).toHaveText('Open');
  await page.getByRole('tab', { name: 'Customers' }).click();
  const customers = page.getByTestId('customers-tab');
  await expect(customers.getByText('Riverside Health')).toBeVisible();
  await expect(customers.getByText('Lakeshore Medical Center')).toBeVisible();
  await page.getByRole('tab', { name: 'Reports' }).click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Provider Status Report (CSV)' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
});
