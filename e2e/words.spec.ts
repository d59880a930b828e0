import { expect, type Page, test } from '@playwright/test';
import { codes, VOCABULARIES, type Vocabulary } from '@portal/vocabulary';
import { readFileSync } from 'node:fs';
import { isOwnScreen, ROUTES, USERS as DEMO_USERS, type Who, worldIds } from './screens';
import { expandSidebarGroups, fillCredentials, PASSWORD, signIn, useLanguage, watchApi } from './support';

/**
 * Words, not codes (issue 13): every page a demo user's sidebar opens, walked in Vietnamese, shows no English status
 * or label word and no vocabulary code. Texts are judged element by element (a badge, a cell, a label), so English
 * names in the demo data ("Infusion pump recall") do not count, but a badge reading "Open" does.
 */

/** English words the product shows as statuses and labels; in Vietnamese none may stand alone in an element. */
const ENGLISH = [
  'Open',
  'Closed',
  'In Progress',
  'Completed',
  'Draft',
  'Returned',
  'Destroyed',
  'Email',
  'Active',
  'Deactivated',
  'Pending',
  'Sent',
  'Delivered',
  'Submitted',
  'Recall',
  'Supply Advisory',
  'Class I',
  'Class II',
  'Class III',
  'Verified',
  'Name',
  'Status',
  'Actions',
  'View',
  'Edit',
  'Search',
];

/** Every code of the one label map, and anything shaped like an event name (NOTIFICATION_SENT, STEP2_SAVED). */
const CODES = new Set(
  (Object.keys(VOCABULARIES) as Vocabulary[])
    .flatMap((v) => codes(v) as string[])
    .filter((c) => /^[A-Z_ 0-9]{4,}$/.test(c)),
);
const EVENT_NAME = /^[A-Z][A-Z0-9]*(_[A-Z0-9]+)+$/;

/**
 * The own text of every element (text nodes directly inside it), trimmed. By default only what is shown: not hidden,
 * not aria-hidden, laid out. `withNames` also reads every element, hidden or not, and adds the words of its
 * placeholder, title, accessible name and alt text (what a screen reader says).
 */
function elementTexts(page: Page, { withNames = false } = {}): Promise<string[]> {
  return page.evaluate((withNames) => {
    const out: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_ELEMENT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const element = node as HTMLElement;
      if (['SCRIPT', 'STYLE', 'NOSCRIPT'].includes(element.tagName)) continue;
      // translate="no": data shown as it is (a lookup value's code and English label on the page that manages them).
      const skipped = withNames
        ? '[data-testid="language-switcher"], [translate="no"]'
        : '[aria-hidden="true"], [hidden], [data-testid="language-switcher"], [translate="no"]';
      if (element.closest(skipped)) continue;
      const own = [...element.childNodes]
        .filter((c) => c.nodeType === Node.TEXT_NODE)
        .map((c) => c.textContent ?? '')
        .join('')
        .trim();
      if (own && (withNames || element.getClientRects().length > 0)) out.push(own);
      if (withNames)
        for (const name of ['placeholder', 'title', 'aria-label', 'alt']) {
          const value = element.getAttribute(name)?.trim();
          if (value) out.push(value);
        }
    }
    return out;
  }, withNames);
}

async function sidebarPaths(page: Page): Promise<string[]> {
  await expect(page.getByTestId('sidebar').getByRole('link').first()).toBeVisible();
  await expandSidebarGroups(page);
  const hrefs = await page
    .getByTestId('sidebar')
    .getByRole('link')
    .evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).getAttribute('href') ?? ''));
  return [...new Set(hrefs.filter((h) => h.startsWith('/')))];
}

const USERS = ['admin@operator.demo', 'admin@acme.demo', 'admin@riverside.demo'];

for (const email of USERS) {
  test(`in Vietnamese, ${email}'s pages show no English label and no code`, async ({ page }) => {
    test.setTimeout(240_000);
    await useLanguage(page, 'vi');
    await page.goto('/login');
    await fillCredentials(page, email, PASSWORD, 'vi');
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    const paths = await sidebarPaths(page);
    expect(paths.length).toBeGreaterThan(3);
    const findings: string[] = [];
    for (const path of paths) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      for (const text of await elementTexts(page)) {
        if (ENGLISH.includes(text)) findings.push(`${path}: English "${text}"`);
        if (CODES.has(text) || EVENT_NAME.test(text)) findings.push(`${path}: code "${text}"`);
      }
    }
    expect([...new Set(findings)]).toEqual([]);
  });
}

test('in English, the same pages show no vocabulary code either', async ({ page }) => {
  test.setTimeout(240_000);
  const findings: string[] = [];
  for (const email of USERS) {
    await page.context().clearCookies();
    await page.goto('/login');
    await page.evaluate(() => localStorage.clear());
    await page.goto('/login');
    await fillCredentials(page, email, PASSWORD);
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    for (const path of await sidebarPaths(page)) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      for (const text of await elementTexts(page))
        if (CODES.has(text) || EVENT_NAME.test(text)) findings.push(`${email} ${path}: code "${text}"`);
    }
  }
  expect([...new Set(findings)]).toEqual([]);
});

/** Every text the Vietnamese catalog gives (some are plain ASCII on purpose: "Email", "UDI", "eR"). */
const VIETNAMESE_MESSAGES = new Set(
  [
    ...readFileSync(new URL('../web/src/locales/vi/messages.po', import.meta.url), 'utf8').matchAll(
      /msgstr "((?:[^"\\]|\\.)*)"/g,
    ),
  ].map((m) => m[1]!),
);
const VIETNAMESE_LETTER = /[àáảãạăắằẳẵặâấầẩẫậđèéẻẽẹêếềểễệìíỉĩịòóỏõọôốồổỗộơớờởỡợùúủũụưứừửữựỳýỷỹỵ]/i;
/** Texts that are the same in every language: the product's name, dates as "31 thg 8", lists of file types. */
const SAME_IN_EVERY_LANGUAGE = [/^Notisphere$/, /^\d{1,2} thg \d{1,2}$/, /^\.[a-z0-9]+(, \.[a-z0-9]+)*$/];

/**
 * English left behind, whatever its words (issue 13): in Vietnamese, a text with no Vietnamese letter must be one the
 * catalog gives, the same in every language, or data: each of its parts (split at commas, dots and angle brackets)
 * found in what the API answered for that screen. A hard-coded label, a component's English default or an untranslated
 * toolbar is none of these.
 */
function englishLeftovers(texts: string[], answered: string): string[] {
  const isData = (part: string) =>
    answered.includes(part.toLowerCase()) || answered.includes(JSON.stringify(part).slice(1, -1).toLowerCase());
  return texts.filter(
    (text) =>
      !VIETNAMESE_LETTER.test(text) &&
      /[A-Za-z]{3,}/.test(text) &&
      !VIETNAMESE_MESSAGES.has(text) &&
      !SAME_IN_EVERY_LANGUAGE.some((p) => p.test(text)) &&
      !text
        .split(/\s*[,·<>]\s*/)
        .filter((part) => /[A-Za-z]{3,}/.test(part))
        .every(isData),
  );
}

for (const who of ['operator', 'supplier', 'provider', 'nobody'] as Who[]) {
  test(`in Vietnamese, every screen ${who === 'nobody' ? 'for people signed out' : `of the ${who}`} and each of its tabs leaves no English behind`, async ({
    page,
    request,
  }) => {
    test.setTimeout(600_000);
    const ids = await worldIds(request);
    await useLanguage(page, 'vi');
    if (who !== 'nobody') {
      await signIn(page, DEMO_USERS[who], 'vi');
      await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    }
    const screens = ROUTES.filter((r) => isOwnScreen(who, r));
    expect(screens.length).toBeGreaterThan(5);
    const findings: string[] = [];
    for (const route of screens) {
      const path = route.replace(/:(\w+)/g, (_, k: string) => ids[k]!);
      // What the API answered for this screen: names, addresses and other data may be English.
      const api = watchApi(page, { bodies: true });
      await page.goto(path);
      await api.settled();
      const texts = await elementTexts(page, { withNames: true });
      const tabs = page.getByRole('tab');
      for (let i = 0; i < (await tabs.count()); i++) {
        await tabs.nth(i).click();
        await api.settled();
        texts.push(...(await elementTexts(page, { withNames: true })));
      }
      api.stop();
      for (const text of englishLeftovers(texts, api.answered.join('\n').toLowerCase()))
        findings.push(`${path}: "${text}"`);
    }
    expect([...new Set(findings)]).toEqual([]);
  });
}
