import { type Browser, expect, type Page, test } from '@playwright/test';
import { api, signIn, tokenFor } from './support';

/**
 * Lookup values: the operator adds a reason, a Sourcing Coordinator picks it in the advisory wizard and
 * saves it, and the provider's view of the sent advisory shows its label.
 */
async function pageAs(browser: Browser, email: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, email);
  await expect(page).not.toHaveURL(/\/login/);
  return page;
}

test('an operator-added reason is offered in the advisory wizard, saved, and shown on the provider view', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  const code = `E2E_PORT_${stamp}`;
  const english = `Port strike ${stamp}`;
  const name = `E2E lookup advisory ${stamp}`;

  // The operator adds the reason.
  const operator = await pageAs(browser, 'admin@operator.demo');
  await operator.goto('/notisphere/lookup-values');
  await expect(operator.getByRole('heading', { name: 'Lookup Values' })).toBeVisible();
  await operator.getByRole('tab', { name: 'Reasons' }).click();
  await expect(operator.getByRole('row', { name: /Plant closure/ })).toBeVisible();
  await operator.getByRole('button', { name: 'Add Value' }).click();
  const dialog = operator.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Code' }).fill(code);
  await dialog.getByRole('textbox', { name: 'English' }).fill(english);
  await dialog.getByRole('textbox', { name: 'Vietnamese' }).fill(`Đình công cảng ${stamp}`);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(operator.locator('[data-slot="toast-description"]', { hasText: 'Saved successfully.' })).toBeVisible();
  await expect(operator.getByRole('row', { name: new RegExp(code) })).toBeVisible();

  // The Sourcing Coordinator picks it in the wizard and saves the advisory.
  const sourcing = await pageAs(browser, 'sourcing@acme.demo');
  await sourcing.goto('/supplier/product-disruption/new');
  await sourcing.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await sourcing.getByRole('combobox', { name: 'Advisory Type' }).click();
  await sourcing.getByRole('option', { name: 'Shortage', exact: true }).click();
  await sourcing.getByRole('combobox', { name: 'Lead Time' }).click();
  await sourcing.getByRole('option', { name: '2-4 weeks', exact: true }).click();
  await sourcing.getByRole('combobox', { name: 'Reason' }).click();
  await sourcing.getByRole('option', { name: english, exact: true }).click();
  await sourcing.getByRole('textbox', { name: 'Description' }).click();
  await sourcing.keyboard.type('Saline flush is short while the port is on strike.');
  await sourcing.getByRole('button', { name: 'Save and continue' }).click();
  await expect(sourcing.getByTestId('step-products')).toBeVisible();
  const id = Number(/\/edit\/(\d+)/.exec(sourcing.url())?.[1]);
  expect(id).toBeGreaterThan(0);

  // The rest of the send goes through the API (products, an action, the provider, approve, send).
  const supplier = await tokenFor(request, 'sourcing@acme.demo');
  const provider = await tokenFor(request, 'admin@riverside.demo');
  const saved = await api<{ reason: string }>(request, supplier, 'GET', `/supplier/communications/${id}`);
  expect(saved.reason).toBe(code);
  const sites = await api<{ id: number; name: string }[]>(
    request,
    provider,
    'GET',
    '/provider/communications/meta-sites',
  );
  const riverside = sites.find((s) => s.name === 'Riverside Health') ?? sites[0]!;
  await api(request, supplier, 'POST', '/supplier/communications/step1', {
    id,
    products: [{ product_name: 'E2E saline flush' }],
  });
  await api(request, supplier, 'POST', '/supplier/communications/step2', {
    id,
    actions: [{ action_type: 'Acknowledge', title: 'Acknowledge the advisory', is_required: true }],
  });
  await api(request, supplier, 'POST', '/supplier/communications/step3', {
    id,
    provider_organization_ids: [riverside.id],
  });
  await api(request, supplier, 'PUT', `/supplier/communications/${id}/approve-recall/0/0`, {});
  await api(request, supplier, 'PUT', `/supplier/communications/${id}/send-notification/0`, {});
  const list = await api<{ items: { id: number; communication_id: number }[] }>(
    request,
    provider,
    'GET',
    `/provider/communications?communicationType=${encodeURIComponent('PRODUCT DISRUPTION')}&search=${encodeURIComponent(name)}`,
  );
  const pcId = list.items.find((r) => r.communication_id === id)!.id;

  // The provider's view shows the reason's label, not its code.
  const riversidePage = await pageAs(browser, 'admin@riverside.demo');
  await riversidePage.goto(`/provider/product-disruption/view/${id}/${pcId}`);
  await expect(riversidePage.getByTestId('provider-view')).toBeVisible();
  await expect(riversidePage.getByText(english, { exact: true })).toBeVisible();
  await expect(riversidePage.getByText(code, { exact: true })).toHaveCount(0);
});
