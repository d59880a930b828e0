import { expect, test, type Page } from '@playwright/test';
import { signIn } from './support';

/** The hospital's organisation settings, run by its administrator in the browser without the CLI. */

async function save(page: Page): Promise<void> {
  await page.getByTestId('record-form').getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('record-form')).toHaveCount(0);
}

test("a health system's administrator manages its sites, users, roles and profile", async ({ page }) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  const siteName = `Riverside East ${stamp}`;
  await signIn(page, 'admin@riverside.demo');
  await expect(page).toHaveURL(/\/provider\//);

  // Sites: add one (the name is required), then it offers Edit and Inactivate; inactivated, it offers Activate only.
  await page.goto('/provider/sites');
  await expect(page.getByRole('row', { name: /Riverside North Campus/ })).toBeVisible();
  await page.getByRole('button', { name: 'Add site' }).click();
  await page.getByTestId('record-form').getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('record-form').getByText('Field required').first()).toBeVisible();
  await page.getByTestId('record-form').getByRole('textbox', { name: 'Name' }).fill(siteName);
  await page.getByTestId('record-form').getByRole('textbox', { name: 'City' }).fill('Eastville');
  await save(page);
  const site = page.getByRole('row', { name: new RegExp(siteName) });
  await expect(site).toBeVisible();
  await site.getByRole('button', { name: 'Actions' }).click();
  await expect(page.getByRole('menuitem', { name: 'Edit' })).toBeVisible();
  await page.getByRole('menuitem', { name: 'Inactivate' }).click();
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(site.getByText('Deactivated')).toBeVisible();
  await site.getByRole('button', { name: 'Actions' }).click();
  await expect(page.getByRole('menuitem', { name: 'Edit' })).toHaveCount(0);
  await page.getByRole('menuitem', { name: 'Activate' }).click();
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(site.getByText('Active')).toBeVisible();

  // Users: invite a nurse into the new site with a role of the health system.
  await page.goto('/provider/users');
  await page.getByRole('button', { name: 'Invite user' }).click();
  const form = page.getByTestId('record-form');
  await form.getByRole('textbox', { name: 'First name' }).fill('Nora');
  await form.getByRole('textbox', { name: 'Last name' }).fill('Nurse');
  await form.getByRole('textbox', { name: 'Email' }).fill(`nora.${stamp}@riverside.demo`);
  await form.getByRole('combobox', { name: /^Role/ }).click();
  await page.getByRole('option', { name: 'Responder' }).click();
  await form.getByRole('combobox', { name: /Organization or site/ }).click();
  await page.getByRole('option', { name: siteName }).click();
  await save(page);
  await page.getByRole('searchbox').fill(`nora.${stamp}`);
  const nora = page.getByRole('row', { name: new RegExp(`nora.${stamp}`) });
  await expect(nora).toBeVisible();
  await expect(nora.getByText(siteName)).toBeVisible();
  await expect(nora.getByText('Verification Email Sent')).toBeVisible();

  // Roles: the provider's permission catalogue, in words.
  await page.goto('/provider/roles');
  await page.getByRole('button', { name: 'Add role' }).click();
  await expect(page.getByTestId('record-form').getByRole('checkbox', { name: 'Manage users' })).toBeVisible();
  await expect(page.getByTestId('record-form').getByText('Provider_ManageUsers')).toHaveCount(0);
  await page.getByTestId('record-form').getByRole('button', { name: 'Cancel' }).click();

  // Profile: a bad domain is refused, a good one saved.
  await page.goto('/provider/organization');
  const profile = page.getByTestId('provider-organization');
  const domain = profile.getByRole('textbox', { name: 'Domain(s)', exact: true });
  await domain.fill('not a domain');
  await profile.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(profile.getByText('Invalid domain name.')).toBeVisible();
  await domain.fill('riverside.demo');
  await profile.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(
    page.locator('[data-slot="toast-description"]', { hasText: 'Saved successfully.' }).first(),
  ).toBeVisible();
});
