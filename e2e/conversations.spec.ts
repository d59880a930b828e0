import type { Page } from '@playwright/test';
import { expect, linkIn, test } from './mail-server';
import { api, PASSWORD, sendRecall, tokenFor } from './support';

/**
 * A conversation (spec 001 §7.2): the supplier starts one with Riverside from the event's Conversations tab with a
 * file, the provider opens the e-mailed link, previews the file and answers, and the supplier, from its own e-mailed
 * link, reads the answer. Mails are read as delivered to the in-process SMTP server of e2e/mail-server.ts.
 */
const RIVERSIDE = 'Riverside Health';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

async function signIn(page: Page, email: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

/** The e-mailed link's path and query, opened on this test's server. */
const pathOf = (link: string) => {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
};

test('a supplier and a provider exchange messages with a file, and each is told by email', async ({
  page,
  browser,
  request,
  baseURL,
  mailServer,
}) => {
  test.setTimeout(150_000);
  const name = `E2E conversation ${Date.now()}`;
  const supplier = await tokenFor(request, 'recalls@acme.demo');
  const provider = await tokenFor(request, 'admin@riverside.demo');
  const sites = await api<{ id: number; name: string }[]>(
    request,
    provider,
    'GET',
    '/provider/communications/meta-sites',
  );
  const riverside = sites.find((s) => s.name === RIVERSIDE)!;
  const id = await sendRecall(request, supplier, {
    info: {
      name,
      event_id: 'E2E-CONV-1',
      subtype: 'PRODUCTADVISORY',
      classification: 'CLASSIII',
    },
    products: [{ product_name: 'E2E pump', lot_number: 'P-1' }],
    actions: [{ action_type: 'Acknowledge', title: 'Acknowledge the notice', is_required: true }],
    providerOrganizationIds: [riverside.id],
  });

  // The supplier starts a conversation with Riverside from the Conversations tab, with a file.
  await signIn(page, 'recalls@acme.demo');
  await page.goto(`/supplier/recalls/view/${id}?tab=conversations`);
  await page.getByRole('button', { name: 'New conversation' }).click();
  await page.getByRole('combobox', { name: 'Customer' }).click();
  await page.getByRole('option', { name: RIVERSIDE }).click();
  await page.getByLabel('Subject').fill('Units found');
  await page.getByRole('textbox', { name: /^Message/ }).fill('How many units of lot P-1 did you find?');
  await page
    .getByTestId('conversations')
    .locator('input[type=file]')
    .setInputFiles({ name: 'instructions.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(page.getByTestId('conversations').getByText('instructions.pdf')).toBeVisible();
  await page.getByRole('button', { name: 'Start conversation' }).click();
  await expect(page.getByTestId('conversation-message')).toHaveCount(1);
  await expect(page.getByTestId('conversation-message')).toContainText('How many units of lot P-1 did you find?');

  // Riverside's administrator is told by email, with a link straight to the thread.
  const toProvider = await mailServer.waitForMail({
    to: 'admin@riverside.demo',
    subjectOrText: `New message: ${name}`,
  });
  expect(toProvider.text).toContain('How many units of lot P-1 did you find?');
  const providerLink = pathOf(linkIn(toProvider, '/provider/recalls/view'));
  expect(providerLink).toContain('tab=conversations');

  const providerContext = await browser.newContext({ baseURL });
  const providerPage = await providerContext.newPage();
  await signIn(providerPage, 'admin@riverside.demo');
  await providerPage.goto(providerLink);
  const thread = providerPage.getByTestId('conversations');
  await expect(thread.getByTestId('conversation-message')).toContainText('How many units of lot P-1 did you find?');
  await thread.getByRole('button', { name: 'instructions.pdf' }).click();
  const preview = providerPage.getByRole('dialog', { name: 'File Preview' });
  await expect(preview).toBeVisible();
  // The dialog's own close button (Escape would go to the PDF frame once it has focus).
  await preview.locator('[data-slot="dialog-close"]').last().click();
  await expect(preview).toBeHidden();
  await thread.getByRole('textbox', { name: /^Message/ }).fill('We found 12 units.');
  await thread.getByRole('button', { name: 'Send' }).click();
  await expect(thread.getByTestId('conversation-message')).toHaveCount(2);

  // The supplier who wrote is told in turn and reads the answer from its own link.
  const toSupplier = await mailServer.waitForMail({ to: 'recalls@acme.demo', subjectOrText: `New message: ${name}` });
  expect(toSupplier.text).toContain('We found 12 units.');
  const supplierLink = pathOf(linkIn(toSupplier, `/supplier/recalls/view/${id}`));
  await page.goto(supplierLink);
  await expect(page.getByTestId('conversation-message').nth(1)).toContainText('We found 12 units.');
  await providerContext.close();
});
