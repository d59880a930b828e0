import { expect, test } from '@playwright/test';
import { elementTexts, englishLeftovers } from './words';
import { isOwnScreen, ROUTES, USERS as DEMO_USERS, worldIds } from './screens';
import { signIn, useLanguage, watchApi } from './support';

/**
 * What buttons open, in Vietnamese: words.spec.ts reads every screen and tab, but a dialog (add, edit, filter, columns,
 * preview, history, invite…) only exists once its button is pressed. Here each screen's visible buttons whose name
 * says they open something are pressed, one at a time, and the dialog each opens is read with the same rule, then
 * closed with Escape. Nothing is saved: every call but a read is refused for the whole walk, so the walk cannot change
 * what other tests see.
 */

/** Button names (Vietnamese) of buttons that open a dialog or panel: add, edit, filter, columns, invite, preview… */
const OPENS =
  /^(Thêm (?!mục đã chọn|theo)|Sửa(?! nội dung)|Lọc|Cột$|Hiển thị và sắp xếp cột|Mời người dùng|Xem trước|Chi tiết$|Lịch sử$|Đổi mật khẩu|Trao đổi mới|Tải lên)/;
/** At most this many openers per screen: the walk stays bounded on pages with a button per row. */
const PER_SCREEN = 6;

for (const who of ['operator', 'supplier', 'provider'] as const) {
  test(`in Vietnamese, the dialogs the ${who}'s screens open leave no English behind`, async ({ page, request }) => {
    test.setTimeout(600_000);
    const ids = await worldIds(request);
    await useLanguage(page, 'vi');
    await signIn(page, DEMO_USERS[who], 'vi');
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    // Reads only from here on (a few screens read through POST; those then show their error, in Vietnamese). The
    // session's own calls (a token refresh) go through: they change nothing another test sees.
    await page.route('**/api/**', (route) =>
      route.request().method() === 'GET' || new URL(route.request().url()).pathname.startsWith('/api/auth/')
        ? route.continue()
        : route.abort(),
    );
    const findings: string[] = [];
    let opened = 0;
    for (const route of ROUTES.filter((r) => isOwnScreen(who, r))) {
      const path = route.replace(/:(\w+)/g, (_, k: string) => ids[k]!);
      const api = watchApi(page, { bodies: true });
      await page.goto(path);
      // With a route set the browser caches nothing, so the app's code loads again before its first call.
      await page.waitForLoadState('networkidle');
      await api.settled();
      const openers = page.getByRole('button', { name: OPENS });
      const count = Math.min(await openers.count(), PER_SCREEN);
      for (let i = 0; i < count; i++) {
        const button = openers.nth(i);
        if (!(await button.isVisible()) || !(await button.isEnabled())) continue;
        const name = (await button.getAttribute('aria-label')) ?? ((await button.textContent()) ?? '').trim();
        await button.click();
        // A dialog that loads what it shows opens once its calls are answered.
        await api.settled();
        const dialog = page.getByRole('dialog');
        const shown = await dialog
          .first()
          .waitFor({ state: 'visible', timeout: 1_500 })
          .then(() => true)
          .catch(() => false);
        if (!shown) {
          // Not a dialog (a row added to a form, a page opened): back to the screen as it was.
          if (new URL(page.url()).pathname !== path) {
            await page.goto(path);
            await page.waitForLoadState('networkidle');
            await api.settled();
          }
          continue;
        }
        opened++;
        for (const text of englishLeftovers(
          await elementTexts(page, { withNames: true }),
          api.answered.join('\n').toLowerCase(),
        ))
          findings.push(`${path} → "${name}": "${text}"`);
        await page.keyboard.press('Escape');
        await expect(dialog).toHaveCount(0);
      }
      api.stop();
    }
    // The walk did open dialogs (a rename of the buttons would otherwise make this pass on nothing).
    expect(opened).toBeGreaterThan(0);
    expect([...new Set(findings)]).toEqual([]);
  });
}
