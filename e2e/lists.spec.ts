import { expect, type Page, test } from '@playwright/test';
import { signIn } from './support';

/**
 * The shared list screen as a new user meets it: the totals line shows its number, and a clicked column
 * leads the sort (ascending, then descending, then back to the list's default), on a supplier, a provider and an
 * operator list of the demo world.
 */

/** The visible texts of one column, found by its header. */
async function column(page: Page, header: string): Promise<string[]> {
  const headers = (await page.getByRole('columnheader').allInnerTexts()).map((h) => h.trim());
  const index = headers.findIndex((h) => h.startsWith(header));
  expect(index, `column ${header} among ${headers.join(' | ')}`).toBeGreaterThanOrEqual(0);
  return page
    .locator('table tbody tr')
    .evaluateAll(
      (rows, i) => rows.map((row) => (row.children[i] as HTMLElement | undefined)?.innerText.trim() ?? ''),
      index,
    );
}

// PostgreSQL's collation may put case and punctuation differently from JavaScript: accept either common order.
const byteOrder = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const wordOrder = (a: string, b: string) => a.localeCompare(b, 'en', { sensitivity: 'base' });
const isSorted = (values: string[], direction: 1 | -1) =>
  [byteOrder, wordOrder].some((order) => values.every((v, i) => i === 0 || direction * order(values[i - 1]!, v) <= 0));

async function expectSortByColumn(page: Page, header: string, field: string): Promise<void> {
  const button = page.getByRole('columnheader', { name: new RegExp(`^${header}`) }).getByRole('button');
  const sortedBy = page.getByRole('columnheader', { name: new RegExp(`^${header}`) });

  // The clicked column leads the list's next request; a default sort may follow it only to break ties. (The screen's
  // own first load, in its default order, may still be answered after the click: it is not the one awaited.)
  const listed = page.waitForResponse(
    (r) => r.request().method() === 'GET' && new URL(r.url()).searchParams.get('sortField')?.split(',')[0] === field,
  );
  await button.click();
  expect((await listed).status()).toBe(200);
  await expect(sortedBy).toHaveAttribute('aria-sort', 'ascending');
  const ascending = await column(page, header);
  expect(ascending.length, 'the demo list has rows to sort').toBeGreaterThan(1);
  expect(isSorted(ascending, 1), `ascending: ${ascending.join(' | ')}`).toBe(true);

  await button.click();
  await expect(sortedBy).toHaveAttribute('aria-sort', 'descending');
  await expect.poll(() => column(page, header).then((v) => isSorted(v, -1))).toBe(true);
  const descending = await column(page, header);
  if (new Set(ascending).size > 1) expect(descending[0]).not.toBe(ascending[0]);

  await button.click();
  await expect(sortedBy).toHaveAttribute('aria-sort', 'none');
}

async function open(page: Page, email: string, path: string): Promise<void> {
  await signIn(page, email);
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  await page.goto(path);
}

async function expectTotal(page: Page): Promise<void> {
  const total = page.locator('[data-slot="data-table-total"]').first();
  await expect(total).toHaveText(/^(Total|More than) \d+ record\(s\)$/);
  expect(await total.innerText()).not.toContain('{n}');
}

test('supplier recalls: the total has its number and Name sorts the rows', async ({ page }) => {
  await open(page, 'admin@acme.demo', '/supplier/recalls');
  await expectTotal(page);
  await expectSortByColumn(page, 'Name', 'name');
});

test('provider recalls: the total has its number and Name sorts the rows', async ({ page }) => {
  await open(page, 'admin@riverside.demo', '/provider/recalls');
  await expectTotal(page);
  await expectSortByColumn(page, 'Name', 'name');
});

test("operator's eR responses: the total has its number and Provider sorts the rows", async ({ page }) => {
  await open(page, 'admin@operator.demo', '/notisphere/er-response');
  await expectTotal(page);
  await expectSortByColumn(page, 'Provider', 'provider_name');
});

test("operator's Suppliers at 1280 px: each row's actions are on screen, the name opens the supplier, the total counts items", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await open(page, 'admin@operator.demo', '/notisphere/suppliers');
  const rows = page.locator('[data-testid="notisphere-suppliers"] table tbody tr');
  await expect(rows.first().getByRole('button', { name: 'Actions' })).toBeVisible();
  // No row's menu is off screen, nor does the page scroll sideways to reach it.
  const menus = rows.getByRole('button', { name: 'Actions' });
  const count = await menus.count();
  expect(count).toBeGreaterThan(0);
  for (let i = 0; i < count; i++) {
    await expect(menus.nth(i)).toBeInViewport();
    const box = await menus.nth(i).boundingBox();
    expect(box && box.x + box.width, `row ${i + 1}'s actions`).toBeLessThanOrEqual(1280);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
  await menus.first().click();
  await expect(page.getByRole('menuitem').first()).toBeVisible();
  await page.keyboard.press('Escape');
  // The first column opens the supplier's record (the same dialog as the menu's Edit).
  const name = rows.first().locator('td').first().getByRole('button');
  const supplier = ((await name.textContent()) ?? '').trim();
  await name.click();
  await expect(page.getByRole('dialog', { name: 'Edit supplier' })).toBeVisible();
  await expect(page.getByRole('dialog').getByRole('textbox').first()).not.toHaveValue('');
  expect(supplier.length).toBeGreaterThan(0);
  await page.keyboard.press('Escape');
  await expect(page.locator('[data-slot="data-table-total"]').first()).toHaveText(/^Total \d+ items?$/);
});
