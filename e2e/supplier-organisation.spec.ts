import { expect, test, type Page } from '@playwright/test';
import { signIn } from './support';

const ADMIN = 'admin@acme.demo';

async function openAdd(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name }).click();
  await expect(page.getByTestId('record-form')).toBeVisible();
}

async function save(page: Page): Promise<void> {
  await page.getByTestId('record-form').getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('record-form')).toHaveCount(0);
}

test('an Administrator manages sales reps, template actions, distribution lists and roles', async ({ page }) => {
  test.setTimeout(90_000);
  const stamp = Date.now();
  await signIn(page, ADMIN);
  await expect(page).toHaveURL(/\/supplier\/dashboard$/);
  await expect(page.getByTestId('supplier-dashboard')).toBeVisible();

  // Sales reps: validation, then create; the row offers Edit and Inactivate while active.
  await page.goto('/supplier/sales-rep');
  await openAdd(page, 'Add sales rep');
  await page.getByTestId('record-form').getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('record-form').getByText('Field required').first()).toBeVisible();
  await page.getByRole('textbox', { name: 'First name' }).fill('Sam');
  await page.getByRole('textbox', { name: 'Last name' }).fill('Seller');
  await page.getByRole('textbox', { name: 'Email' }).fill(`sam.${stamp}@acme.demo`);
  await save(page);
  const rep = page.getByRole('row', { name: new RegExp(`sam.${stamp}`) });
  await expect(rep).toBeVisible();
  await rep.getByRole('button', { name: 'Actions' }).click();
  await expect(page.getByRole('menuitem', { name: 'Inactivate' })).toBeVisible();
  await page.getByRole('menuitem', { name: 'Inactivate' }).click();
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(rep.getByText('Deactivated')).toBeVisible();

  // Recall template actions: a Checkbox action needs options.
  await page.goto('/supplier/recall-template-actions');
  await openAdd(page, 'Add template action');
  await page.getByRole('textbox', { name: 'Title' }).fill(`Steps done ${stamp}`);
  await page.getByRole('combobox', { name: 'Action Type' }).click();
  await page.getByRole('option', { name: 'Checkbox', exact: true }).click();
  await page.getByRole('textbox', { name: /Options/ }).fill('Counted\nLabelled');
  await save(page);
  await expect(page.getByRole('row', { name: new RegExp(`Steps done ${stamp}`) })).toBeVisible();

  // Distribution list with an email member.
  await page.goto('/supplier/recall-distribution-list');
  await openAdd(page, 'Add distribution list');
  await page.getByRole('textbox', { name: 'Name' }).fill(`Hospitals ${stamp}`);
  await save(page);
  const list = page.getByRole('row', { name: new RegExp(`Hospitals ${stamp}`) });
  await list.getByRole('button', { name: 'Actions' }).click();
  await page.getByRole('menuitem', { name: 'Members' }).click();
  await page.getByRole('dialog').getByRole('textbox', { name: 'Email' }).fill(`buyer.${stamp}@example.com`);
  await page.getByRole('button', { name: 'Add member' }).click();
  await expect(page.getByTestId('members').getByText(`buyer.${stamp}@example.com`)).toBeVisible();

  // Roles: the permission checkboxes come from the server's catalogue.
  await page.goto('/supplier/roles');
  await openAdd(page, 'Add role');
  await page.getByRole('textbox', { name: 'Name' }).fill(`Auditor ${stamp}`);
  await page.getByRole('checkbox', { name: 'View dashboard' }).click();
  await save(page);
  await expect(page.getByRole('row', { name: new RegExp(`Auditor ${stamp}`) })).toBeVisible();
});

test('a location file upload reports the rows it skipped', async ({ page }) => {
  await signIn(page, ADMIN);
  await expect(page).toHaveURL(/\/supplier\/dashboard$/);
  await page.goto('/supplier/locations');
  const stamp = Date.now();
  await page.getByTestId('location-file-input').setInputFiles({
    name: `locations-${stamp}.csv`,
    mimeType: 'text/csv',
    buffer: Buffer.from(`Location ID,Location Name,ZIP\nL-${stamp}-1,Riverside Health,95814\n,Missing id,12345\n`),
  });
  const result = page.getByTestId('location-file-result');
  await expect(result).toContainText('1 added');
  await expect(result).toContainText('1 rows with errors');
  await expect(page.getByRole('row', { name: new RegExp(`L-${stamp}-1`) })).toBeVisible();
});

test('an Administrator edits the organisation profile and uploads its logo', async ({ page }) => {
  await signIn(page, ADMIN);
  await expect(page).toHaveURL(/\/supplier\/dashboard$/);
  await page.goto('/supplier/organization');
  const form = page.getByTestId('supplier-organization');
  await form.getByRole('textbox', { name: 'Phone' }).fill('12');
  await form.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(form.getByText('Invalid phone number')).toBeVisible();
  await form.getByRole('textbox', { name: 'Phone' }).fill('6125550100');
  await form.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(
    page.locator('[data-slot="toast-description"]', { hasText: 'Saved successfully.' }).first(),
  ).toBeVisible();

  await form.locator('input[type="file"]').setInputFiles({
    name: 'logo.png',
    mimeType: 'image/png',
    buffer: Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
      'base64',
    ),
  });
  await expect(form.getByRole('img', { name: 'Organization logo' })).toBeVisible();
});
