import { expect, type Page, test } from '@playwright/test';
import { elementTexts, englishLeftovers } from './words';
import { isOwnScreen, ROUTES, USERS as DEMO_USERS, worldIds } from './screens';
import { signIn, useLanguage, watchApi } from './support';

/**
 * What buttons and row menus open, in Vietnamese: words.spec.ts reads every screen and tab, but a dialog (add, edit,
 * filter, columns, preview, history, invite, a confirmation…) or a row's action menu only exists once pressed. Here
 * each screen's visible buttons whose name says they open something are pressed, one at a time, and so are the first
 * row's action menu and each of its items; every menu and dialog that opens is read with the same rule, then closed
 * with Escape. Nothing is saved: every call but a read is refused for the whole walk, so the walk cannot change what
 * other tests see.
 */

/**
 * Button names (Vietnamese) of buttons that open a dialog or panel: add, edit, filter, columns, invite, preview…, and
 * the event actions that ask first (send, send a test, close, reopen, acknowledge, verify, review).
 */
const OPENS =
  /^(Thêm (?!mục đã chọn|theo)|Sửa(?! nội dung)|Lọc|Cột$|Hiển thị và sắp xếp cột|Mời người dùng|Xem trước|Chi tiết$|Lịch sử$|Đổi mật khẩu|Trao đổi mới|Tải lên|Gửi$|Gửi thử|Đóng$|Mở lại$|Xác nhận$|Xác minh$|Xem xét$|Tổng hợp người được ủy quyền$)/;
/** At most this many openers per screen: the walk stays bounded on pages with a button per row. */
const PER_SCREEN = 6;
/** The name of a row's action menu button (RowActionsMenu's "Actions"). */
const ROW_ACTIONS = 'Hành động';
/** At most this many items of the first row's menu are pressed. */
const PER_MENU = 6;

/**
 * Refuses every API call but a read and the session's own, through Chromium's Fetch domain rather than page.route:
 * Playwright turns the browser's cache off while any route is set, and every visit of the walk then loaded and compiled
 * the app's code again. Fetch pauses only the API's requests and leaves the cache alone.
 */
async function readsOnly(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  cdp.on('Fetch.requestPaused', ({ requestId, request }) => {
    const read = request.method === 'GET' || new URL(request.url).pathname.startsWith('/api/auth/');
    const answer = read
      ? cdp.send('Fetch.continueRequest', { requestId })
      : cdp.send('Fetch.failRequest', { requestId, errorReason: 'Aborted' });
    // A request the page gave up on (it navigated away) can no longer be continued.
    answer.catch(() => undefined);
  });
  await cdp.send('Fetch.enable', { patterns: [{ urlPattern: '*/api/*', requestStage: 'Request' }] });
}

for (const who of ['operator', 'supplier', 'provider'] as const) {
  test(`in Vietnamese, the dialogs and row menus the ${who}'s screens open leave no English behind`, async ({
    page,
    request,
  }) => {
    test.setTimeout(600_000);
    const ids = await worldIds(request);
    await useLanguage(page, 'vi');
    await signIn(page, DEMO_USERS[who], 'vi');
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    // Reads only from here on (a few screens read through POST; those then show their error, in Vietnamese). The
    // session's own calls (a token refresh) go through: they change nothing another test sees.
    await readsOnly(page);
    // The block holds: a write from the page never leaves it.
    expect(
      await page.evaluate(() =>
        fetch('/api/health', { method: 'POST' }).then(
          () => 'sent',
          () => 'refused',
        ),
      ),
    ).toBe('refused');
    const findings: string[] = [];
    let dialogs = 0;
    let menus = 0;
    for (const route of ROUTES.filter((r) => isOwnScreen(who, r))) {
      const path = route.replace(/:(\w+)/g, (_, k: string) => ids[k]!);
      const api = watchApi(page, { bodies: true });
      const open = async () => {
        await page.goto(path);
        await page.waitForLoadState('networkidle');
        await api.settled();
      };
      const judge = async (what: string) => {
        for (const text of englishLeftovers(
          await elementTexts(page, { withNames: true }),
          api.answered.join('\n').toLowerCase(),
        ))
          findings.push(`${path} → ${what}: "${text}"`);
      };
      /** After a press: reads the dialog it opened and closes it; back to the screen if it went elsewhere instead. */
      const readDialog = async (what: string) => {
        // A dialog that loads what it shows opens once its calls are answered.
        await api.settled();
        const dialog = page.locator('[role="dialog"], [role="alertdialog"]');
        const shown = await dialog
          .first()
          .waitFor({ state: 'visible', timeout: 1_500 })
          .then(() => true)
          .catch(() => false);
        if (!shown) {
          // Not a dialog (a row added to a form, a page opened): back to the screen as it was.
          if (new URL(page.url()).pathname !== path) await open();
          return;
        }
        dialogs++;
        await judge(what);
        await page.keyboard.press('Escape');
        await expect(dialog).toHaveCount(0);
      };
      await open();

      const openers = page.getByRole('button', { name: OPENS });
      const count = Math.min(await openers.count(), PER_SCREEN);
      for (let i = 0; i < count; i++) {
        const button = openers.nth(i);
        if (!(await button.isVisible()) || !(await button.isEnabled())) continue;
        const name = (await button.getAttribute('aria-label')) ?? ((await button.textContent()) ?? '').trim();
        await button.click();
        await readDialog(`"${name}"`);
      }

      // The first row's action menu, then each of its items (edit, delete, deactivate…) in turn.
      const rowMenu = page.getByRole('button', { name: ROW_ACTIONS, exact: true }).first();
      if ((await rowMenu.isVisible()) && (await rowMenu.isEnabled())) {
        await rowMenu.click();
        const menu = page.getByRole('menu');
        await expect(menu).toBeVisible();
        menus++;
        await judge("the first row's menu");
        const items = menu.locator('[role="menuitem"]:not([data-disabled])');
        const names = (await items.allTextContents()).map((n) => n.trim()).slice(0, PER_MENU);
        await page.keyboard.press('Escape');
        await expect(menu).toHaveCount(0);
        for (const item of names) {
          const again = page.getByRole('button', { name: ROW_ACTIONS, exact: true }).first();
          if (!(await again.isVisible())) await open();
          await page.getByRole('button', { name: ROW_ACTIONS, exact: true }).first().click();
          await page.getByRole('menuitem', { name: item, exact: true }).first().click();
          await readDialog(`the first row's "${item}"`);
        }
      }
      api.stop();
    }
    // The walk did open dialogs and menus (a rename of the buttons would otherwise make this pass on nothing).
    expect(dialogs).toBeGreaterThan(0);
    expect(menus).toBeGreaterThan(0);
    expect([...new Set(findings)]).toEqual([]);
  });
}
