import DOMPurify from 'dompurify';
import { RICH_TEXT_ATTRIBUTES, RICH_TEXT_TAGS } from '@portal/vocabulary';

/** The tags the rich text editor produces: descriptions keep these (no attribute) and lose every other tag. */
export { RICH_TEXT_TAGS };

/**
 * The browser's one HTML sanitiser (DOMPurify): scripts, event handlers, `javascript:` links and other active
 * content never survive. By default DOMPurify's HTML profile (formatting, tables, links, images) is kept, which is
 * what a converted document needs; `richText` keeps the editor's tags only, unwrapping the rest to their text.
 */
export function sanitizeHtml(html: string | null | undefined, options: { richText?: boolean } = {}): string {
  if (!html) return '';
  if (options.richText) {
    return DOMPurify.sanitize(html, {
      ALLOWED_TAGS: [...RICH_TEXT_TAGS],
      // The one allow-list, shared with the server's sanitiser (core `cleanRichText`, on write).
      ALLOWED_ATTR: [...RICH_TEXT_ATTRIBUTES],
      KEEP_CONTENT: true,
      // Their text is code or fallback, never part of the description.
      ADD_FORBID_CONTENTS: ['object', 'embed'],
    });
  }
  return DOMPurify.sanitize(html, { USE_PROFILES: { html: true } });
}
