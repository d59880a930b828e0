import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';

/**
 * The own text of every element (text nodes directly inside it), trimmed. By default only what is shown: not hidden,
 * not aria-hidden, laid out. `withNames` also reads every element, hidden or not, and adds the words of its
 * placeholder, title, accessible name and alt text (what a screen reader says).
 */
export function elementTexts(page: Page, { withNames = false } = {}): Promise<string[]> {
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

/** Every text the Vietnamese catalog gives (some are plain ASCII on purpose: "Email", "UDI", "eR"). */
const VIETNAMESE_MESSAGES = new Set(
  [
    ...readFileSync(new URL('../web/src/locales/vi/messages.po', import.meta.url), 'utf8').matchAll(
      /msgstr "((?:[^"\\]|\\.)*)"/g,
    ),
  ].map((m) => m[1]!),
);
const VIETNAMESE_LETTER = /[àáảãạăắằẳẵặâấầẩẫậđèéẻẽẹêếềểễệìíỉĩịòóỏõọôốồổỗộơớờởỡợùúủũụưứừửữựỳýỷỹỵ]/i;
/**
 * Texts that are the same in every language: the product's name, dates as "31 thg 8", lists of file types, web
 * addresses (a link field's "https://" placeholder).
 */
const SAME_IN_EVERY_LANGUAGE = [
  /^Notisphere$/,
  /^\d{1,2} thg \d{1,2}$/,
  /^\.[a-z0-9]+(, \.[a-z0-9]+)*$/,
  /^https?:\/\/\S*$/,
];
/**
 * The roles every new organisation is seeded with (core's SEEDED_ROLES): an organisation's own data, named as stored
 * in every language like any role it adds (docs/decisions.md "Both languages to the last word"). The dialogs that
 * create an organisation offer them before any exists, so no answer of the API carries them there.
 */
const SEEDED_ROLE_NAMES = ['Administrator', 'Recall Coordinator', 'Sourcing Coordinator', 'Responder'];

/**
 * English left behind, whatever its words: in Vietnamese, a text with no Vietnamese letter must be one the
 * catalog gives, the same in every language, or data: each of its parts (split at commas, dots, angle brackets,
 * parentheses and line breaks: a list's options one per line, an address in brackets) found in what the API answered
 * for that screen. A hard-coded label, a component's English default or an untranslated
 * toolbar is none of these.
 */
export function englishLeftovers(texts: string[], answered: string): string[] {
  // A long value cut at 25 characters (TruncatedText) is still data: its start is in the answer.
  const isData = (whole: string) => {
    const part = whole.replace(/(\.\.\.|…)$/, '');
    return answered.includes(part.toLowerCase()) || answered.includes(JSON.stringify(part).slice(1, -1).toLowerCase());
  };
  return texts.filter(
    (text) =>
      !VIETNAMESE_LETTER.test(text) &&
      /[A-Za-z]{3,}/.test(text) &&
      !VIETNAMESE_MESSAGES.has(text) &&
      !SAME_IN_EVERY_LANGUAGE.some((p) => p.test(text)) &&
      !SEEDED_ROLE_NAMES.includes(text) &&
      !text
        .split(/\s*[,·<>()\n]\s*/)
        .filter((part) => /[A-Za-z]{3,}/.test(part))
        .every(isData),
  );
}
