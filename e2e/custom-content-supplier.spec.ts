import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { api, signIn, tokenFor } from './support';

/**
 * Custom content, the supplier's side, in the browser: step 1 offers the template and reads it back
 * filled in, shows the rows read; once the providers answered per unit (through the API), the event view's Products
 * tab shows each customer's rows with their answers, narrowed to one customer.
 */

test('the supplier fills the template in step 1, sees the rows, and later each customer’s per-unit answers', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const name = `E2E supplier rows ${Date.now()}`;
  const supplier = await tokenFor(request, 'recalls@acme.demo');
  const { id } = await api<{ id: number }>(request, supplier, 'POST', '/supplier/communications/step0', {
    type: 'RECALL',
    name,
    classification: 'CLASSII',
  });
  await api(request, supplier, 'PUT', `/supplier/communications/${id}/custom-content`, { enabled: true });

  await signIn(page, 'recalls@acme.demo');
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto(`/supplier/recalls/edit/${id}?step=1`);
  const panel = page.getByTestId('custom-content');
  await expect(panel).toBeVisible();

  // The template: the header row the reader accepts.
  const downloading = page.waitForEvent('download');
  await panel.getByRole('button', { name: 'Download template (CSV)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^Custom Content Template .*\.csv$/);
  const template = readFileSync((await download.path())!, 'utf8').replace(/^\ufeff/, '');
  const header = template.split('\n')[0]!.split(',');
  expect(header.slice(0, 8)).toEqual([
    'Customer Key',
    'Product Name',
    'Catalog Number',
    'Lot Number',
    'Serial Number',
    'UDI',
    'Quantity',
    'Expiration Date',
  ]);
  const row = (key: string, lot: string, serial: string) =>
    header
      .map((h) =>
        h === 'Customer Key'
          ? key
          : h === 'Product Name'
            ? 'E2E pump'
            : h === 'Lot Number'
              ? lot
              : h === 'Serial Number'
                ? serial
                : h === 'Quantity'
                  ? '1'
                  : '',
      )
      .join(',');
  const filled = [
    header.join(','),
    row('PRV-0001', 'SUP-RIV-1', 'SN-R1'),
    row('PRV-0001', 'SUP-RIV-2', 'SN-R2'),
    row('PRV-0002', 'SUP-LAK-1', 'SN-L1'),
  ].join('\n');
  await panel
    .getByLabel('Customer product file')
    .setInputFiles({ name: 'customers.csv', mimeType: 'text/csv', buffer: Buffer.from(filled) });
  const grid = page.getByTestId('custom-rows');
  await expect(grid.getByRole('row', { name: /SUP-RIV-1/ })).toBeVisible();
  await expect(grid.getByRole('row', { name: /SUP-LAK-1/ })).toBeVisible();

  // Actions, customers, approval and sending through the API; the providers answer per unit.
  await api(request, supplier, 'POST', '/supplier/communications/step2', {
    id,
    actions: [{ action_type: 'Numeric', title: 'Units found', is_required: true, per_unit: true }],
  });
  const providers: { token: string; org: number }[] = [];
  for (const email of ['admin@riverside.demo', 'admin@lakeshore.demo']) {
    const token = await tokenFor(request, email);
    const me = await api<{ organization: { id: number } }>(request, token, 'GET', '/me');
    providers.push({ token, org: me.organization.id });
  }
  await api(request, supplier, 'POST', '/supplier/communications/step3', {
    id,
    provider_organization_ids: providers.map((p) => p.org),
  });
  await api(request, supplier, 'PUT', `/supplier/communications/${id}/approve-recall/0/0`, {});
  await api(request, supplier, 'PUT', `/supplier/communications/${id}/send-notification/0`, {});
  for (const [i, provider] of providers.entries()) {
    const list = await api<{ items: { id: number; communication_id: number }[] }>(
      request,
      provider.token,
      'GET',
      `/provider/communications?communicationType=RECALL&search=${encodeURIComponent(name)}`,
    );
    const pcId = list.items.find((r) => r.communication_id === id)!.id;
    const view = await api<{ products: { id: number }[]; actions: { id: number }[] }>(
      request,
      provider.token,
      'GET',
      `/provider/communications/${id}/provider-recall/${pcId}`,
    );
    await api(
      request,
      provider.token,
      'PUT',
      `/provider/communications/${id}/${pcId}/actions/${view.actions[0]!.id}/units`,
      {
        answers: view.products.map((p, n) => ({ rowId: p.id, valueNumeric: String(10 * (i + 1) + n) })),
      },
    );
  }

  // The event view: each customer's rows with their answers; the filter narrows to one customer.
  await page.goto(`/supplier/recalls/view/${id}`);
  await page.getByRole('tab', { name: 'Products' }).click();
  const rows = page.getByTestId('custom-rows');
  await expect(rows.getByRole('columnheader', { name: 'Units found' })).toBeVisible();
  await expect(rows.getByRole('row', { name: /SUP-RIV-2/ })).toContainText('11');
  await expect(rows.getByRole('row', { name: /SUP-LAK-1/ })).toContainText('20');
  await rows.getByRole('combobox', { name: 'Customer' }).click();
  await page.getByRole('option', { name: /^Lakeshore Medical Center/ }).click();
  await expect(rows.getByRole('row', { name: /SUP-RIV-1/ })).toHaveCount(0);
  await expect(rows.getByRole('row', { name: /SUP-LAK-1/ })).toBeVisible();
});
