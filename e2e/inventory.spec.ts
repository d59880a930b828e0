import { expect, test } from '@playwright/test';
import { signIn } from './support';

/**
 * Issue 38, items 1-3 end to end: a provider imports an item master from a small CSV (the mapping proposed from its
 * headers), follows the import to its result, sees the rows in the list, and finds one by a typed wedge scan.
 */
test('a provider imports an item master and finds a unit by scanning it', async ({ page }) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  const lot = `E2E${stamp}`;
  const file = [
    'Item GTIN,Mfr,Catalog #,Description,Lot/Batch,On Hand,Cost Center',
    `00884521062859,Medtronic,CAT-100,Stent 3mm,${lot},5,Cath Lab`,
    `00884521062859,Medtronic,CAT-100,Stent 3mm,${lot}B,2,OR`,
    '00884521062857,Medtronic,CAT-100,Bad check digit,L1,1,OR',
  ].join('\n');

  await signIn(page, 'admin@riverside.demo');
  await expect(page).not.toHaveURL(/\/login/);
  await page.getByTestId('sidebar').getByRole('link', { name: 'Inventory', exact: true }).click();
  await expect(page).toHaveURL(/\/provider\/inventory$/);

  await page.getByTestId('inventory-import').click();
  const dialog = page.getByTestId('import-dialog');
  await dialog.getByLabel('File (.csv or .xlsx)').setInputFiles({
    name: `master-${stamp}.csv`,
    mimeType: 'text/csv',
    buffer: Buffer.from(file),
  });
  await dialog.getByRole('button', { name: 'Next' }).click();
  await expect(dialog.getByRole('combobox', { name: 'GTIN or UDI-DI' })).toContainText('Item GTIN');
  await expect(dialog.getByRole('combobox', { name: 'Department' })).toContainText('Cost Center');
  await dialog.getByTestId('import-confirm').click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Import' }).click();
  await expect(dialog.getByTestId('import-result')).toContainText('2 created, 0 updated, 0 unchanged, 1 refused.', {
    timeout: 30_000,
  });
  await expect(dialog).toContainText('GTIN 00884521062857 has a wrong check digit (expected 9).');
  await dialog.getByRole('button', { name: 'Close' }).last().click();

  // The rows are in the list.
  const table = page.getByRole('table', { name: 'Item master' });
  await expect(table.getByRole('row').filter({ hasText: lot }).filter({ hasText: 'Cath Lab' })).toHaveCount(1);
  await expect(
    table
      .getByRole('row')
      .filter({ hasText: `${lot}B` })
      .filter({ hasText: 'OR' }),
  ).toHaveCount(1);

  // A wedge scanner types the GS1 string with "~" for the group separator, then Enter: the list shows that unit.
  const scan = page.getByRole('textbox', { name: 'Find a unit by scanning it' });
  await scan.fill(`01008845210628591727053110${lot}B~21X`);
  const answered = page.waitForResponse(
    (r) => r.url().includes('/api/provider/inventory/items?') && r.url().includes(`lot=${lot}B`),
  );
  await scan.press('Enter');
  await answered;
  await expect(page.getByTestId('inventory-scanned')).toContainText(`${lot}B`);
  await expect(table.getByRole('row').filter({ hasText: lot })).toHaveCount(1);
  await expect(table.getByRole('row').filter({ hasText: `${lot}B` })).toContainText('OR');
});
