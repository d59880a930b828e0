import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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
/** A Class I drug recall of the demo supplier Acme, initiated three days ago: the provider dashboard's card shows it. */
const CLASS_ONE = 'D-0911-2026';
const threeDaysAgo = new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10).replaceAll('-', '');

test.beforeAll(async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'e2e-fda-'));
  const file = path.join(dir, 'device-recall-0001-of-0001.json');
  writeFileSync(
    file,
    JSON.stringify({ meta: sample.anatomy.meta, results: [sample.anatomy.results[0], sample.record] }),
  );
  writeFileSync(
    path.join(dir, 'drug-enforcement-0001-of-0001.json'),
    JSON.stringify({
      results: [
        {
          recall_number: CLASS_ONE,
          product_type: 'Drugs',
          status: 'Ongoing',
          classification: 'Class I',
          recalling_firm: 'Acme Medical Devices',
          recall_initiation_date: threeDaysAgo,
          product_description: 'Heparin flush syringes, 10 mL',
          reason_for_recall: 'Microbial contamination',
          code_info: 'Lot HF2611',
        },
      ],
    }),
  );
  try {
    const { stdout } = await promisify(execFile)('pnpm', ['cli', 'fda', 'import', dir], {
      cwd: root,
      env: { ...process.env, DATA_DIR: `.data/e2e-${port}` },
      timeout: 120_000,
    });
    // A second worker may have imported them first: created or unchanged, never refused.
    expect(stdout).toMatch(/refused 0/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
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

test('a provider that received an event of the recalling firm sees its Class I recall on the dashboard', async ({
  page,
  request,
}) => {
  const supplier = await supplierToken(request);
  const call = async <T>(method: 'POST' | 'PUT', url: string, data: unknown): Promise<T> => {
    const res = await request.fetch(`/api${url}`, { method, headers: supplier, data });
    expect(res.ok(), await res.text()).toBeTruthy();
    return ((await res.json()) as { d: T }).d;
  };
  const providerLogin = await request.post('/api/auth/token', {
    data: { grant_type: 'password', email: 'admin@riverside.demo', password: PASSWORD, client_id: 'web' },
  });
  const provider = {
    Authorization: `Bearer ${((await providerLogin.json()) as { d: { access_token: string } }).d.access_token}`,
  };
  const sites = (
    (await (await request.get('/api/provider/communications/meta-sites', { headers: provider })).json()) as {
      d: { id: number; name: string }[];
    }
  ).d;
  const riverside = sites.find((s) => s.name === 'Riverside Health') ?? sites[0]!;
  // Acme sends Riverside an event: Acme's name is the FDA record's recalling firm.
  const { id } = await call<{ id: number }>('POST', '/supplier/communications/step0', {
    type: 'RECALL',
    name: `E2E FDA card ${Date.now()}`,
    subtype: 'REMOVAL',
    classification: 'CLASSI',
  });
  await call('POST', '/supplier/communications/step1', { id, products: [{ product_name: 'Flush syringe' }] });
  await call('POST', '/supplier/communications/step2', {
    id,
    actions: [{ action_type: 'Acknowledge', title: 'Acknowledge the notice', is_required: true }],
  });
  await call('POST', '/supplier/communications/step3', { id, provider_organization_ids: [riverside.id] });
  await call('PUT', `/supplier/communications/${id}/approve-recall/0/0`, {});
  await call('PUT', `/supplier/communications/${id}/send-notification/0`, {});

  await signIn(page, 'admin@riverside.demo');
  // A coordinator lands on the worklist; the FDA card is on the dashboard.
  await expect(page).toHaveURL(/\/provider\/worklist$/);
  await page.goto('/provider/dashboard');
  const card = page.getByRole('region', { name: 'FDA Class I recalls' });
  // Longer than 25 characters: cut, with the whole description on hover.
  await expect(card.getByTitle('Heparin flush syringes, 10 mL')).toBeVisible();
  await card.getByRole('button', { name: CLASS_ONE }).click();
  const record = page.getByTestId('fda-record');
  await expect(record.getByRole('heading', { name: CLASS_ONE })).toBeVisible();
  await expect(record.getByText('Microbial contamination')).toBeVisible();
});
