import { expect, type Page, test } from '@playwright/test';
import { api, signIn, tokenFor } from './support';

/**
 * Product fields end to end: the operator defines a platform-wide ListSingle field on /notisphere/fields, a
 * Recall Coordinator fills it in for a product in step 1 of the wizard, and the provider sees the value in its view.
 * The other steps go through the API: they are covered by the supplier specs.
 */

async function choose(page: Page, scope: ReturnType<Page['getByTestId']> | Page, label: string, option: string) {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('the operator defines a list field, a supplier fills it in the wizard, the provider sees the value', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  const label = `E2E Packaging ${stamp}`;
  const name = `E2E fields recall ${stamp}`;

  // The operator adds the field.
  await signIn(page, 'admin@operator.demo');
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto('/notisphere/fields');
  await page.getByRole('button', { name: 'Add Product Field' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Field Label' }).fill(label);
  await choose(page, dialog, 'Field Type', 'List (one choice)');
  await dialog.getByRole('textbox', { name: 'Options (one per line)' }).fill('Box\nPouch\nTray');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.locator('[data-slot="toast-description"]', { hasText: 'Saved successfully.' })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(label) })).toContainText('Box, Pouch, Tray');

  // A Recall Coordinator fills it in for a product in step 1 of the wizard.
  const supplier = await tokenFor(request, 'recalls@acme.demo');
  const provider = await tokenFor(request, 'admin@riverside.demo');
  const { id } = await api<{ id: number }>(request, supplier, 'POST', '/supplier/communications/step0', {
    type: 'RECALL',
    name,
    classification: 'CLASSII',
  });
  const coordinator = await browser.newContext();
  const wizard = await coordinator.newPage();
  await signIn(wizard, 'recalls@acme.demo');
  await expect(wizard).not.toHaveURL(/\/login/);
  await wizard.goto(`/supplier/recalls/edit/${id}?step=1`);
  await expect(wizard.getByTestId('step-products')).toBeVisible();
  const product = wizard.getByTestId('product-0');
  await product.getByRole('textbox', { name: 'Product Name' }).fill('E2E catheter');
  await choose(wizard, product, label, 'Pouch');
  await wizard.getByRole('button', { name: 'Save and continue' }).click();
  await expect(wizard.getByTestId('step-actions')).toBeVisible();
  await coordinator.close();
  const saved = await api<{ products: { custom_fields: Record<string, unknown> }[] }>(
    request,
    supplier,
    'GET',
    `/supplier/communications/${id}`,
  );
  expect(Object.values(saved.products[0]!.custom_fields)).toContain('Pouch');

  // The rest through the API: one action, Riverside as the recipient, approve and send.
  const sites = await api<{ id: number; name: string }[]>(
    request,
    provider,
    'GET',
    '/provider/communications/meta-sites',
  );
  const riverside = sites.find((s) => s.name === 'Riverside Health') ?? sites[0];
  await api(request, supplier, 'POST', '/supplier/communications/step2', {
    id,
    actions: [{ action_type: 'Acknowledge', title: 'Acknowledge the notice', is_required: true }],
  });
  await api(request, supplier, 'POST', '/supplier/communications/step3', {
    id,
    provider_organization_ids: [riverside!.id],
  });
  await api(request, supplier, 'PUT', `/supplier/communications/${id}/approve-recall/0/0`, {});
  await api(request, supplier, 'PUT', `/supplier/communications/${id}/send-notification/0`, {});

  // The provider sees the value under the field's label in its view's products.
  const list = await api<{ items: { id: number; communication_id: number }[] }>(
    request,
    provider,
    'GET',
    `/provider/communications?communicationType=RECALL&search=${encodeURIComponent(name)}`,
  );
  const pcId = list.items.find((r) => r.communication_id === id)!.id;
  const providerContext = await browser.newContext();
  const view = await providerContext.newPage();
  await signIn(view, 'admin@riverside.demo');
  await expect(view).not.toHaveURL(/\/login/);
  await view.goto(`/provider/recalls/view/${id}/${pcId}`);
  await expect(view.getByTestId('provider-view')).toBeVisible();
  await view.getByRole('tab', { name: 'Products' }).click();
  const products = view.getByRole('list', { name: 'Products' });
  await expect(products.getByText('E2E catheter')).toBeVisible();
  await expect(products.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd')).toHaveText('Pouch');
  await providerContext.close();

  // Tidy up: the field leaves every other spec's wizard.
  const operator = await tokenFor(request, 'admin@operator.demo');
  const fields = await api<{ items: { id: number; name: string }[] }>(
    request,
    operator,
    'GET',
    `/notisphere/fields?search=${encodeURIComponent(label)}`,
  );
  await api(request, operator, 'PUT', `/notisphere/fields/${fields.items[0]!.id}/status`, { status: 'INACTIVE' });
});
