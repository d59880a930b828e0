import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { PASSWORD, signIn } from './support';

const COORDINATOR = 'recalls@acme.demo';

async function tokenOf(request: APIRequestContext): Promise<Record<string, string>> {
  const login = await request.post('/api/auth/token', {
    data: { grant_type: 'password', email: COORDINATOR, password: PASSWORD, client_id: 'web' },
  });
  const token = ((await login.json()) as { d: { access_token: string } }).d.access_token;
  return { Authorization: `Bearer ${token}` };
}

/** A draft recall of this test's own, built through the step API, with one product, one action and one outside recipient. */
async function draftRecall(request: APIRequestContext, name: string, complete = true): Promise<number> {
  const headers = await tokenOf(request);
  const step0 = await request.post('/api/supplier/communications/step0', {
    headers,
    data: {
      type: 'RECALL',
      name,
      subtype: 'REMOVAL',
      classification: 'CLASSIII',
      description: '<p>Check the lots.</p>',
    },
  });
  expect(step0.ok(), await step0.text()).toBeTruthy();
  const id = ((await step0.json()) as { d: { id: number } }).d.id;
  if (!complete) return id;
  for (const [path, data] of [
    ['step1', { id, products: [{ product_name: 'Gauze pad' }] }],
    ['step2', { id, actions: [{ action_type: 'Acknowledge', title: 'Acknowledge', is_required: true }] }],
    ['step3', { id, customers: [{ name: 'Outside clinic', email: 'clinic@example.com' }] }],
  ] as const) {
    const answer = await request.post(`/api/supplier/communications/${path}`, { headers, data });
    expect(answer.ok(), await answer.text()).toBeTruthy();
  }
  return id;
}

async function confirm(page: Page, button: string, toast: string): Promise<void> {
  await page.getByTestId('communication-view').getByRole('button', { name: button, exact: true }).click();
  await page.getByRole('button', { name: 'Confirm', exact: true }).click();
  await expect(page.locator('[data-slot="toast-description"]', { hasText: toast })).toBeVisible();
}

test('the view of the open demo recall shows action answers, provider responses and history', async ({ page }) => {
  await signIn(page, COORDINATOR);
  await expect(page).toHaveURL(/\/supplier\/recalls$/);
  const row = page.getByRole('row', { name: /Infusion pump battery may fail/ });
  await row.getByRole('button', { name: 'Actions' }).click();
  await expect(page.getByRole('menuitem')).toHaveText(['View', 'Edit']);
  await page.getByRole('menuitem', { name: 'View' }).click();
  await expect(page).toHaveURL(/\/supplier\/recalls\/view\/\d+$/);

  await page.getByRole('tab', { name: 'Actions' }).click();
  await page.getByRole('button', { name: /Acknowledge that you have read this notice/ }).click();
  await expect(page.getByRole('dialog').getByText('Riverside Health')).toBeVisible();
  await page.keyboard.press('Escape');

  await page.getByRole('tab', { name: 'Provider Responses' }).click();
  const riverside = page.getByRole('row', { name: /Riverside Health/ });
  await riverside.getByRole('button', { name: 'View' }).click();
  await expect(page.getByRole('dialog').getByText('admin@riverside.demo')).toBeVisible();
  await page.keyboard.press('Escape');

  await page.getByRole('tab', { name: 'History' }).click();
  await expect(page.getByText(/^Event approved by /)).toBeVisible();
  await expect(page.getByText('APPROVED', { exact: true })).toHaveCount(0);
});

test('approve, upload a document, update after approval, close and reopen an event; delete a draft', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const stamp = Date.now();
  const id = await draftRecall(request, `E2E view ${stamp}`);
  const draftId = await draftRecall(request, `E2E draft ${stamp}`, false);

  await signIn(page, COORDINATOR);
  await expect(page).toHaveURL(/\/supplier\/recalls$/);
  await page.goto(`/supplier/recalls/view/${id}`);
  await expect(page.getByTestId('event-status')).toHaveText('Draft');
  await confirm(page, 'Approve', 'Approved successfully.');
  await expect(page.getByTestId('event-status')).toHaveText('Open');

  // A document, listed after the upload.
  await page
    .getByTestId('communication-view')
    .locator('input[type="file"]')
    .setInputFiles({
      name: 'notice.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'),
    });
  await expect(page.getByText('notice.pdf')).toBeVisible();

  // Post-approval update: the name changes, the type is locked.
  await page.getByTestId('communication-view').getByRole('button', { name: 'Edit', exact: true }).click();
  await expect(page.getByRole('combobox', { name: 'Recall Type' })).toBeDisabled();
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(`E2E view ${stamp} (updated)`);
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page.getByTestId('step-products')).toBeVisible();
  await page.goto(`/supplier/recalls/view/${id}`);
  await expect(page.getByRole('heading', { name: `E2E view ${stamp} (updated)` })).toBeVisible();

  await confirm(page, 'Close', 'Closed successfully.');
  await expect(page.getByTestId('event-status')).toHaveText('Closed');
  await confirm(page, 'Reopen', 'Reopened successfully.');
  await expect(page.getByTestId('event-status')).toHaveText('Open');

  await page.goto(`/supplier/recalls/view/${draftId}`);
  await confirm(page, 'Delete', 'Deleted successfully.');
  await expect(page).toHaveURL(/\/supplier\/recalls$/);
});

test('affected locations take the bulk statuses of the selected rows', async ({ page, request }) => {
  const stamp = Date.now();
  const headers = await tokenOf(request);
  const location = await request.post('/api/supplier/locations', {
    headers,
    data: {
      location_id: `E2E-BULK-${stamp}`,
      location_name: `Bulk clinic ${stamp}`,
      zip: '10001',
      email: `bulk.${stamp}@example.com`,
    },
  });
  expect(location.ok(), await location.text()).toBeTruthy();
  const locationId = ((await location.json()) as { d: { id: number } }).d.id;
  const id = await draftRecall(request, `E2E locations ${stamp}`, false);
  const step3 = await request.post('/api/supplier/communications/step3', {
    headers,
    data: { id, location_ids: [locationId] },
  });
  expect(step3.ok(), await step3.text()).toBeTruthy();

  await signIn(page, COORDINATOR);
  await expect(page).toHaveURL(/\/supplier\/recalls$/);
  await page.goto(`/supplier/recalls/view/${id}`);
  await page.getByRole('tab', { name: 'Affected Locations' }).click();
  const row = page.getByRole('row', { name: new RegExp(`E2E-BULK-${stamp}`) });
  await expect(row).toBeVisible();
  await row.getByRole('checkbox').click();
  await page.getByRole('button', { name: 'Invalid', exact: true }).click();
  await expect(page.locator('[data-slot="toast-description"]', { hasText: 'Status updated.' })).toBeVisible();
  await expect(row.getByText('Invalid', { exact: true })).toBeVisible();
});
