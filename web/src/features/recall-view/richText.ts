import { sanitizeHtml } from '@portal/design-system';

/** Stored event descriptions are HTML typed by users: keep the editor's formatting only, before rendering it. */
export function sanitizeRichText(html: string | null | undefined): string {
  return sanitizeHtml(html, { richText: true });
}
