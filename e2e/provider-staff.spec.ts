import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test } from './mail-server';
import { api, sendRecall, signIn, tokenFor } from './support';

/**
 * Issue 33 (provider items): a health system's coordinator notifies a colleague about a notice (the mail arrives), sees
 * it in the notification history, switches to one of its sites (the list shows that site's notices), saves a filter on
 * its list that is still there after a reload; the operator downloads the eR responses as CSV.
 */

const COORDINATOR = 'admin@riverside.demo';
const COLLEAGUE = 'multi@riverside.demo';
const SUPPLIER = 'recalls@acme.demo';
const OPERATOR = 'admin@operator.demo';
const RIVERSIDE = 'Riverside Health';
const NORTH = 'Riverside North Campus';

const toast = (page: Page, text: string) => page.locator('[data-slot="toast-description"]', { hasText: text });

async function signedIn(page: Page, email: string) {
  await signIn(page, email);
  await expect(page).not.toHaveURL(/\/login/);
}

test('a coordinator notifies a colleague, switches site and keeps a filter; the operator downloads eR responses', async ({
  page,
  request,
  browser,
  baseURL,
  mailServer,
}) => {
  test.setTimeout(180_000);
  const stamp = Date.now();
  const supplier = await tokenFor(request, SUPPLIER);
  const provider = await tokenFor(request, COORDINATOR);
  const sites = await api<{ id: number; name: string }[]>(
    request,
    provider,
    'GET',
    '/provider/communications/meta-sites',
  );
  const idOf = (name: string) => sites.find((s) => s.name === name)!.id;
  const recall = (name: string, classification: string, organization: number) =>
    sendRecall(request, supplier, {
      info: { name, subtype: 'REMOVAL', classification, description: '<p>Check the lots.</p>' },
      products: [{ product_name: 'E2E staff gown', lot_number: `LOT-${stamp}` }],
      actions: [{ action_type: 'Acknowledge', title: 'Acknowledge the notice', is_required: true }],
      providerOrganizationIds: [organization],
    });
  const own = `Staff own ${stamp}`;
  const atNorth = `Staff north ${stamp}`;
  const ownId = await recall(own, 'CLASSI', idOf(RIVERSIDE));
  await recall(atNorth, 'CLASSII', idOf(NORTH));
  const rows = await api<{ items: { id: number; communication_id: number }[] }>(
    request,
    provider,
    'GET',
    `/provider/communications?communicationType=RECALL&search=${encodeURIComponent(own)}`,
  );
  const pcId = rows.items.find((r) => r.communication_id === ownId)!.id;

  // Notify a colleague from the notice, after confirming; the mail arrives and the history shows it.
  await signedIn(page, COORDINATOR);
  await page.goto(`/provider/recalls/view/${ownId}/${pcId}`);
  await page.getByRole('button', { name: 'Notify staff…' }).click();
  const form = page.getByTestId('notify-staff');
  await form.getByRole('radio', { name: 'Chosen people' }).click();
  await form.getByRole('checkbox', { name: new RegExp(COLLEAGUE) }).click();
  await form.getByLabel('Message').fill(`Please pull the gowns ${stamp}`);
  await form.getByRole('button', { name: 'Send…' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('Email 1 colleague(s) a link to this notice?');
  await confirm.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(toast(page, 'Sent to 1 colleague(s).')).toBeVisible();
  const mail = await mailServer.waitForMail({ to: COLLEAGUE, subjectOrText: `Please pull the gowns ${stamp}` });
  expect(mail.subject).toContain(own);
  expect(mail.text).toContain(`/provider/recalls/view/${ownId}/${pcId}`);
  await page.getByRole('tab', { name: 'Notification history' }).click();
  // Newest first: the colleague's notification, with the message as sent.
  await page
    .getByTestId('provider-mails')
    .getByRole('button', { name: new RegExp(COLLEAGUE) })
    .first()
    .click();
  await expect(page.getByTestId('provider-mail')).toContainText(`Please pull the gowns ${stamp}`);
  await page.getByTestId('provider-mail').getByRole('button', { name: 'Close' }).click();

  // Switch to the North site: the list shows that site's notices only.
  await page.goto('/provider/recalls');
  const search = page.getByPlaceholder('Search name, event ID, product, lot, serial number or UDI');
  // The search goes out once typing pauses.
  await Promise.all([
    page.waitForResponse((r) => r.url().includes(`search=LOT-${stamp}`)),
    search.fill(`LOT-${stamp}`),
  ]);
  await expect(page.getByRole('row').filter({ hasText: own })).toHaveCount(1);
  await expect(page.getByRole('row').filter({ hasText: atNorth })).toHaveCount(1);
  const switcher = page.getByTestId('site-switcher');
  await switcher.getByRole('combobox', { name: 'Site' }).click();
  await page.getByRole('option', { name: NORTH, exact: true }).click();
  await expect(page.getByRole('row').filter({ hasText: own })).toHaveCount(0);
  await expect(page.getByRole('row').filter({ hasText: atNorth })).toHaveCount(1);

  // A filter saved on the list: still there, with the site and the search, after a reload.
  const filters = page.getByTestId('provider-list-filters');
  await filters.getByRole('combobox', { name: 'Classification' }).click();
  await page.getByRole('option', { name: 'Class II', exact: true }).click();
  await expect(page.getByRole('row').filter({ hasText: atNorth })).toHaveCount(1);
  await page.reload();
  await expect(filters.getByRole('combobox', { name: 'Classification' })).toHaveText('Class II');
  await expect(switcher.getByRole('combobox', { name: 'Site' })).toHaveText(NORTH);
  await expect(search).toHaveValue(`LOT-${stamp}`);
  await expect(page.getByRole('row').filter({ hasText: atNorth })).toHaveCount(1);
  await expect(page.getByRole('row').filter({ hasText: own })).toHaveCount(0);

  // The operator downloads the eR responses as CSV: the file holds the searched rows.
  const context = await browser.newContext({ baseURL, acceptDownloads: true });
  const operator = await context.newPage();
  await signedIn(operator, OPERATOR);
  await operator.goto('/notisphere/er-response');
  await Promise.all([
    operator.waitForResponse(
      (r) => r.url().includes(`search=Staff+own+${stamp}`) || r.url().includes(`search=Staff%20own%20${stamp}`),
    ),
    operator.getByRole('searchbox', { name: 'Search' }).fill(`Staff own ${stamp}`),
  ]);
  await expect(operator.getByRole('row').filter({ hasText: own })).toHaveCount(1);
  const [download] = await Promise.all([
    operator.waitForEvent('download'),
    operator.getByRole('button', { name: 'CSV', exact: true }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^eR Responses Report \d\d-\d\d-\d{4}\.csv$/);
  const csv = await readFile((await download.path())!, 'utf8');
  const [header, ...lines] = csv
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\n');
  expect(header).toContain('Provider');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toContain(own);
  expect(lines[0]).toContain(RIVERSIDE);
  await context.close();
});
