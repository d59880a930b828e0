import { execFileSync } from 'node:child_process';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { PASSWORD } from './support';

/**
 * The whole loop of a recall: a supplier sends it (through the API), the recipient answers every action type through
 * the public form, a provider user delegates one action and the delegate answers it, and the supplier sees COMPLETED.
 * Links are read from the outbox (no SMTP_URL in the e2e server), with the CLI against the e2e data directory.
 */
const port = Number(process.env.E2E_PORT ?? 3111);
const dataDir = `.data/e2e-${port}`;
const RIVERSIDE = 'Riverside Health';

async function tokenFor(request: APIRequestContext, email: string): Promise<string> {
  const res = await request.post('/api/auth/token', { data: { client_id: 'portal-web', grant_type: 'password', email, password: PASSWORD } });
  const body = (await res.json()) as { d: { access_token: string } };
  return body.d.access_token;
}

async function api<T>(request: APIRequestContext, token: string, method: 'GET' | 'POST' | 'PUT', path: string, data?: unknown): Promise<T> {
  const res = await request.fetch(`/api${path}`, { method, data, headers: { Authorization: `Bearer ${token}` } });
  const body = (await res.json()) as { ok: boolean; m: string; d: T };
  expect(body.ok, `${method} ${path}: ${body.m}`).toBe(true);
  return body.d;
}

/** The newest link of `path` in an email to `to` whose subject names the event. */
function linkFromOutbox(to: string, eventName: string, path: string): string {
  for (let attempt = 0; attempt < 10; attempt += 1) {
    const out = execFileSync('pnpm', ['-s', 'cli', 'outbox', 'list', '--full', '--to', to, '--limit', '50'], {
      env: { ...process.env, DATA_DIR: dataDir },
      encoding: 'utf8',
    });
    const mails = out.split(/\n(?=#\d+\s)/).filter((m) => m.includes(eventName));
    for (const mail of mails) {
      const match = mail.match(new RegExp(`https?://[^\\s]*${path.replace(/\//g, '\\/')}\\?token=[A-Za-z0-9_-]+`));
      if (match) return new URL(match[0]).pathname + new URL(match[0]).search;
    }
  }
  throw new Error(`no ${path} link to ${to} about ${eventName}`);
}

async function signIn(page: Page, email: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

test('a recall goes from supplier to recipient, provider, delegate and back to the supplier as COMPLETED', async ({ page, request }) => {
  test.setTimeout(120_000);
  const name = `E2E provider loop ${Date.now()}`;
  const supplier = await tokenFor(request, 'recalls@acme.demo');
  const provider = await tokenFor(request, 'admin@riverside.demo');
  const sites = await api<{ id: number; name: string }[]>(request, provider, 'GET', '/provider/communications/meta-sites');
  const riverside = sites.find((s) => s.name === RIVERSIDE) ?? sites[0];
  expect(riverside).toBeTruthy();

  const created = await api<{ id: number }>(request, supplier, 'POST', '/supplier/communications/step0', { type: 'RECALL', name, event_id: 'E2E-PL-1', subtype: 'PRODUCTADVISORY', classification: 'CLASSIII', disposition: 'Destroyed' });
  const id = created.id;
  await api(request, supplier, 'POST', '/supplier/communications/step1', { id, products: [{ product_name: 'E2E gown', lot_number: 'L-1' }] });
  await api(request, supplier, 'POST', '/supplier/communications/step2', {
    id,
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
  });
  await api(request, supplier, 'POST', '/supplier/communications/step3', { id, provider_organization_ids: [riverside!.id] });
  await api(request, supplier, 'PUT', `/supplier/communications/${id}/approve-recall/0/0`, {});
  await api(request, supplier, 'PUT', `/supplier/communications/${id}/send-notification/0`, {});

  // The recipient answers every action type but the last through the public form.
  await page.goto(linkFromOutbox('admin@riverside.demo', name, '/provider/recall-notice-webform'));
  await expect(page.getByRole('heading', { name })).toBeVisible();
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
  await action('Photo of the stock').locator('input[type=file]').setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: PNG });
  await expect(action('Photo of the stock').getByText('photo.png')).toBeVisible();
  await action('Destruction certificate').locator('input[type=file]').setInputFiles({ name: 'certificate.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(action('Destruction certificate').getByText('certificate.pdf')).toBeVisible();
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByText('Your draft has been saved.').first()).toBeVisible();
  // The last action is left for the delegate: submitting now must name it.
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(action('Pharmacy sign-off').getByText('Field required')).toBeVisible();

  // A provider user delegates that action from the provider view.
  const list = await api<{ items: { id: number; communication_id: number }[] }>(request, provider, 'GET', '/provider/communications?communicationType=RECALL&search=' + encodeURIComponent(name));
  const pcId = list.items.find((r) => r.communication_id === id)!.id;
  await signIn(page, 'admin@riverside.demo');
  await page.goto(`/provider/recalls/view/${id}/${pcId}`);
  await expect(page.getByTestId('provider-view')).toBeVisible();
  await page.getByRole('tab', { name: 'Delegates' }).click();
  const delegateEmail = `delegate-${Date.now()}@example.com`;
  await page.getByLabel('Email').fill(delegateEmail);
  await page.getByRole('combobox').click();
  await page.getByRole('option', { name: 'Pharmacy sign-off' }).click();
  await page.getByRole('button', { name: 'Delegate', exact: true }).click();
  await expect(page.getByText(delegateEmail)).toBeVisible();

  // The delegate answers through the delegate form, opened with the e-mailed link exactly as sent (token only).
  const delegateLink = linkFromOutbox(delegateEmail, name, '/delegate-webform');
  await page.goto(delegateLink);
  await expect(page.getByTestId('delegate-form')).toBeVisible();
  await expect(page.locator('fieldset')).toHaveCount(1);
  await action('Pharmacy sign-off').getByRole('textbox').fill('Signed off by pharmacy');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByTestId('delegate-confirmation')).toBeVisible();

  // The recipient submits the rest and lands on the confirmation page.
  await page.goto(linkFromOutbox('admin@riverside.demo', name, '/provider/recall-notice-webform'));
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await expect(action('Photo of the stock').getByText('photo.png')).toBeVisible();
  await page.getByRole('button', { name: 'Submit' }).click({ timeout: 20_000 });
  await expect(page).toHaveURL(new RegExp(`/provider/recall-notice-webform/confirmation/\\d+/${id}/${pcId}/RECALL`));

  // The supplier side shows the notice COMPLETED.
  const customers = await api<{ items: Record<string, unknown>[] }>(request, supplier, 'GET', `/supplier/communications/${id}/customers`);
  expect(JSON.stringify(customers.items)).toContain('COMPLETED');
});
