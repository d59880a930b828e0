import ExcelJS from 'exceljs';
import type { Page } from '@playwright/test';
import { expect, linkIn, test } from './mail-server';
import { api, signIn, tokenFor } from './support';

/**
 * Custom content end to end: a supplier sends a recall whose product file gives Riverside and Lakeshore
 * their own lots, with a per-unit action (through the API: the wizard's parts have their own tests). Each provider, in
 * the browser, sees only its own lots and answers per unit: Riverside's user on the provider view, Lakeshore through a
 * delegate, who opens the e-mailed delegate link (hence the mail project). Each then downloads the Customized Content
 * Report, which holds its own rows and answers and not the other's.
 */

test('two providers each see only their own lots, answer per unit and download the Customized Content Report', async ({
  browser,
  request,
  baseURL,
  mailServer,
}) => {
  test.setTimeout(240_000);
  const name = `E2E custom content ${Date.now()}`;
  const supplier = await tokenFor(request, 'recalls@acme.demo');
  const { id } = await api<{ id: number }>(request, supplier, 'POST', '/supplier/communications/step0', {
    type: 'RECALL',
    name,
    classification: 'CLASSII',
  });
  await api(request, supplier, 'PUT', `/supplier/communications/${id}/custom-content`, { enabled: true });
  const csv = [
    'Customer Key,Product Name,Lot Number,Serial Number,Quantity',
    'PRV-0001,E2E pump,RIV-LOT-1,RIV-SN-1,2',
    'PRV-0001,E2E pump,RIV-LOT-2,RIV-SN-2,1',
    'PRV-0002,E2E pump,LAK-LOT-1,LAK-SN-1,4',
  ].join('\r\n');
  const uploaded = await request.post(`/api/supplier/communications/${id}/custom-content/file`, {
    headers: { Authorization: `Bearer ${supplier}` },
    multipart: { file: { name: 'customers.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) } },
  });
  expect(uploaded.ok(), await uploaded.text()).toBeTruthy();
  await api(request, supplier, 'POST', '/supplier/communications/step2', {
    id,
    actions: [{ action_type: 'Numeric', title: 'Units quarantined', is_required: true, per_unit: true }],
  });
  const providerIds: number[] = [];
  for (const email of ['admin@riverside.demo', 'admin@lakeshore.demo']) {
    const token = await tokenFor(request, email);
    const me = await api<{ organization: { id: number } }>(request, token, 'GET', '/me');
    providerIds.push(me.organization.id);
  }
  await api(request, supplier, 'POST', '/supplier/communications/step3', {
    id,
    provider_organization_ids: providerIds,
  });
  await api(request, supplier, 'PUT', `/supplier/communications/${id}/approve-recall/0/0`, {});
  await api(request, supplier, 'PUT', `/supplier/communications/${id}/send-notification/0`, {});

  for (const [email, mine, theirs, answers, delegate] of [
    ['admin@riverside.demo', ['RIV-LOT-1', 'RIV-LOT-2'], 'LAK-LOT-1', ['2', '1'], null],
    ['admin@lakeshore.demo', ['LAK-LOT-1'], 'RIV-LOT-1', ['3'], 'counter@lakeshore-outside.test'],
  ] as const) {
    const token = await tokenFor(request, email);
    const list = await api<{ items: { id: number; communication_id: number }[] }>(
      request,
      token,
      'GET',
      `/provider/communications?communicationType=RECALL&search=${encodeURIComponent(name)}`,
    );
    const pcId = list.items.find((r) => r.communication_id === id)!.id;
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    await signIn(page, email);
    await expect(page).not.toHaveURL(/\/login/);
    await page.goto(`/provider/recalls/view/${id}/${pcId}`);
    await expect(page.getByTestId('provider-view')).toBeVisible();

    // Its own lots only.
    await page.getByRole('tab', { name: 'Products' }).click();
    const products = page.getByRole('list', { name: 'Products' });
    for (const lot of mine) await expect(products.getByText(lot, { exact: true })).toBeVisible();
    await expect(products.getByText(theirs, { exact: true })).toHaveCount(0);

    if (delegate) {
      // The provider delegates the per-unit action; the delegate answers each unit on the e-mailed form.
      const view = await api<{ actions: { id: number; title: string }[] }>(
        request,
        token,
        'GET',
        `/provider/communications/${id}/provider-recall/${pcId}`,
      );
      const actionId = view.actions.find((a) => a.title === 'Units quarantined')!.id;
      await api(request, token, 'POST', `/provider/communications/${id}/${pcId}/${actionId}`, {
        email: delegate,
        message: 'Please count the units.',
      });
      const mail = await mailServer.waitForMail({ to: delegate, subjectOrText: name, timeout: 60_000 });
      const link = new URL(linkIn(mail, '/delegate-webform'));
      const delegateContext = await browser.newContext({ baseURL });
      const form = await delegateContext.newPage();
      await form.goto(`${link.pathname}${link.search}`);
      await expect(form.getByTestId('delegate-form')).toBeVisible();
      const delegated = form.getByRole('list', { name: 'Products' });
      for (const lot of mine) await expect(delegated.getByText(lot, { exact: true })).toBeVisible();
      await expect(form.getByText(theirs, { exact: true })).toHaveCount(0);
      await answerUnits(form, answers);
      await delegateContext.close();
      // The provider's view shows the delegate's answers.
      await page.reload();
      await page.getByRole('tab', { name: 'Actions' }).click();
      const inputs = unitInputs(page);
      for (const [i, value] of answers.entries()) await expect(inputs.nth(i)).toHaveValue(value);
    } else {
      await page.getByRole('tab', { name: 'Actions' }).click();
      await answerUnits(page, answers);
    }

    // The Customized Content Report from the view's Reports menu: its rows and answers, not the other's.
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Reports' }).click();
    await page.getByRole('menuitem', { name: 'Customized Content Report' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^Customized Content Report.*\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await download.path());
    const sheet = workbook.getWorksheet('Custom Content')!;
    const rows: string[][] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => (v == null ? '' : String(v)))));
    const [header = [], ...data] = rows;
    const lot = header.indexOf('Lot Number');
    const answer = header.indexOf('Units quarantined');
    expect(data.map((r) => [r[lot], r[answer]])).toEqual(mine.map((l, i) => [l, answers[i]]));
    expect(data.some((r) => r[lot] === theirs)).toBe(false);
    await context.close();
  }
});

/** The inputs of the per-unit action "Units quarantined", one per own row. */
const unitInputs = (page: Page) =>
  page.locator('fieldset', { has: page.locator('legend', { hasText: 'Units quarantined' }) }).getByRole('textbox');

/** Fills one answer per own row and saves them. */
async function answerUnits(page: Page, answers: readonly string[]) {
  const unit = page.locator('fieldset', { has: page.locator('legend', { hasText: 'Units quarantined' }) });
  const inputs = unitInputs(page);
  await expect(inputs).toHaveCount(answers.length);
  for (const [i, value] of answers.entries()) await inputs.nth(i).fill(value);
  await unit.getByRole('button', { name: 'Save unit answers' }).click();
  await expect(page.locator('[data-slot="toast-description"]', { hasText: 'Saved successfully.' })).toBeVisible();
}
