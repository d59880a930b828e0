import { expect, test } from '@playwright/test';
import { api, sendRecall, signIn, tokenFor } from './support';

/**
 * Issue 33 item 6: a recall sent to two providers Acme's locations match lists those two locations on its Affected
 * Locations tab; the supplier adds a delegate, creates and completes a follow-up task, and adds a product after approval.
 */
const SUPPLIER = 'admin@acme.demo';

test('the supplier follows up a recall sent to two known locations', async ({ page, request }) => {
  const token = await tokenFor(request, SUPPLIER);
  const providers = await api<{ items: { id: number; name: string }[] }>(
    request,
    token,
    'GET',
    '/supplier/providers?pageNumber=1&pageSize=50',
  );
  const idOf = (name: string) => providers.items.find((p) => p.name === name)!.id;
  const name = `Follow-up recall ${Date.now()}`;
  const id = await sendRecall(request, token, {
    info: { name, classification: 'CLASSII', subtype: 'REMOVAL' },
    products: [{ product_name: 'VoluFlow 300 infusion pump', lot_number: 'L-1' }],
    actions: [{ action_type: 'YesNo', title: 'Have you quarantined the pumps?' }],
    providerOrganizationIds: [idOf('Riverside Health'), idOf('Lakeshore Medical Center')],
  });

  await signIn(page, SUPPLIER);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto(`/supplier/recalls/view/${id}?tab=locations`);
  // Acme's known locations of the two providers (the demo's ACME-0001 and ACME-0003).
  const locations = page.getByRole('table', { name: 'Affected Locations' });
  await expect(locations.getByRole('row', { name: /Riverside Health Main Receiving/ })).toBeVisible();
  await expect(locations.getByRole('row', { name: /Lakeshore Central Supply/ })).toBeVisible();
  await expect(locations.getByRole('row').filter({ hasText: /ACME-000\d/ })).toHaveCount(2);

  // A supplier delegate for Riverside's notice.
  await page.getByRole('tab', { name: 'Delegates' }).click();
  const delegates = page.getByTestId('supplier-delegates');
  await delegates.getByRole('combobox', { name: /Customer/ }).click();
  await page.getByRole('option', { name: 'Riverside Health' }).click();
  await delegates.getByRole('textbox', { name: /Email/ }).fill('rep@acme-followup.example');
  await delegates.getByRole('button', { name: 'Delegate', exact: true }).click();
  await expect(
    page.locator('[data-slot="toast-description"]', { hasText: 'The delegate has been emailed.' }),
  ).toBeVisible();
  const delegate = delegates.getByTestId('supplier-delegate').filter({ hasText: 'rep@acme-followup.example' });
  await expect(delegate).toContainText('Riverside Health');
  await expect(delegate).toContainText('Active');

  // A follow-up task, created then completed.
  await page.getByRole('tab', { name: 'Follow-up Tasks' }).click();
  const tasks = page.getByTestId('follow-up-tasks');
  await tasks.getByRole('textbox', { name: /Task/ }).fill('Call Lakeshore purchasing');
  await tasks.getByRole('textbox', { name: /Assigned to/ }).fill('rick@acme.demo');
  await tasks.getByRole('button', { name: 'Add task' }).click();
  const task = tasks.getByTestId('follow-up-task').filter({ hasText: 'Call Lakeshore purchasing' });
  await expect(task).toContainText('Open');
  await task.getByRole('button', { name: 'Complete' }).click();
  await expect(task).toContainText('Completed');
  await expect(task.getByRole('button', { name: 'Open again' })).toBeVisible();

  // A product added after approval (asks first).
  await page.getByRole('tab', { name: 'Products' }).click();
  await page.getByRole('button', { name: 'Add products' }).click();
  const form = page.getByTestId('add-products');
  await form.getByRole('textbox', { name: /Product Name/ }).fill('VoluFlow 300 battery pack');
  await form.getByRole('textbox', { name: 'Lot Number' }).fill('B-2');
  await form.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Add products' }).click();
  await expect(page.locator('[data-slot="toast-description"]', { hasText: '1 product(s) added.' })).toBeVisible();
  await expect(
    page.getByRole('table', { name: 'Products' }).getByRole('row', { name: /VoluFlow 300 battery pack/ }),
  ).toBeVisible();

  // Everything is in the event's history.
  const history = await api<{ action: string }[]>(request, token, 'GET', `/supplier/communications/${id}/histories`);
  expect(history.map((h) => h.action)).toEqual(
    expect.arrayContaining(['DELEGATED', 'INTERNAL_ACTION_CREATED', 'INTERNAL_ACTION_UPDATED', 'POST_UPDATE']),
  );
});
