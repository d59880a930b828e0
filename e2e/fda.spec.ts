import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { PASSWORD, signIn } from './support';

/**
 * Issue 15: public FDA records. The records come in the way an operator brings them: `pnpm cli fda import` on the
 * sample of data/openfda, against the running app's own database (the CLI joins the embedded server of DATA_DIR).
 */
const port = Number(process.env.E2E_PORT ?? 3111);
const root = new URL('..', import.meta.url).pathname;
const sample = JSON.parse(readFileSync(path.join(root, 'data', 'openfda', 'device-recall-examples.json'), 'utf8'));
const LOT = '13F18G0480';
const RECALL = 'Z-0053-2020';

test.beforeAll(async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'e2e-fda-'));
  const file = path.join(dir, 'device-recall-0001-of-0001.json');
  writeFileSync(
    file,
    JSON.stringify({ meta: sample.anatomy.meta, results: [sample.anatomy.results[0], sample.record] }),
  );
  const { stdout } = await promisify(execFile)('pnpm', ['cli', 'fda', 'import', file], {
    cwd: root,
    env: { ...process.env, DATA_DIR: `.data/e2e-${port}` },
    timeout: 120_000,
  });
  // A second worker may have imported them first: created or unchanged, never refused.
  expect(stdout).toMatch(/refused 0/);
});

async function supplierToken(request: APIRequestContext): Promise<Record<string, string>> {
  const login = await request.post('/api/auth/token', {
    data: { grant_type: 'password', email: 'recalls@acme.demo', password: PASSWORD, client_id: 'web' },
  });
  return { Authorization: `Bearer ${((await login.json()) as { d: { access_token: string } }).d.access_token}` };
}

test('the operator searches device recalls by lot number and opens the record', async ({ page }) => {
  await signIn(page, 'admin@operator.demo');
  await expect(page).toHaveURL(/\/notisphere\/dashboard$/);
  await page.goto('/notisphere/fda-devices');
  await expect(page.getByRole('heading', { name: 'FDA Devices' })).toBeVisible();
  await page.getByRole('searchbox').fill(LOT);
  const row = page.getByRole('row', { name: new RegExp(RECALL) });
  await expect(row).toBeVisible();
  await expect(page.getByRole('row', { name: /Z-0359-2013/ })).toHaveCount(0);
  await row.getByRole('button', { name: RECALL }).click();
  const record = page.getByTestId('fda-record');
  await expect(record.getByRole('heading', { name: RECALL })).toBeVisible();
  await expect(record.getByText('19605-9607')).toBeVisible();
  await expect(record.getByText(/Arrow International Inc/).first()).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`recall=${RECALL}`));
});

test('a supplier event with a recall number shows its FDA record', async ({ page, request }) => {
  const headers = await supplierToken(request);
  const step0 = await request.post('/api/supplier/communications/step0', {
    headers,
    data: {
      type: 'RECALL',
      name: `E2E FDA-linked recall ${Date.now()}`,
      subtype: 'REMOVAL',
      classification: 'CLASSII',
      fda_recall_numbers: [RECALL],
    },
  });
  expect(step0.ok(), await step0.text()).toBeTruthy();
  const id = ((await step0.json()) as { d: { id: number } }).d.id;

  await signIn(page, 'recalls@acme.demo');
  await expect(page).toHaveURL(/\/supplier\/recalls$/);
  await page.goto(`/supplier/recalls/view/${id}`);
  const linked = page.getByTestId('fda-linked-records');
  await expect(linked.getByText(RECALL)).toBeVisible();
  await expect(linked.getByText('Terminated')).toBeVisible();
  await expect(linked.getByText(/Arrow International Inc/)).toBeVisible();

  // The step-0 form shows the number for editing.
  await page.goto(`/supplier/recalls/edit/${id}`);
  await expect(page.getByLabel('FDA Recall Numbers')).toHaveValue(RECALL);
});
