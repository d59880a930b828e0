import { expect, test } from '@playwright/test';
import { signIn, useLanguage } from './support';

test('a Sourcing Coordinator drafts a supply advisory: advisory fields, validation, and the list', async ({ page }) => {
  test.setTimeout(90_000);
  const name = `E2E saline shortage ${Date.now()}`;
  await signIn(page, 'sourcing@acme.demo');
  await expect(page).toHaveURL(/\/supplier\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Supply Advisories' })).toBeVisible();
  // No Recalls panel (the key figures may still name recalls, e.g. "Open recalls").
  await expect(page.getByRole('heading', { name: 'Recalls', exact: true })).toHaveCount(0);

  await page.goto('/supplier/product-disruption/new');
  await expect(page.getByRole('combobox', { name: 'Classification' })).toHaveCount(0);
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await page.getByRole('combobox', { name: 'Advisory Type' }).click();
  await page.getByRole('option', { name: 'Shortage', exact: true }).click();
  await page.getByRole('textbox', { name: 'Contact Email' }).fill('not-an-email');
  await page.getByRole('textbox', { name: 'Description' }).click();
  await page.keyboard.type('Saline flush syringes are short until December.');
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page.getByText('Email not valid')).toBeVisible();
  await expect(page.getByText('Field required')).toBeVisible(); // lead time
  await page.getByRole('textbox', { name: 'Contact Email' }).fill('sourcing@acme.demo');
  await page.getByRole('combobox', { name: 'Lead Time' }).click();
  await page.getByRole('option', { name: '2-4 weeks', exact: true }).click();
  await page.getByRole('combobox', { name: 'Reason' }).click();
  await page.getByRole('option', { name: 'Raw material shortage', exact: true }).click();
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page.getByTestId('step-products')).toBeVisible();

  // Products from a file: good rows fill the list, unknown columns are reported with their line.
  await page.getByLabel('Product file').setInputFiles({
    name: 'products.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('Product Name,Lot Number,Colour\nSaline flush 10 mL,SF-10,blue\nSaline flush 5 mL,SF-5,red\n'),
  });
  await expect(page.getByTestId('product-file-errors')).toContainText('Colour');
  await expect(page.getByTestId('product-1').getByRole('textbox', { name: 'Product Name' })).toHaveValue(
    'Saline flush 5 mL',
  );
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page.getByTestId('step-actions')).toBeVisible();

  await page.goto('/supplier/product-disruption');
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toBeVisible();
  await expect(row.getByText('Draft', { exact: true })).toBeVisible();
  await expect(row.getByText('Shortage', { exact: true })).toBeVisible();
});

test('the supplier pages speak Vietnamese', async ({ page }) => {
  await useLanguage(page, 'vi');
  await signIn(page, 'recalls@acme.demo', 'vi');
  await expect(page).toHaveURL(/\/supplier\/recalls$/);
  await expect(page.getByRole('heading', { name: 'Thu hồi', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Thu hồi mới' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: /Phân loại/ })).toBeVisible();
  await page.goto('/supplier/recalls/new');
  await expect(page.getByRole('button', { name: 'Lưu và tiếp tục' })).toBeVisible();
  await page.getByRole('button', { name: 'Lưu và tiếp tục' }).click();
  await expect(page.getByText('Trường bắt buộc').first()).toBeVisible();
});
