import { expect, linkIn, test } from './mail-server';
import { api, signIn, tokenFor } from './support';

/** A GTIN-14 with its GS1 check digit. */
function gtinOf(body13: string): string {
  let sum = 0;
  for (let i = 0; i < 13; i++) sum += Number(body13[12 - i]) * (i % 2 === 0 ? 3 : 1);
  return `${body13}${(10 - (sum % 10)) % 10}`;
}

/**
 * Issue 38, items 3 to 5 end to end: a provider imports an item master; a recall of one of its products arrives (a
 * custom-content recall whose rows carry the product's UDI) and the notice shows "likely affected" with the units,
 * departments and sites; on the e-mailed notice form a typed wedge scan answers a unit's row; a second recall of a
 * product the provider does not hold shows no match and is answered "not affected" in one step.
 */
test('a recall of a held product shows likely affected, a unit is scanned, a second is answered not affected', async ({
  page,
  browser,
  request,
  baseURL,
  mailServer,
}) => {
  test.setTimeout(300_000);
  const stamp = Date.now();
  const gtin = gtinOf(`00${String(stamp).slice(-11)}`);
  const [lot1, lot2] = [`M${stamp}A`, `M${stamp}B`];
  const [sn1, sn2] = [`S${stamp}1`, `S${stamp}2`];

  // 1. The item master: GTIN written without its leading zeros, two departments at two sites.
  await signIn(page, 'admin@riverside.demo');
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto('/provider/inventory');
  await page.getByTestId('inventory-import').click();
  const dialog = page.getByTestId('import-dialog');
  await dialog.getByLabel('File (.csv or .xlsx)').setInputFiles({
    name: `master-${stamp}.csv`,
    mimeType: 'text/csv',
    buffer: Buffer.from(
      [
        'Item GTIN,Mfr,Catalog #,Description,Lot/Batch,On Hand,Cost Center,Location',
        `${gtin.replace(/^0+/, '')},Acme Medical Devices Inc.,E2E-${stamp},E2E pump,${lot1},4,ICU,Riverside North Campus`,
        `${gtin},ACME MEDICAL DEVICES,E2E-${stamp},E2E pump,${lot2},2,OR,Riverside South Clinic`,
      ].join('\n'),
    ),
  });
  await dialog.getByRole('button', { name: 'Next' }).click();
  await dialog.getByTestId('import-confirm').click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Import' }).click();
  await expect(dialog.getByTestId('import-result')).toContainText('2 created', { timeout: 30_000 });
  await dialog.getByRole('button', { name: 'Close' }).last().click();

  // 2. The supplier sends a recall whose rows for Riverside are those units, with a per-unit action.
  const supplier = await tokenFor(request, 'recalls@acme.demo');
  const provider = await tokenFor(request, 'admin@riverside.demo');
  const riverside = (await api<{ organization: { id: number } }>(request, provider, 'GET', '/me')).organization.id;
  const name = `E2E matched recall ${stamp}`;
  const { id } = await api<{ id: number }>(request, supplier, 'POST', '/supplier/communications/step0', {
    type: 'RECALL',
    name,
    classification: 'CLASSII',
  });
  await api(request, supplier, 'PUT', `/supplier/communications/${id}/custom-content`, { enabled: true });
  const rows = [
    'Customer Key,Product Name,Lot Number,Serial Number,UDI,Quantity',
    `PRV-0001,E2E pump,${lot1},${sn1},(01)${gtin},1`,
    `PRV-0001,E2E pump,${lot2},${sn2},(01)${gtin},1`,
  ].join('\r\n');
  const uploaded = await request.post(`/api/supplier/communications/${id}/custom-content/file`, {
    headers: { Authorization: `Bearer ${supplier}` },
    multipart: { file: { name: 'customers.csv', mimeType: 'text/csv', buffer: Buffer.from(rows) } },
  });
  expect(uploaded.ok(), await uploaded.text()).toBeTruthy();
  await api(request, supplier, 'POST', '/supplier/communications/step2', {
    id,
    actions: [{ action_type: 'Numeric', title: 'Units found', is_required: true, per_unit: true }],
  });
  await api(request, supplier, 'POST', '/supplier/communications/step3', {
    id,
    provider_organization_ids: [riverside],
  });
  await api(request, supplier, 'PUT', `/supplier/communications/${id}/approve-recall/0/0`, {});
  await api(request, supplier, 'PUT', `/supplier/communications/${id}/send-notification/0`, {});

  // 3. On the notice: likely affected, with the units, departments and sites.
  const pcOf = async (communicationId: number, search: string) => {
    const list = await api<{ items: { id: number; communication_id: number }[] }>(
      request,
      provider,
      'GET',
      `/provider/communications?communicationType=RECALL&search=${encodeURIComponent(search)}`,
    );
    return list.items.find((r) => r.communication_id === communicationId)!.id;
  };
  const pcId = await pcOf(id, name);
  await page.goto(`/provider/recalls/view/${id}/${pcId}`);
  const panel = page.getByTestId('item-master-matches');
  await expect(panel.getByTestId('likely-affected')).toHaveText(
    'Likely affected: 6 units in 2 departments at 2 sites',
    { timeout: 60_000 },
  );
  await expect(panel.getByTestId('match-row')).toHaveCount(2);
  await expect(panel.getByTestId('match-row').first()).toContainText('Same UDI-DI, lot or serial listed');

  // 4. The e-mailed notice form: a wedge scanner types the unit's GS1 string ("~" for the group separator).
  const link = linkIn(
    await mailServer.waitForMail({ to: 'admin@riverside.demo', subjectOrText: name }),
    '/provider/recall-notice-webform',
  );
  const formContext = await browser.newContext({ baseURL });
  const form = await formContext.newPage();
  const url = new URL(link);
  await form.goto(`${url.pathname}${url.search}`);
  // (The scan field's label is the action's: "Scan a unit for Units found".)
  const scan = form.getByTestId(/^unit-scan-/).getByRole('textbox');
  await scan.fill(`01${gtin}10${lot2}~21${sn2}`);
  await scan.press('Enter');
  await expect(form.getByRole('textbox', { name: `E2E pump ${sn2}` })).toHaveValue('1');
  await expect(form.getByRole('textbox', { name: `E2E pump ${sn1}` })).toHaveValue('');
  await form.getByRole('button', { name: 'Save unit answers' }).click();
  await expect(form.locator('[data-slot="toast-description"]', { hasText: 'Saved successfully.' })).toBeVisible();
  await formContext.close();

  // 5. A recall of a product Riverside does not hold: no match, answered "not affected" in one step (asks first).
  const other = `E2E unmatched recall ${stamp}`;
  const { id: second } = await api<{ id: number }>(request, supplier, 'POST', '/supplier/communications/step0', {
    type: 'RECALL',
    name: other,
    classification: 'CLASSII',
  });
  await api(request, supplier, 'POST', '/supplier/communications/step1', {
    id: second,
    products: [{ product_name: 'E2E stapler', catalog_number: `NOPE-${stamp}`, udi: gtinOf('0099999999999') }],
  });
  await api(request, supplier, 'POST', '/supplier/communications/step2', {
    id: second,
    actions: [{ action_type: 'Acknowledge', title: 'Acknowledge', is_required: true }],
  });
  await api(request, supplier, 'POST', '/supplier/communications/step3', {
    id: second,
    provider_organization_ids: [riverside],
  });
  await api(request, supplier, 'PUT', `/supplier/communications/${second}/approve-recall/0/0`, {});
  await api(request, supplier, 'PUT', `/supplier/communications/${second}/send-notification/0`, {});
  const secondPc = await pcOf(second, other);
  await page.goto(`/provider/recalls/view/${second}/${secondPc}`);
  await expect(page.getByTestId('no-match')).toContainText('No match in your item master (as of', { timeout: 60_000 });
  await page.getByTestId('item-master-matches').getByRole('button', { name: 'Not affected' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Not affected' }).click();
  await expect(page.getByTestId('not-affected-answer')).toContainText('No match in our item master', {
    timeout: 30_000,
  });

  // The supplier sees per customer only whether the customer's records found the product.
  const checks = await api<{ state: string }[]>(
    request,
    supplier,
    'GET',
    `/supplier/communications/${id}/inventory-checks`,
  );
  expect(checks.map((c) => c.state)).toEqual(['FOUND']);
});
