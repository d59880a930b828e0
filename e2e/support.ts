import { type APIRequestContext, expect, type Page, type Request, type Response } from '@playwright/test';

export const PASSWORD = 'Portal#2026';
/** A whole 1×1 PNG: uploads whose image bytes the server checks (answers, quick links). */
export const IMAGE_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
export type Lang = 'en' | 'vi';

/** Vietnamese text of the English source strings the tests look for (from web/src/locales/vi). */
const VI: Record<string, string> = {
  Email: 'Thư điện tử',
  Password: 'Mật khẩu',
  'Sign in': 'Đăng nhập',
  Dashboard: 'Bảng điều khiển',
  'Key Metrics': 'Chỉ số chính',
  Recalls: 'Thu hồi',
  'eR Responses': 'Phản hồi eR',
  Suppliers: 'Nhà cung ứng',
  Providers: 'Cơ sở y tế',
  'Location Pre-Processor': 'Tiền xử lý địa điểm',
  Locations: 'Địa điểm',
  'Quick Links': 'Liên kết nhanh',
  'Manage Supplier Master': 'Quản lý danh mục nhà cung ứng',
  Devices: 'Thiết bị',
  Drugs: 'Thuốc',
  'Supply Advisories': 'Khuyến cáo cung ứng',
  General: 'Chung',
  Roles: 'Vai trò',
  Users: 'Người dùng',
  'Sales Reps': 'Đại diện bán hàng',
  'Template Actions': 'Hành động mẫu',
  'Distribution Lists': 'Danh sách phân phối',
  Files: 'Tệp',
  'Learn More': 'Tìm hiểu thêm',
  FAQs: 'Câu hỏi thường gặp',
  'Contact Us': 'Liên hệ',
  Sites: 'Cơ sở',
  'Supplier Contacts': 'Liên hệ nhà cung ứng',
  'Email Templates': 'Mẫu email',
  'Locations Verification': 'Xác minh địa điểm',
  'Organization Settings': 'Cài đặt tổ chức',
  'Recall Settings': 'Cài đặt thu hồi',
  'Advisory Settings': 'Cài đặt khuyến cáo',
  'Location Management': 'Quản lý địa điểm',
  Help: 'Trợ giúp',
  Worklist: 'Việc cần làm',
  Home: 'Trang chủ',
  Logout: 'Đăng xuất',
  'My Profile': 'Hồ sơ của tôi',
  Continue: 'Tiếp tục',
  'Choose an organization': 'Chọn tổ chức',
};

export function tr(text: string, lang: Lang): string {
  if (lang === 'en') return text;
  const vi = VI[text];
  if (vi === undefined) throw new Error(`No Vietnamese text for "${text}" in e2e/support.ts`);
  return vi;
}

/** Sets the stored language preference before the app boots. */
export async function useLanguage(page: Page, lang: Lang): Promise<void> {
  await page.addInitScript((locale) => {
    // Init scripts run in every frame: a sandboxed one (an email preview) has no storage to set.
    if (window.top === window) window.localStorage.setItem('locale', JSON.stringify(locale));
  }, lang);
}

export async function fillCredentials(page: Page, email: string, password: string, lang: Lang = 'en'): Promise<void> {
  await page.getByLabel(tr('Email', lang), { exact: false }).fill(email);
  await page.getByLabel(tr('Password', lang), { exact: false }).fill(password);
  await page.getByRole('button', { name: tr('Sign in', lang), exact: true }).click();
}

export async function signIn(page: Page, email: string, lang: Lang = 'en', password = PASSWORD): Promise<void> {
  await page.goto('/login');
  await fillCredentials(page, email, password, lang);
}

export async function expectSidebar(page: Page, lang: Lang, visible: string[], hidden: string[] = []): Promise<void> {
  const sidebar = page.getByTestId('sidebar');
  await expect(sidebar).toBeVisible();
  await expandSidebarGroups(page);
  for (const name of visible) {
    await expect(sidebar.getByRole('link', { name: tr(name, lang), exact: true }).first()).toBeVisible();
  }
  for (const name of hidden) {
    await expect(sidebar.getByRole('link', { name: tr(name, lang), exact: true })).toHaveCount(0);
  }
}

/**
 * An access token of the page's session. The page keeps its own in memory only (issue 34), so this asks the refresh
 * cookie for one from inside the page, as the app does at load (same family: the page's token stays valid).
 */
export async function sessionAccessToken(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const res = await fetch('/api/auth/refreshtoken', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
    });
    const body = (await res.json()) as { d?: { access_token?: string | null } };
    if (!body.d?.access_token) throw new Error(`refresh by the page's cookie failed: ${res.status}`);
    return body.d.access_token;
  });
}

/** Opens every collapsed group of the sidebar. */
export async function expandSidebarGroups(page: Page): Promise<void> {
  const sidebar = page.getByTestId('sidebar');
  const closed = sidebar.locator('button[aria-expanded="false"]');
  for (let guard = 0; guard < 20 && (await closed.count()) > 0; guard += 1) await closed.first().click();
  await expect(closed).toHaveCount(0);
}

export function organisationName(page: Page) {
  return page.locator('[data-slot="header-organization"]');
}

/**
 * Follows a page's API calls. `settled()` waits until none has been in flight for 150 ms (Playwright's networkidle
 * waits 500 ms, and is already reached after a click in a single-page app) and, with `bodies`, until every answer's
 * body has been read into `answered` (the DOM may show data before a body read through the driver resolves).
 */
export function watchApi(page: Page, options: { bodies?: boolean } = {}) {
  const inFlight = new Set<Request>();
  const reading = new Set<Promise<void>>();
  const watcher = {
    answered: [] as string[],
    failures: [] as string[],
    async settled(): Promise<void> {
      for (let quiet = 0; quiet < 3; ) {
        await page.waitForTimeout(50);
        quiet = inFlight.size || reading.size ? 0 : quiet + 1;
      }
    },
    stop(): void {
      page.off('request', onRequest);
      page.off('requestfinished', onDone);
      page.off('requestfailed', onDone);
      page.off('response', onResponse);
    },
  };
  const onRequest = (r: Request) => {
    if (r.url().includes('/api/')) inFlight.add(r);
  };
  const onDone = (r: Request) => inFlight.delete(r);
  const onResponse = (r: Response) => {
    if (!r.url().includes('/api/')) return;
    if (r.status() >= 500) watcher.failures.push(`${r.status()} from ${r.url()}`);
    if (!options.bodies) return;
    const read: Promise<void> = r
      .text()
      .then((body) => void watcher.answered.push(body))
      .catch(() => undefined)
      .finally(() => reading.delete(read));
    reading.add(read);
  };
  page.on('request', onRequest);
  page.on('requestfinished', onDone);
  page.on('requestfailed', onDone);
  page.on('response', onResponse);
  return watcher;
}

/** A demo user's access token, signed in through the API. */
export async function tokenFor(request: APIRequestContext, email: string): Promise<string> {
  const res = await request.post('/api/auth/token', {
    data: { client_id: 'portal-web', grant_type: 'password', email, password: PASSWORD },
  });
  const body = (await res.json()) as { d: { access_token: string } };
  return body.d.access_token;
}

/** An API call as `token`'s user: answers the envelope's data, and fails the test on an envelope that is not ok. */
export async function api<T>(
  request: APIRequestContext,
  token: string,
  method: string,
  path: string,
  data?: unknown,
): Promise<T> {
  const res = await request.fetch(`/api${path}`, { method, data, headers: { Authorization: `Bearer ${token}` } });
  const body = (await res.json()) as { ok: boolean; m: string; d: T };
  expect(body.ok, `${method} ${path}: ${body.m}`).toBe(true);
  return body.d;
}

/**
 * A recall sent through the supplier's API as the wizard saves it (steps 0 to 3, approval, send), to the given provider
 * organisations and typed-in customers (name and address): answers its id.
 */
export async function sendRecall(
  request: APIRequestContext,
  supplierToken: string,
  recall: {
    info: Record<string, unknown>;
    products: Record<string, unknown>[];
    actions: Record<string, unknown>[];
    providerOrganizationIds: number[];
    customers?: { name: string; email: string }[];
  },
): Promise<number> {
  const base = '/supplier/communications';
  const { id } = await api<{ id: number }>(request, supplierToken, 'POST', `${base}/step0`, {
    type: 'RECALL',
    ...recall.info,
  });
  await api(request, supplierToken, 'POST', `${base}/step1`, { id, products: recall.products });
  await api(request, supplierToken, 'POST', `${base}/step2`, { id, actions: recall.actions });
  await api(request, supplierToken, 'POST', `${base}/step3`, {
    id,
    ...(recall.providerOrganizationIds.length ? { provider_organization_ids: recall.providerOrganizationIds } : {}),
    ...(recall.customers?.length ? { customers: recall.customers } : {}),
  });
  await api(request, supplierToken, 'PUT', `${base}/${id}/approve-recall/0/0`, {});
  await api(request, supplierToken, 'PUT', `${base}/${id}/send-notification/0`, {});
  return id;
}
