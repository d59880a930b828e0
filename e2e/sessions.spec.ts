import { expect, test } from '@playwright/test';
import { signIn } from './support';

// Issue 34, item 1: /account lists the user's sessions, and ending one from there signs that device out at its next
// call. Two browser contexts are two devices; the second says it is Safari on an iPhone, so its row is told apart from
// any other session of the same user a parallel spec may hold.
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const EMAIL = 'responder@riverside.demo';

test('a session ended from /account in another browser signs that browser out at its next call', async ({
  browser,
  page,
}) => {
  const phoneContext = await browser.newContext({ userAgent: IPHONE, viewport: { width: 375, height: 740 } });
  try {
    const phone = await phoneContext.newPage();
    await signIn(phone, EMAIL);
    await expect(phone).not.toHaveURL(/\/login/);
    await expect(phone.getByRole('button', { name: /User menu/ })).toBeVisible();

    await signIn(page, EMAIL);
    await expect(page).not.toHaveURL(/\/login/);
    await page.goto('/account');
    // Rows are found by what the server read of each device (data attributes), not by words, which translate.
    const rows = page.getByTestId('sessions').getByTestId('session-row');
    const here = rows.and(page.locator('[data-current="true"]'));
    await expect(here).toHaveCount(1);
    await expect(here).toHaveAttribute('data-browser', 'Chrome');
    const phoneRow = rows.and(page.locator('[data-browser="Safari"][data-os="iOS"]'));
    await expect(phoneRow).toHaveCount(1);
    await expect(phoneRow).toHaveAttribute('data-current', 'false');
    await expect(phoneRow).toContainText(/Address: \S+/);
    await expect(phoneRow).toContainText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);

    // It asks first; cancelling ends nothing.
    await phoneRow.getByTestId('end-session').click();
    const ask = page.getByRole('alertdialog');
    await expect(ask).toBeVisible();
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await expect(ask).toBeHidden();
    await expect(phoneRow).toHaveCount(1);
    await phoneRow.getByTestId('end-session').click();
    await ask.locator('[data-slot="alert-dialog-footer"] button').filter({ hasNotText: 'Cancel' }).click();
    await expect(ask).toBeHidden();
    await expect(phoneRow).toHaveCount(0);
    await expect(here).toHaveCount(1);

    // The phone's next call: its access token is refused, its refresh cookie too, so it lands on the login page.
    await phone.goto('/account');
    await expect(phone).toHaveURL('/login?redirect=%2Faccount');
    await expect(phone.getByTestId('session-expired')).toBeVisible();

    // This browser goes on.
    await page.reload();
    await expect(page.getByTestId('account')).toContainText(EMAIL);
  } finally {
    await phoneContext.close();
  }
});
