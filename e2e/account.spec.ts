import { expect, test } from '@playwright/test';
import { fillCredentials, signIn } from './support';

test('self-registration by link creates a pending account that must verify its email first', async ({ page }) => {
  await page.goto('/registration/riverside-health');
  await expect(page.getByRole('heading', { name: 'Register with Riverside Health' })).toBeVisible();
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText('Field required').first()).toBeVisible();

  await page.getByLabel('First name').fill('Nina');
  await page.getByLabel('Last name').fill('Nurse');
  await page.getByLabel('Email').fill('nina.e2e@riverside.demo');
  await page.getByLabel(/^Password/).fill('weak');
  await page.getByLabel('Confirm password').fill('different');
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText(/^Minimum 8 characters, must contain at least/)).toBeVisible();
  await expect(page.getByText("Password doesn't match")).toBeVisible();

  await page.getByLabel(/^Password/).fill('Nurse#2026x');
  await page.getByLabel('Confirm password').fill('Nurse#2026x');
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page).toHaveURL('/success-signup');
  await expect(page.getByTestId('success-signup')).toBeVisible();

  await page.goto('/login');
  await fillCredentials(page, 'nina.e2e@riverside.demo', 'Nurse#2026x');
  await expect(page.getByTestId('login-error')).not.toBeEmpty();
  await expect(page).toHaveURL(/\/login$/);
});

test('an unknown registration link says so', async ({ page }) => {
  await page.goto('/registration/no-such-link');
  await expect(page.getByRole('alert')).not.toBeEmpty();
  await expect(page.getByRole('button', { name: 'Register' })).toHaveCount(0);
});

test('forgot password always confirms and points back to sign in', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL('/forgot-password');
  await page.getByLabel('Email').fill('admin@borealis.demo');
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page).toHaveURL('/success?reason=forgot-password');
  await expect(page.getByTestId('success')).toContainText('Check your inbox');
});

test('reset password and verify email show the server message for a bad token', async ({ page }) => {
  await page.goto('/reset-password?token=not-a-real-token');
  await page.getByLabel('New password').fill('Better#2027x');
  await page.getByLabel('Confirm password').fill('Better#2027x');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByRole('alert')).not.toBeEmpty();
  await expect(page).toHaveURL(/\/reset-password/);

  await page.goto('/verify-email?token=not-a-real-token');
  await expect(page.getByRole('alert')).not.toBeEmpty();

  await page.goto('/reset-password');
  await expect(page.getByRole('alert')).toContainText('This reset link is not valid.');
});

test('the profile can be edited and the password form applies the rules', async ({ page }) => {
  await signIn(page, 'admin@borealis.demo');
  await expect(page).toHaveURL('/supplier/dashboard');
  await page.goto('/account/edit');
  const profile = page.getByRole('form', { name: 'Profile' });
  await expect(profile.getByLabel('First name')).not.toHaveValue('');

  await profile.getByLabel('Phone').fill('12');
  await profile.getByRole('button', { name: 'Save profile' }).click();
  await expect(profile.getByText('Invalid phone number')).toBeVisible();
  await profile.getByLabel('Phone').fill('(916) 555-0142');
  await profile.getByLabel('First name').fill('Bora');
  await profile.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('Your profile was saved.', { exact: true })).toBeVisible();

  const password = page.getByRole('form', { name: 'Change password' });
  await password.getByLabel('Current password').fill('wrong-current');
  await password.getByLabel('New password').fill('short');
  await password.getByLabel('Confirm password').fill('other');
  await password.getByRole('button', { name: 'Change password' }).click();
  await expect(password.getByText(/^Minimum 8 characters/)).toBeVisible();
  await expect(password.getByText("Password doesn't match")).toBeVisible();
  await password.getByLabel('New password').fill('Borealis#2027x');
  await password.getByLabel('Confirm password').fill('Borealis#2027x');
  await password.getByRole('button', { name: 'Change password' }).click();
  await expect(password.getByRole('alert')).toHaveText('Current password is incorrect.');

  await page.goto('/account');
  await expect(page.getByTestId('account')).toContainText('(916) 555-0142');
  await expect(page.getByTestId('account')).toContainText('Bora');
});
