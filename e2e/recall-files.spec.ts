import { readFile } from 'node:fs/promises';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { api, sendRecall, signIn, tokenFor } from './support';

/**
 * Issue 33, item 1: what a hospital uploads, the supplier can open. A provider answers a Document action with a PDF;
 * the supplier finds it by name on the recall's Actions tab, previews it in the File Preview, downloads it, and
 * downloads every file of the recall as one zip with its manifest.
 */

const SUPPLIER = 'recalls@acme.demo';
const PROVIDER = 'admin@riverside.demo';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
const FILE = 'destruction certificate.pdf';

/** A page of its own (own cookies and storage) signed in as `email`. */
async function signedInPage(browser: Browser, baseURL: string, email: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, acceptDownloads: true });
  const page = await context.newPage();
  await signIn(page, email);
  await expect(page).not.toHaveURL(/\/login/);
  return page;
}

test('a provider uploads a document answer; the supplier previews it, downloads it and every file as a zip', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const name = `Files recall ${Date.now()}`;
  const supplier = await tokenFor(request, SUPPLIER);
  const provider = await tokenFor(request, PROVIDER);
  const me = await api<{ organization: { id: number } }>(request, provider, 'GET', '/me');
  const id = await sendRecall(request, supplier, {
    info: { name, subtype: 'REMOVAL', classification: 'CLASSII' },
    products: [{ product_name: 'E2E pump', lot_number: 'F-1' }],
    actions: [{ action_type: 'Document', title: 'Destruction certificate', is_required: true }],
    providerOrganizationIds: [me.organization.id],
  });
  const progress = await api<{ items: { provider_communication_id: number }[] }>(
    request,
    supplier,
    'GET',
    `/supplier/communications/${id}/actions/provider`,
  );
  const pcId = progress.items[0]!.provider_communication_id;

  // The provider answers with a PDF and submits.
  const providerPage = await signedInPage(browser, baseURL!, PROVIDER);
  await providerPage.goto(`/provider/recalls/view/${id}/${pcId}`);
  await providerPage.getByRole('tab', { name: 'Actions' }).click();
  const action = providerPage.locator('fieldset', {
    has: providerPage.locator('legend', { hasText: 'Destruction certificate' }),
  });
  await action.locator('input[type=file]').setInputFiles({ name: FILE, mimeType: 'application/pdf', buffer: PDF });
  await expect(action.getByText(FILE)).toBeVisible();
  await providerPage.getByRole('button', { name: 'Submit' }).click();
  await expect(providerPage.getByText('Your response has been submitted.').first()).toBeVisible();
  await providerPage.context().close();

  // The supplier sees the answer by the file's name on the Actions tab.
  const page = await signedInPage(browser, baseURL!, SUPPLIER);
  await page.goto(`/supplier/recalls/view/${id}?tab=actions`);
  await page.getByRole('button', { name: /Destruction certificate/ }).click();
  const answers = page.getByRole('dialog', { name: 'Answers' });
  const fileButton = answers.getByRole('button', { name: FILE });
  await expect(fileButton).toBeVisible();

  // Preview: the PDF in place, under the strict CSP (its inline signed link may be framed by this origin).
  await fileButton.click();
  const preview = page.getByRole('dialog', { name: 'File Preview' });
  await expect(preview.getByText(FILE)).toBeVisible();
  const frame = preview.locator('iframe');
  await expect(frame).toHaveAttribute('src', /^\/api\/files\//);
  const inline = await page.request.get((await frame.getAttribute('src'))!);
  expect(inline.status()).toBe(200);
  expect(inline.headers()['content-disposition']).toMatch(/^inline/);
  // The PDF viewer takes the keyboard: close with the dialog's own button.
  await preview.getByRole('button', { name: 'Close' }).click();
  await expect(preview).toBeHidden();

  // Download the one file: its own name and bytes.
  const [single] = await Promise.all([
    page.waitForEvent('download'),
    // (The link's own words come with the catalogs; its place in the file's row is what the test needs.)
    answers.locator('[data-slot="answer-file"]', { hasText: FILE }).getByRole('link').click(),
  ]);
  expect(single.suggestedFilename()).toBe(FILE);
  expect((await readFile((await single.path())!)).equals(PDF)).toBe(true);
  await answers.getByRole('button', { name: 'Close' }).click();
  await expect(answers).toBeHidden();

  // Download every file of the recall as one zip: the manifest and the file, under the customer's folder.
  const [zip] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-all-files').click()]);
  expect(zip.suggestedFilename()).toMatch(/^Answer Files Files recall \d+ \d\d-\d\d-\d{4}\.zip$/);
  const bytes = await readFile((await zip.path())!);
  expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
  // Entry names are stored as written in a zip's headers (the manifest's lines are deflated; the API test reads them).
  const text = bytes.toString('latin1');
  expect(text).toContain('manifest.csv');
  expect(text).toMatch(/Riverside Health\/\d+-destruction certificate\.pdf/);
  await expect(page.getByTestId('download-all-files')).toBeEnabled();
});
