import ExcelJS from 'exceljs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { PASSWORD, signIn } from './support';

/**
 * Paper responses (spec 001 §7.5) in the browser: a Recall Coordinator keys in one customer's paper form through the
 * Paper Responses tab, then downloads the Paper Response Template, fills in the other customer's row and imports it.
 * Both customers end COMPLETED, as the electronic answers would have made them.
 */
const COORDINATOR = 'recalls@acme.demo';

async function api<T>(
  request: APIRequestContext,
  token: string,
  method: 'POST' | 'PUT',
  path: string,
  data: unknown,
): Promise<T> {
  const answer = await request.fetch(`/api/supplier/communications${path}`, {
    method,
    data,
    headers: { Authorization: `Bearer ${token}` },
  });
  const body = (await answer.json()) as { ok: boolean; m: string; d: T };
  expect(body.ok, `${method} ${path}: ${body.m}`).toBe(true);
  return body.d;
}

/** A sent recall with three required actions and two outside customers, built through the step API. */
async function sentRecall(request: APIRequestContext, name: string): Promise<number> {
  const login = await request.post('/api/auth/token', {
    data: { grant_type: 'password', email: COORDINATOR, password: PASSWORD },
  });
  const token = ((await login.json()) as { d: { access_token: string } }).d.access_token;
  const { id } = await api<{ id: number }>(request, token, 'POST', '/step0', {
    type: 'RECALL',
    name,
    subtype: 'REMOVAL',
    classification: 'CLASSII',
  });
  await api(request, token, 'POST', '/step1', { id, products: [{ product_name: 'Paper gown', lot_number: 'P-1' }] });
  await api(request, token, 'POST', '/step2', {
    id,
    actions: [
      { action_type: 'Acknowledge', title: 'Acknowledge the notice', is_required: true },
      { action_type: 'Text', title: 'What was done', is_required: true },
      { action_type: 'YesNo', title: 'Stock quarantined', is_required: true },
    ],
  });
  await api(request, token, 'POST', '/step3', {
    id,
    customers: [
      { name: 'Paper Clinic North', email: `north-${Date.now()}@paper.test` },
      { name: 'Paper Clinic South', email: `south-${Date.now()}@paper.test` },
    ],
  });
  await api(request, token, 'PUT', `/${id}/approve-recall/0/0`, {});
  await api(request, token, 'PUT', `/${id}/send-notification/0`, {});
  return id;
}

/** Today as the date pickers and the template write it (MM/DD/YYYY); a response cannot predate the notice. */
function today(): string {
  const d = new Date();
  return `${String(d.getMonth() + 1).padStart(2, '0')}/${String(d.getDate()).padStart(2, '0')}/${d.getFullYear()}`;
}

function paperTab(page: Page) {
  return page.getByTestId('paper-responses-tab');
}

test('a coordinator keys in one paper form and imports another from the filled template; both customers complete', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const name = `E2E paper ${Date.now()}`;
  const id = await sentRecall(request, name);

  await signIn(page, COORDINATOR);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto(`/supplier/recalls/view/${id}`);
  await page.getByRole('tab', { name: 'Paper Responses' }).click();

  // One paper form keyed in by hand.
  await paperTab(page).getByRole('button', { name: 'Add paper response' }).click();
  const form = page.getByTestId('paper-response-form');
  await form.getByRole('combobox', { name: 'Provider' }).click();
  await page.getByRole('option', { name: 'Paper Clinic North' }).click();
  await form.getByLabel('Responder Name').fill('Nurse Paper');
  const responseDate = form.getByRole('textbox', { name: 'Response Date' });
  await responseDate.fill(today());
  await responseDate.press('Enter');
  const action = (title: string) => form.locator('fieldset', { has: page.locator('legend', { hasText: title }) });
  await action('Acknowledge the notice').getByRole('checkbox').click();
  await action('What was done').getByRole('textbox').fill('Pulled from the shelves');
  await action('Stock quarantined').getByLabel('Yes').click();
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(
    page.locator('[data-slot="toast-description"]', { hasText: 'The paper response has been saved.' }),
  ).toBeVisible();
  const northRow = paperTab(page).getByRole('row', { name: /Paper Clinic North/ });
  await expect(northRow).toContainText('Nurse Paper');
  await expect(northRow).toContainText('Completed');

  // The other one through the template: download, fill the South row, import.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    paperTab(page).getByRole('button', { name: 'Download template' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^Paper Response Template .*\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await download.path());
  const sheet = workbook.worksheets[0]!;
  const headers = Array.from(sheet.getRow(1).values as unknown[], (v) => String(v ?? ''));
  const column = (prefix: string) => {
    const index = headers.findIndex((h) => h.startsWith(prefix));
    expect(index, `template column ${prefix}`).toBeGreaterThan(0);
    return index;
  };
  let south = 0;
  sheet.eachRow((row, number) => {
    if (String(row.getCell(column('Customer Name')).value) === 'Paper Clinic South') south = number;
  });
  expect(south).toBeGreaterThan(1);
  const row = sheet.getRow(south);
  row.getCell(column('Responder Name')).value = 'Pharmacist Paper';
  row.getCell(column('Response Date')).value = today();
  row.getCell(column('Acknowledge the notice (')).value = 'Yes';
  row.getCell(column('What was done (')).value = 'Destroyed on site';
  row.getCell(column('Stock quarantined (')).value = 'No';
  row.commit();
  const filled = Buffer.from(await workbook.xlsx.writeBuffer());
  await paperTab(page).getByLabel('Filled Paper Response Template').setInputFiles({
    name: 'filled.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: filled,
  });
  await expect(
    page.locator('[data-slot="toast-description"]', { hasText: '1 paper response(s) imported.' }),
  ).toBeVisible();
  const southRow = paperTab(page).getByRole('row', { name: /Paper Clinic South/ });
  await expect(southRow).toContainText('Pharmacist Paper');
  await expect(southRow).toContainText('Completed');

  // The supplier's tracking counts them: both customers are completed.
  await page.getByRole('tab', { name: 'Customers' }).click();
  for (const customer of ['Paper Clinic North', 'Paper Clinic South']) {
    await expect(page.getByRole('row', { name: new RegExp(customer) })).toContainText('Completed');
  }
});
