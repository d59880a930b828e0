import { type Browser, expect, type Page, test } from '@playwright/test';
import { api, type Lang, sendRecall, signIn, tokenFor, tr, useLanguage } from './support';

/**
 * Issue 32 on screen, in English and in Vietnamese: a coordinator of a health system with two sites lands on the
 * worklist, filters the overdue Class I recalls, acknowledges two at once, answers one "not affected" and assigns one
 * to a colleague, who finds it under "Assigned to me"; the supplier sees the overdue customer and the "not affected"
 * answer.
 */

const COORDINATOR = 'admin@riverside.demo';
const COLLEAGUE = 'multi@riverside.demo';
const SUPPLIER = 'recalls@acme.demo';
const NORTH = 'Riverside North Campus';
const SOUTH = 'Riverside South Clinic';

/** The words the spec clicks and reads, as web/src/locales/vi/messages.po says them. */
const WORDS = {
  Worklist: 'Việc cần làm',
  Overdue: 'Quá hạn',
  'Assigned to me': 'Giao cho tôi',
  'Search name, event ID, product, lot, serial number or UDI':
    'Tìm theo tên, mã sự kiện, sản phẩm, số lô, số sê-ri hoặc UDI',
  'One row per recall': 'Một dòng cho mỗi đợt thu hồi',
  Classification: 'Phân loại',
  'Class I': 'Loại I',
  'Overdue only': 'Chỉ quá hạn',
  Acknowledge: 'Xác nhận',
  'Acknowledge 2 notices?': 'Xác nhận 2 thông báo?',
  '2 notices acknowledged': 'Đã xác nhận 2 thông báo',
  'Not affected…': 'Không bị ảnh hưởng…',
  '1 notice marked not affected': 'Đã đánh dấu 1 thông báo là không bị ảnh hưởng',
  'Assign owner…': 'Giao người phụ trách…',
  Owner: 'Người phụ trách',
  '1 notice assigned': 'Đã giao 1 thông báo',
  Save: 'Lưu',
  'We have none of this product': 'Chúng tôi không có sản phẩm này',
  'Overdue (1)': 'Quá hạn (1)',
  'Not affected — {reason}': 'Không bị ảnh hưởng — {reason}',
} as const;

function say(lang: Lang, text: keyof typeof WORDS, values: Record<string, string> = {}): string {
  const words = lang === 'vi' ? WORDS[text] : text;
  return words.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? '');
}

const toast = (page: Page, text: string) => page.locator('[data-slot="toast-description"]', { hasText: text });

/** YYYY-MM-DD `days` from today (negative: past). */
const dayFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** A page of its own (own cookies and storage) signed in as `email` in `lang`. */
async function signedInPage(
  browser: Browser,
  baseURL: string,
  email: string,
  lang: Lang,
  /** The organisation a user of several chooses. */
  organization?: string,
): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await useLanguage(page, lang);
  await signIn(page, email, lang);
  if (organization) {
    await page.getByLabel(organization).click();
    await page.getByRole('button', { name: tr('Continue', lang) }).click();
  }
  // Signed in once the app has left the sign-in page.
  await expect(page).not.toHaveURL(/\/login/);
  return page;
}

/** The per-site row of the recall `name` at `site` in the provider's list. */
const siteRow = (page: Page, name: string, site: string) =>
  page.getByRole('row').filter({ hasText: name }).filter({ hasText: site });

async function pick(page: Page, row: ReturnType<typeof siteRow>) {
  await row.getByRole('checkbox').check();
}

for (const lang of ['en', 'vi'] as const) {
  test(`a health system's coordinator works the worklist; a colleague and the supplier see the result (${lang})`, async ({
    page,
    request,
    browser,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    const stamp = `${lang}-${Date.now()}`;
    const supplier = await tokenFor(request, SUPPLIER);
    const provider = await tokenFor(request, COORDINATOR);
    const sites = await api<{ id: number; name: string }[]>(
      request,
      provider,
      'GET',
      '/provider/communications/meta-sites',
    );
    const siteIds = [NORTH, SOUTH].map((name) => sites.find((s) => s.name === name)!.id);
    const recall = (name: string, classification: string, due: string) =>
      sendRecall(request, supplier, {
        info: {
          name,
          subtype: 'REMOVAL',
          classification,
          description: '<p>Check the lots.</p>',
          response_due_date: due,
        },
        products: [{ product_name: 'E2E stapler', lot_number: `LOT-${stamp}` }],
        actions: [{ action_type: 'Acknowledge', title: 'Acknowledge the notice', is_required: true }],
        providerOrganizationIds: siteIds,
      });
    const first = `Worklist A ${stamp}`;
    const second = `Worklist B ${stamp}`;
    const later = `Worklist C ${stamp}`;
    await recall(first, 'CLASSI', dayFromToday(-3));
    const secondId = await recall(second, 'CLASSI', dayFromToday(-2));
    await recall(later, 'CLASSII', dayFromToday(10));

    // The coordinator lands on the worklist; the overdue section holds both Class I recalls at both sites.
    await useLanguage(page, lang);
    await signIn(page, COORDINATOR, lang);
    await expect(page).toHaveURL('/provider/worklist');
    await expect(page.getByRole('heading', { name: say(lang, 'Worklist'), exact: true })).toBeVisible();
    await expect(page.getByTestId('sidebar').getByRole('link', { name: tr('Worklist', lang) })).toBeVisible();
    await page.getByRole('tab', { name: new RegExp(`^${say(lang, 'Overdue')}`) }).click();
    await expect(page).toHaveURL(/section=overdue/);
    const overdue = page.getByTestId('worklist');
    await expect(overdue.getByText(first).first()).toBeVisible();
    await expect(overdue.getByText(second).first()).toBeVisible();
    await expect(overdue.getByText(later)).toHaveCount(0);

    // The recall list, one row per site, filtered to overdue Class I recalls (the search finds them by their lot).
    await page.goto('/provider/recalls');
    await page.getByLabel(say(lang, 'One row per recall')).click();
    await page
      .getByPlaceholder(say(lang, 'Search name, event ID, product, lot, serial number or UDI'))
      .fill(`LOT-${stamp}`);
    await page.getByRole('combobox', { name: say(lang, 'Classification') }).click();
    await page.getByRole('option', { name: say(lang, 'Class I'), exact: true }).click();
    await page.getByLabel(say(lang, 'Overdue only')).click();
    for (const name of [first, second])
      for (const site of [NORTH, SOUTH]) await expect(siteRow(page, name, site)).toHaveCount(1);
    await expect(page.getByRole('row').filter({ hasText: later })).toHaveCount(0);

    // Two acknowledged at once, after confirming.
    await pick(page, siteRow(page, first, NORTH));
    await pick(page, siteRow(page, first, SOUTH));
    const toolbar = page.getByTestId('bulk-actions');
    await toolbar.getByRole('button', { name: say(lang, 'Acknowledge'), exact: true }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText(say(lang, 'Acknowledge 2 notices?'));
    await confirm.getByRole('button', { name: say(lang, 'Acknowledge'), exact: true }).click();
    await expect(toast(page, say(lang, '2 notices acknowledged'))).toBeVisible();

    // One answered "not affected", with the proposed reason.
    await pick(page, siteRow(page, second, NORTH));
    await toolbar.getByRole('button', { name: say(lang, 'Not affected…') }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: say(lang, 'Save'), exact: true })
      .click();
    await expect(toast(page, say(lang, '1 notice marked not affected'))).toBeVisible();

    // One assigned to a colleague.
    await pick(page, siteRow(page, second, SOUTH));
    await toolbar.getByRole('button', { name: say(lang, 'Assign owner…') }).click();
    const assign = page.getByRole('dialog');
    await assign.getByRole('combobox').first().click();
    await page.getByRole('option', { name: /Morgan Multi/ }).click();
    await assign.getByRole('button', { name: say(lang, 'Save'), exact: true }).click();
    await expect(toast(page, say(lang, '1 notice assigned'))).toBeVisible();

    // The server holds what the screen said.
    const rows = await api<{ items: { site_name: string; name: string; acknowledged_at: string | null }[] }>(
      request,
      provider,
      'GET',
      `/provider/communications?communicationType=RECALL&search=${encodeURIComponent(`LOT-${stamp}`)}&pageSize=50`,
    );
    const acknowledged = rows.items.filter((r) => r.name === first && r.acknowledged_at !== null);
    expect(acknowledged.map((r) => r.site_name).sort()).toEqual([NORTH, SOUTH]);

    // The colleague finds it under "Assigned to me".
    const colleague = await signedInPage(browser, baseURL!, COLLEAGUE, lang, 'Riverside Health');
    await expect(colleague).toHaveURL('/provider/recalls');
    await colleague.goto('/provider/worklist?section=assigned');
    await expect(colleague.getByRole('tab', { name: new RegExp(`^${say(lang, 'Assigned to me')}`) })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(colleague.getByTestId('worklist').getByText(second)).toBeVisible();
    await colleague.context().close();

    // The supplier sees the overdue customer and the "not affected" answer of the second recall.
    const supplierPage = await signedInPage(browser, baseURL!, SUPPLIER, lang);
    await supplierPage.goto(`/supplier/recalls/view/${secondId}?tab=customers`);
    await expect(
      supplierPage.getByText(
        say(lang, 'Not affected — {reason}', { reason: say(lang, 'We have none of this product') }),
      ),
    ).toBeVisible();
    await supplierPage.getByRole('button', { name: say(lang, 'Overdue (1)') }).click();
    await expect(supplierPage.getByRole('row').filter({ hasText: SOUTH })).toHaveCount(1);
    await expect(supplierPage.getByRole('row').filter({ hasText: NORTH })).toHaveCount(0);
    await supplierPage.context().close();
  });
}
