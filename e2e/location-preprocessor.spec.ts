import { type Browser, expect, type Page, test } from '@playwright/test';
import { signIn } from './support';

/**
 * Issue 14 end to end: the operator uploads a supplier's ship-to file, reviews a REVIEW row and completes the job; the
 * provider verifies its new location; the supplier sees it Covered. The known providers are the portal's own provider
 * organisations (the worker keeps them in the registry), so no CLI import is needed.
 */

const toast = (page: Page, text: string) => page.locator('[data-slot="toast-description"]', { hasText: text }).first();

/** Types into the grid's search and waits for the list it asks for (the search is debounced; rows re-render). */
async function search(page: Page, text: string): Promise<void> {
  const answered = page.waitForResponse(
    (r) => r.url().includes(`search=${encodeURIComponent(text)}`) && r.request().method() === 'GET',
  );
  await page.getByRole('searchbox').fill(text);
  await answered;
}

async function as(browser: Browser, email: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, email);
  await expect(page).not.toHaveURL(/\/login/);
  return page;
}

test('a location file goes from upload through review to the provider verifying it and the supplier seeing it', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const stamp = Date.now();
  const file = [
    'Account Name,Ship To Address,City,ST,Zip Code,Phone,Customer Number',
    `Lakeshore Medical Ctr,77 Lake Shore Drive,Chicago,IL,60611,,E2E-${stamp}-1`,
    // Renamed and moved: the matcher is not sure, the operator decides.
    `Ascension Lakeshore Hospital,900 Main St,Chicago,IL,60611,,E2E-${stamp}-2`,
    `Nowhere Clinic,1 Nowhere Lane,Nome,AK,99762,,E2E-${stamp}-3`,
  ].join('\n');

  // ---- the operator uploads the file for Acme ----
  const operator = await as(browser, 'admin@operator.demo');
  await operator.goto('/notisphere/location-pre-processor/new');
  await operator.getByRole('combobox', { name: /Supplier/ }).click();
  await operator.getByRole('option', { name: 'Acme Medical Devices' }).click();
  await operator.getByLabel(/Location file/).setInputFiles({
    name: `acme-${stamp}.csv`,
    mimeType: 'text/csv',
    buffer: Buffer.from(file),
  });
  await operator.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(operator).toHaveURL(/\/notisphere\/location-pre-processor\/view\/\d+$/);
  await expect(operator.getByRole('heading', { name: `acme-${stamp}.csv` })).toBeVisible();
  // The page polls until the worker has matched every row.
  await expect(operator.getByTestId('job-summary').getByText('3 of 3 rows')).toBeVisible({ timeout: 30_000 });
  const summary = operator.getByTestId('job-summary');
  await expect(summary).toContainText('Matched: 1');
  await expect(summary).toContainText('Review: 1');
  await expect(summary).toContainText('Unmatched: 1');

  // The job is in the list with its progress.
  const jobId = /view\/(\d+)$/.exec(operator.url())?.[1];
  await operator.goto('/notisphere/location-pre-processor');
  const jobRow = operator.getByRole('row', { name: new RegExp(`acme-${stamp}\\.csv`) });
  await expect(jobRow).toBeVisible();
  await expect(jobRow.getByText('3 of 3 rows')).toBeVisible();
  await jobRow.getByRole('button', { name: 'Actions' }).click();
  await operator.getByRole('menuitem', { name: 'Review' }).click();
  await expect(operator).toHaveURL(new RegExp(`/edit/${jobId}$`));

  // ---- review: the REVIEW row shows its confidence and candidate; the operator accepts the candidate ----
  const review = operator.getByRole('row', { name: /Ascension Lakeshore Hospital/ });
  await expect(review.getByRole('progressbar', { name: /^Confidence \d+%$/ })).toBeVisible();
  await expect(review.getByText('Lakeshore Medical Center')).toBeVisible();
  await review.getByRole('button', { name: 'Accept Lakeshore Medical Center for row 2' }).click();
  await expect(toast(operator, 'Row 2 saved.')).toBeVisible();
  // The review list (REVIEW rows) is now empty.
  await expect(operator.getByRole('row', { name: /Ascension Lakeshore Hospital/ })).toHaveCount(0);

  await operator.getByRole('button', { name: 'Complete job' }).click();
  await operator.getByRole('button', { name: 'Confirm' }).click();
  await expect(toast(operator, 'Job completed: 2 locations created, 0 updated, 1 rows left out.')).toBeVisible();

  // ---- the operator sees the new locations, not verified yet ----
  await operator.goto('/notisphere/locations-verification');
  await search(operator, `E2E-${stamp}`);
  const pending = operator.getByRole('row', { name: new RegExp(`E2E-${stamp}-2`) });
  await expect(pending).toBeVisible();
  await expect(pending.getByText('Not verified')).toBeVisible();
  await expect(operator.getByRole('row', { name: new RegExp(`E2E-${stamp}-1`) })).toBeVisible();

  // ---- the provider verifies one of them ----
  const provider = await as(browser, 'admin@lakeshore.demo');
  await provider.goto('/provider/locations-verification');
  await search(provider, `E2E-${stamp}`);
  const mine = provider.getByRole('row', { name: new RegExp(`E2E-${stamp}-1`) });
  await expect(mine).toBeVisible();
  await expect(provider.getByRole('row', { name: new RegExp(`E2E-${stamp}-2`) })).toBeVisible();
  await mine.getByRole('button', { name: 'Actions' }).click();
  await provider.getByRole('menuitem', { name: 'Covered', exact: true }).click();
  await expect(toast(provider, 'Status updated.')).toBeVisible();
  await expect(mine.getByText('Covered', { exact: true })).toBeVisible();

  // ---- the operator, on the provider's behalf, marks the other one Emailed with a bulk button ----
  await operator
    .getByRole('row', { name: new RegExp(`E2E-${stamp}-2`) })
    .getByRole('checkbox')
    .check();
  await operator
    .getByRole('group', { name: 'Verify the selected locations' })
    .getByRole('button', { name: 'Emailed', exact: true })
    .click();
  await expect(toast(operator, 'Status updated.')).toBeVisible();
  await operator.goto('/notisphere/locations');
  await search(operator, `E2E-${stamp}`);
  await expect(
    operator.getByRole('row', { name: new RegExp(`E2E-${stamp}-1`) }).getByText('Covered', { exact: true }),
  ).toBeVisible();
  await expect(
    operator.getByRole('row', { name: new RegExp(`E2E-${stamp}-2`) }).getByText('Emailed', { exact: true }),
  ).toBeVisible();

  // ---- the supplier sees it Covered, and the provider's progress ----
  const supplier = await as(browser, 'admin@acme.demo');
  await supplier.goto('/supplier/locations');
  await search(supplier, `E2E-${stamp}`);
  const covered = supplier.getByRole('row', { name: new RegExp(`E2E-${stamp}-1`) });
  await expect(covered).toBeVisible();
  await expect(covered.getByText('Covered', { exact: true })).toBeVisible();
  await expect(
    supplier.getByRole('row', { name: new RegExp(`E2E-${stamp}-2`) }).getByText('Emailed', { exact: true }),
  ).toBeVisible();
  await supplier.goto('/supplier/providers');
  const lakeshore = supplier.getByRole('row', { name: /Lakeshore Medical Center/ });
  await expect(lakeshore.getByTestId('verification-progress')).toContainText(/\d+ of \d+ verified/);
});
