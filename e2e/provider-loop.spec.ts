import ExcelJS from 'exceljs';
import type { Page } from '@playwright/test';
import { expect, linkIn, test } from './mail-server';
import { api, IMAGE_PNG, PASSWORD, sendRecall, tokenFor } from './support';

/**
 * The whole loop of a recall: a supplier sends it (through the API), the recipient opens the e-mailed link and answers
 * every action type through the public form, a provider user delegates one action and the delegate answers it through
 * the e-mailed delegate link, and the supplier, signed in, sees COMPLETED, the history and the answers in the Provider
 * Status Report. Links are read from the mails as delivered to the in-process SMTP server of e2e/mail-server.ts.
 */
const RIVERSIDE = 'Riverside Health';

/** Recipients and delegates answer on their phones: the public forms must fit a phone's width without sideways scrolling. */
const PHONE = { width: 375, height: 740 };
const DESKTOP = { width: 1280, height: 720 };
async function expectFitsWidth(page: Page) {
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
}

async function signIn(page: Page, email: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

/** The first sheet of an XLSX file as objects keyed by the header row. */
async function readSheet(file: string): Promise<Record<string, string>[]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(file);
  const rows: string[][] = [];
  workbook.worksheets[0]!.eachRow((row) =>
    rows.push((row.values as unknown[]).slice(1).map((v) => (v == null ? '' : String(v)))),
  );
  const [headers = [], ...data] = rows;
  return data.map((row) => Object.fromEntries(headers.map((h, i) => [h, row[i] ?? ''])));
}

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

test('a recall goes from supplier to recipient, provider, delegate and back to the supplier as COMPLETED', async ({
  page,
  request,
  browser,
  baseURL,
  mailServer,
}) => {
  test.setTimeout(150_000);
  const name = `E2E provider loop ${Date.now()}`;
  const supplier = await tokenFor(request, 'recalls@acme.demo');
  const provider = await tokenFor(request, 'admin@riverside.demo');
  const sites = await api<{ id: number; name: string }[]>(
    request,
    provider,
    'GET',
    '/provider/communications/meta-sites',
  );
  const riverside = sites.find((s) => s.name === RIVERSIDE) ?? sites[0];
  expect(riverside).toBeTruthy();

  const id = await sendRecall(request, supplier, {
    info: {
      name,
      event_id: 'E2E-PL-1',
      subtype: 'PRODUCTADVISORY',
      classification: 'CLASSIII',
      disposition: 'Destroyed',
    },
    products: [{ product_name: 'E2E gown', lot_number: 'L-1' }],
    actions: [
      { action_type: 'Acknowledge', title: 'Acknowledge the notice', is_required: true },
      { action_type: 'Text', title: 'What did you do', is_required: true },
      { action_type: 'Numeric', title: 'Units on hand', is_required: true },
      { action_type: 'YesNo', title: 'Quarantined', is_required: true },
      { action_type: 'Checkbox', title: 'Steps done', options: ['Counted', 'Labelled'], is_required: true },
      { action_type: 'MultipleChoice', title: 'Disposition', options: ['Returned', 'Destroyed'], is_required: true },
      { action_type: 'Image', title: 'Photo of the stock', is_required: true },
      { action_type: 'Document', title: 'Destruction certificate', is_required: true },
      { action_type: 'Text', title: 'Pharmacy sign-off', is_required: true },
    ],
    providerOrganizationIds: [riverside!.id],
  });

  // The recipient opens the notice e-mail's link and answers every action type but the last through the public form.
  const noticeLink = linkIn(
    await mailServer.waitForMail({ to: 'admin@riverside.demo', subjectOrText: name }),
    '/provider/recall-notice-webform',
  );
  await page.setViewportSize(PHONE);
  await page.goto(noticeLink);
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await expectFitsWidth(page);
  await page.getByTestId('acknowledge').click();
  await expect(page.getByTestId('acknowledged')).toBeVisible();
  const action = (title: string) => page.locator('fieldset', { has: page.locator('legend', { hasText: title }) });
  await action('Acknowledge the notice').getByRole('checkbox').click();
  await action('What did you do').getByRole('textbox').fill('Moved to quarantine');
  await action('Units on hand').getByRole('textbox').fill('0');
  await action('Quarantined').getByLabel('Yes').click();
  await action('Steps done').getByLabel('Counted').click();
  await action('Steps done').getByLabel('Labelled').click();
  await action('Disposition').getByLabel('Destroyed').click();
  await action('Photo of the stock')
    .locator('input[type=file]')
    .setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: IMAGE_PNG });
  await expect(action('Photo of the stock').getByText('photo.png')).toBeVisible();
  await action('Destruction certificate')
    .locator('input[type=file]')
    .setInputFiles({ name: 'certificate.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(action('Destruction certificate').getByText('certificate.pdf')).toBeVisible();
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByText('Your draft has been saved.').first()).toBeVisible();
  // The last action is left for the delegate: submitting now must name it.
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(action('Pharmacy sign-off').getByText('Field required')).toBeVisible();
  await expectFitsWidth(page);

  // A provider user delegates that action from the provider view.
  const list = await api<{ items: { id: number; communication_id: number }[] }>(
    request,
    provider,
    'GET',
    `/provider/communications?communicationType=RECALL&search=${encodeURIComponent(name)}`,
  );
  const pcId = list.items.find((r) => r.communication_id === id)!.id;
  await page.setViewportSize(DESKTOP);
  await signIn(page, 'admin@riverside.demo');
  await page.goto(`/provider/recalls/view/${id}/${pcId}`);
  await expect(page.getByTestId('provider-view')).toBeVisible();
  await page.getByRole('tab', { name: 'Delegates' }).click();
  const delegateEmail = `delegate-${Date.now()}@example.com`;
  await page.getByLabel('Email').fill(delegateEmail);
  await page.getByRole('combobox', { name: 'What to delegate' }).click();
  await page.getByRole('option', { name: 'Pharmacy sign-off' }).click();
  await page.getByRole('button', { name: 'Delegate', exact: true }).click();
  await expect(page.getByText(delegateEmail)).toBeVisible();

  // The delegate answers through the delegate form, opened with the e-mailed link exactly as delivered (token only).
  const delegateLink = linkIn(
    await mailServer.waitForMail({ to: delegateEmail, subjectOrText: name }),
    '/delegate-webform',
  );
  await page.setViewportSize(PHONE);
  await page.goto(delegateLink);
  await expect(page.getByTestId('delegate-form')).toBeVisible();
  await expect(page.locator('fieldset')).toHaveCount(1);
  await expectFitsWidth(page);
  await action('Pharmacy sign-off').getByRole('textbox').fill('Signed off by pharmacy');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByTestId('delegate-confirmation')).toBeVisible();

  // The recipient submits the rest and lands on the confirmation page.
  await page.goto(noticeLink);
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await expect(action('Photo of the stock').getByText('photo.png')).toBeVisible();
  await page.getByRole('button', { name: 'Submit' }).click({ timeout: 20_000 });
  await expect(page).toHaveURL(new RegExp(`/provider/recall-notice-webform/confirmation/\\d+/${id}/${pcId}/RECALL`));
  await expect(page.getByTestId('notice-confirmation')).toContainText('Thank you, your response has been submitted.');
  await expectFitsWidth(page);
  // The same address in a browser that submitted nothing says how to reach the form, and thanks for nothing.
  const stranger = await browser.newContext({ baseURL });
  const strangerPage = await stranger.newPage();
  await strangerPage.goto(page.url());
  await expect(strangerPage.getByTestId('notice-confirmation-unsubmitted')).toContainText(
    'No response has been submitted from this browser.',
  );
  await expect(strangerPage.getByText('Thank you, your response has been submitted.')).toHaveCount(0);
  await stranger.close();

  // The supplier, signed in in a browser of their own, sees the customer COMPLETED, the history and the answers.
  const supplierContext = await browser.newContext({ baseURL, acceptDownloads: true });
  const view = await supplierContext.newPage();
  await signIn(view, 'recalls@acme.demo');
  await view.goto(`/supplier/recalls/view/${id}`);
  await expect(view.getByRole('heading', { name })).toBeVisible();

  await view.getByRole('tab', { name: 'Customers' }).click();
  const customer = view.getByTestId('customers-tab').getByRole('row', { name: new RegExp(RIVERSIDE) });
  await expect(customer.locator('[data-status="COMPLETED"]')).toHaveText('Completed');

  await view.getByRole('tab', { name: 'Provider Responses' }).click();
  await view
    .getByRole('row', { name: new RegExp(RIVERSIDE) })
    .getByRole('button', { name: 'View' })
    .click();
  const detail = view.getByRole('dialog');
  await expect(detail.locator('[data-status="COMPLETED"]')).toBeVisible();
  await expect(detail.getByText('Moved to quarantine')).toBeVisible();
  await expect(detail.getByText('Signed off by pharmacy')).toBeVisible();
  await view.keyboard.press('Escape');

  await view.getByRole('tab', { name: 'History' }).click();
  const history = view.getByRole('tabpanel');
  // Each entry reads as a sentence naming who did it, never as its code.
  for (const entry of [
    'Notice acknowledged',
    'Answer saved as a draft',
    `Delegated to ${delegateEmail}`,
    'Answer submitted',
    'Response completed',
  ]) {
    await expect(history.getByText(entry).first(), entry).toBeVisible();
  }
  await expect(history.getByText(/\b(ACKNOWLEDGED|RESPONDED|DELEGATED)\b/)).toHaveCount(0);
  const historyEntry = (sentence: string, who: string) =>
    history.getByRole('listitem').filter({ hasText: `${sentence} by ${who}` });
  // Acknowledged through the emailed link: the recipient is known by the address it went to.
  await expect(historyEntry('Notice acknowledged', 'admin@riverside.demo')).toHaveCount(1);
  await expect(historyEntry('Answer submitted', delegateEmail), 'the delegate answered the sign-off').toHaveCount(1);

  await view.getByRole('tab', { name: 'Reports' }).click();
  const [download] = await Promise.all([
    view.waitForEvent('download'),
    view.getByRole('button', { name: 'Provider Status Report (XLSX)' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^Provider Status Report .*\.xlsx$/);
  const rows = await readSheet(await download.path());
  const row = rows.find((r) => r['Customer Name'] === RIVERSIDE);
  expect(row, 'the customer has a row').toBeTruthy();
  expect(row).toMatchObject({
    'Response Status': 'Completed',
    'Acknowledged By': 'admin@riverside.demo',
    'Acknowledge the notice': 'Yes',
    'What did you do': 'Moved to quarantine',
    'Units on hand': '0',
    Quarantined: 'Yes',
    'Steps done': 'Counted; Labelled',
    Disposition: 'Destroyed',
    'Photo of the stock': 'photo.png',
    'Destruction certificate': 'certificate.pdf',
    'Pharmacy sign-off': 'Signed off by pharmacy',
  });
  await supplierContext.close();
});
