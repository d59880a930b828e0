import { expect, test } from '@playwright/test';
import { api, signIn, tokenFor } from './support';

/**
 * Issue 33, item 16: the wizard's recipients step (step 4) as Acme's administrator meets it. The locations menu lists
 * the supplier's location files (and all its locations, typed in one by one in the demo world); the providers ticked
 * stay ticked after saving; each recipient so far has a Remove that asks first; the URL follows the step, and a link
 * to a step the draft has not reached opens the first step still to do.
 */

const SUPPLIER = 'admin@acme.demo';
const BASE = '/supplier/communications';

test('wizard step 4: the location file menu, ticks that stay, Remove that asks, and the step in the URL', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  const token = await tokenFor(request, SUPPLIER);

  // A location file of one clinic reached by its own address.
  const fileName = `e2e-wizard-${stamp}.csv`;
  const upload = await request.post('/api/supplier/location-files', {
    headers: { Authorization: `Bearer ${token}` },
    multipart: {
      file: {
        name: fileName,
        mimeType: 'text/csv',
        buffer: Buffer.from(
          `location_id,location_name,address1,city,state,zip,email\nE2E-WIZ-${stamp},E2E Wizard Clinic ${stamp},5 Elm St,Austin,TX,73301,wizard-${stamp}@example.org\n`,
        ),
      },
    },
  });
  expect(upload.ok(), await upload.text()).toBeTruthy();

  // A draft whose information, products and actions are saved.
  const { id } = await api<{ id: number }>(request, token, 'POST', `${BASE}/step0`, {
    type: 'RECALL',
    name: `E2E wizard recipients ${stamp}`,
    subtype: 'CORRECTION',
    classification: 'CLASSII',
    description: '<p>Check the pumps.</p>',
  });
  await api(request, token, 'POST', `${BASE}/step1`, { id, products: [{ product_name: 'Pump' }] });
  await api(request, token, 'POST', `${BASE}/step2`, { id, actions: [{ action_type: 'Acknowledge', title: 'Seen' }] });

  await signIn(page, SUPPLIER);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto(`/supplier/recalls/edit/${id}?step=3`);
  const step = page.getByTestId('step-recipients');
  await expect(step).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/supplier/recalls/edit/${id}\\?step=3$`));

  // The locations menu: every location, and the file by its name.
  await page.getByRole('combobox', { name: 'Locations', exact: true }).click();
  await expect(page.getByRole('option', { name: /^All my locations \(\d+\)$/ })).toBeVisible();
  await page.getByRole('option', { name: `Location file: ${fileName}`, exact: true }).click();

  // A provider ticked, saved: still ticked (a recipient now), not cleared.
  const riverside = step.getByRole('checkbox', { name: /^Riverside Health/ });
  await riverside.click();
  await expect(riverside).toBeChecked();
  await page.getByRole('button', { name: 'Save recipients' }).click();
  await expect(page.getByText('Recipients added.', { exact: true })).toBeVisible();
  await expect(page.getByTestId('recipient-count')).toHaveText('Recipients so far: 2');
  await expect(riverside).toBeChecked();
  await expect(riverside).toBeDisabled();

  // Remove asks first: Cancel keeps the recipient, Remove removes it.
  const list = page.getByTestId('recipients-so-far');
  const clinic = `E2E Wizard Clinic ${stamp}`;
  await expect(list.getByText(clinic)).toBeVisible();
  await list.getByRole('button', { name: `Remove ${clinic}` }).click();
  const ask = page.getByRole('alertdialog');
  await expect(ask).toContainText(`${clinic} will be removed from this event's recipients`);
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(ask).toBeHidden();
  await expect(list.getByText(clinic)).toBeVisible();
  await list.getByRole('button', { name: `Remove ${clinic}` }).click();
  await ask.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('Recipient removed.', { exact: true })).toBeVisible();
  await expect(list.getByText(clinic)).toBeHidden();
  await expect(page.getByTestId('recipient-count')).toHaveText('Recipients so far: 1');
  const customers = await api<{ items: { name: string }[] }>(request, token, 'GET', `${BASE}/${id}/customers`);
  expect(customers.items.map((c) => c.name)).toEqual(['Riverside Health']);

  // The URL follows the step, and the browser's Back goes to the step before.
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByTestId('step-actions')).toBeVisible();
  await expect(page).toHaveURL(/\?step=2$/);
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(step).toBeVisible();
  await expect(page).toHaveURL(/\?step=3$/);
  await page.goBack();
  await expect(page.getByTestId('step-actions')).toBeVisible();
  await expect(page).toHaveURL(/\?step=2$/);

  // A draft with only its information saved: a link to step 3 opens the products (and says so in the URL).
  const { id: early } = await api<{ id: number }>(request, token, 'POST', `${BASE}/step0`, {
    type: 'RECALL',
    name: `E2E wizard early ${stamp}`,
    subtype: 'CORRECTION',
    classification: 'CLASSII',
    description: '<p>Early.</p>',
  });
  await page.goto(`/supplier/recalls/edit/${early}?step=3`);
  await expect(page.getByTestId('step-products')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/supplier/recalls/edit/${early}\\?step=1$`));
});
