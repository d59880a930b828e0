import type { Page } from '@playwright/test';
import { expect, test } from './mail-server';
import { api, type Lang, sendRecall, signIn, tokenFor, useLanguage } from './support';

/**
 * Delivery on screen, against the mail server of e2e/mail-server.ts: a supplier sends a recall to two
 * customers, one of whose addresses the relay refuses (550); the Delivery tab shows that recipient as bounced with the
 * relay's reason; the supplier resends to it, schedules a send and pauses the reminders, each after confirming, in
 * English and in Vietnamese.
 */

const COORDINATOR = 'recalls@acme.demo';

/** The words the spec clicks and reads, as web/src/locales/vi/messages.po says them. */
const WORDS = {
  Delivery: 'Tình trạng gửi thư',
  Bounced: 'Bị trả lại',
  Resend: 'Gửi lại',
  'Resend to {email}': 'Gửi lại tới {email}',
  'The notice has been sent again to {email}.': 'Đã gửi lại thông báo tới {email}.',
  'Schedule a send': 'Lên lịch gửi',
  'Everyone again': 'Gửi lại cho mọi người',
  Continue: 'Tiếp tục',
  Schedule: 'Lên lịch',
  'The notice is scheduled for': 'Thông báo đã được lên lịch vào',
  Scheduled: 'Đã lên lịch',
  'Pause reminders': 'Tạm dừng nhắc',
  'Resume reminders': 'Tiếp tục nhắc',
  'Reminders paused.': 'Đã tạm dừng việc nhắc.',
  Paused: 'Đã tạm dừng',
} as const;

function say(lang: Lang, text: keyof typeof WORDS, values: Record<string, string> = {}): string {
  const words = lang === 'vi' ? WORDS[text] : text;
  return words.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? '');
}

const toast = (page: Page, text: string) => page.locator('[data-slot="toast-description"]', { hasText: text });

/** Confirms the open "Are you sure?" with its button `button`, after checking that it says what will happen. */
async function confirm(page: Page, button: string, sentence: RegExp): Promise<void> {
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText(sentence);
  await dialog.getByRole('button', { name: button, exact: true }).click();
}

for (const lang of ['en', 'vi'] as const) {
  test(`a supplier sees a bounced recipient, resends to it, schedules a send and pauses reminders (${lang})`, async ({
    page,
    request,
    mailServer,
  }) => {
    test.setTimeout(120_000);
    const stamp = `${lang}-${Date.now()}`;
    const delivered = `clinic-${stamp}@example.com`;
    const refused = `gone-${stamp}@example.com`;
    mailServer.refuse(refused);
    const supplier = await tokenFor(request, COORDINATOR);
    const id = await sendRecall(request, supplier, {
      info: {
        name: `E2E delivery ${stamp}`,
        subtype: 'REMOVAL',
        classification: 'CLASSII',
        description: '<p>Check the lots.</p>',
      },
      products: [{ product_name: 'E2E pump', lot_number: 'P-1' }],
      actions: [{ action_type: 'Acknowledge', title: 'Acknowledge the notice', is_required: true }],
      providerOrganizationIds: [],
      customers: [
        { name: `Clinic ${stamp}`, email: delivered },
        { name: `Closed clinic ${stamp}`, email: refused },
      ],
    });
    // One notice arrives; the other is refused, and the outbox records the bounce.
    await mailServer.waitForMail({ to: delivered });
    await expect
      .poll(
        async () => {
          const page = await api<{ items: { email: string; status: string }[] }>(
            request,
            supplier,
            'GET',
            `/supplier/communications/${id}/deliveries?status=BOUNCED`,
          );
          return page.items.map((d) => d.email);
        },
        { timeout: 30_000 },
      )
      .toEqual([refused]);

    await useLanguage(page, lang);
    await signIn(page, COORDINATOR, lang);
    await expect(page).toHaveURL(/\/supplier\/recalls$/);
    await page.goto(`/supplier/recalls/view/${id}`);
    await page.getByRole('tab', { name: say(lang, 'Delivery'), exact: true }).click();
    const tab = page.getByTestId('delivery-tab');

    // The bounced recipient: its status in words and the relay's reason.
    const row = tab.getByRole('row').filter({ hasText: refused });
    await expect(row.locator('[data-slot="status-label"]')).toHaveText(say(lang, 'Bounced'));
    await expect(row.getByTestId('delivery-reason')).toContainText('550');
    await expect(tab.getByRole('row').filter({ hasText: delivered })).toBeVisible();

    // The Bounced total filters the list down to it.
    await tab
      .getByTestId('delivery-totals')
      .getByRole('button', { name: new RegExp(`^${say(lang, 'Bounced')} 1$`) })
      .click();
    await expect(tab.getByRole('row').filter({ hasText: delivered })).toHaveCount(0);
    await expect(row).toBeVisible();

    // Resend to it, after confirming.
    await row.getByRole('button', { name: say(lang, 'Resend to {email}', { email: refused }) }).click();
    await confirm(page, say(lang, 'Resend'), new RegExp(refused.replace(/[.]/g, '\\.')));
    await expect(
      toast(page, say(lang, 'The notice has been sent again to {email}.', { email: refused })),
    ).toBeVisible();

    // Schedule a send to everyone again, tomorrow at 09:00 (the suggested moment).
    await tab.getByRole('button', { name: say(lang, 'Schedule a send'), exact: true }).click();
    const options = page.getByTestId('send-options');
    await options.getByRole('radio', { name: say(lang, 'Everyone again') }).click();
    await options.getByRole('button', { name: say(lang, 'Continue'), exact: true }).click();
    await confirm(page, say(lang, 'Schedule'), /\d{2}\/\d{2}\/\d{4} 09:00/);
    await expect(toast(page, say(lang, 'The notice is scheduled for'))).toBeVisible();
    // Once the Bounced filter is cleared, the scheduled emails are counted as such.
    await tab
      .getByTestId('delivery-totals')
      .getByRole('button', { name: new RegExp(`^${say(lang, 'Bounced')} `) })
      .click();
    await expect(
      tab.getByTestId('delivery-totals').getByRole('button', { name: new RegExp(`^${say(lang, 'Scheduled')} 2$`) }),
    ).toBeVisible();

    // Pause the reminders.
    await tab.getByRole('button', { name: say(lang, 'Pause reminders'), exact: true }).click();
    await confirm(page, say(lang, 'Pause reminders'), /./);
    await expect(toast(page, say(lang, 'Reminders paused.'))).toBeVisible();
    await expect(tab.getByTestId('reminders-paused')).toHaveText(say(lang, 'Paused'));
    await expect(tab.getByRole('button', { name: say(lang, 'Resume reminders'), exact: true })).toBeVisible();
    const reminders = await api<{ paused: boolean }>(
      request,
      supplier,
      'GET',
      `/supplier/communications/${id}/reminders`,
    );
    expect(reminders.paused).toBe(true);

    // On a phone the tab fits the width (the sidebar starts closed there); only the table scrolls inside itself.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/supplier/recalls/view/${id}?tab=delivery`);
    await expect(page.getByTestId('delivery-tab')).toBeVisible();
    await expect(page.getByTestId('sidebar')).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
}
