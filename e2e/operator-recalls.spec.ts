import { expect, test } from '@playwright/test';
import { signIn, useLanguage } from './support';

const OPERATOR = 'admin@operator.demo';

test("the operator finds any supplier's recall, views it read-only, and copies a draft for its supplier", async ({
  page,
}) => {
  await signIn(page, OPERATOR);
  await expect(page).toHaveURL(/\/notisphere\/dashboard$/);
  await page.goto('/notisphere/recalls');
  await expect(page.getByRole('heading', { name: 'Recalls', exact: true })).toBeVisible();
  const open = page.getByRole('row', { name: /Infusion pump battery may fail/ });
  await expect(open).toContainText('Acme Medical Devices');

  await page.getByRole('searchbox').fill('  Suction catheter  ');
  const draft = page.getByRole('row', { name: /Suction catheter packaging \(draft\)/ });
  await expect(draft).toBeVisible();
  // The searched list has settled (a menu opened on rows about to be replaced would close with them).
  const total = page.locator('[data-slot="data-table-total"]');
  await expect(total).toHaveText('Total 1 item');
  await draft.getByRole('button', { name: 'Actions' }).click();
  await expect(page.getByRole('menuitem')).toHaveText(['View', 'Copy', 'Delete']);
  await page.getByRole('menuitem', { name: 'Copy' }).click();
  await expect(page.locator('[data-slot="toast-description"]', { hasText: 'Copied to a new draft' })).toBeVisible();
  await expect(page.getByRole('row', { name: /Copy of Suction catheter packaging/ })).toBeVisible();

  await page.getByRole('searchbox').fill('Infusion pump battery');
  await expect(page.getByRole('row', { name: /Copy of Suction catheter/ })).toHaveCount(0);
  await expect(total).toHaveText(/^Total \d+ items?$/);
  await page
    .getByRole('row', { name: /Infusion pump battery may fail/ })
    .getByRole('button', { name: 'Actions' })
    .click();
  await expect(page.getByRole('menuitem')).toHaveText(['View', 'Copy']);
  await page.getByRole('menuitem', { name: 'View' }).click();
  await expect(page).toHaveURL(/\/notisphere\/recalls\/view\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Infusion pump battery may fail' })).toBeVisible();
  await expect(page.getByText('Recall of Acme Medical Devices (read-only)')).toBeVisible();
  await expect(page.getByRole('button', { name: /^(Edit|Approve|Close|Delete)$/ })).toHaveCount(0);
  await page.getByRole('tab', { name: 'History' }).click();
  await expect(page.getByText('APPROVED').first()).toBeVisible();
});

test('the recalls page speaks Vietnamese', async ({ page }) => {
  await useLanguage(page, 'vi');
  await signIn(page, OPERATOR, 'vi');
  await expect(page).toHaveURL(/\/notisphere\/dashboard$/);
  await page.goto('/notisphere/recalls');
  await expect(page.getByRole('heading', { name: 'Thu hồi', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: /Báo cáo thu hồi \(CSV\)/ })).toBeVisible();
  await expect(page.getByRole('row', { name: /Infusion pump battery may fail/ })).toBeVisible();
});
