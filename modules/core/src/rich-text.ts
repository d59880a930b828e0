import { RICH_TEXT_ATTRIBUTES, RICH_TEXT_DROPPED_CONTENT, RICH_TEXT_TAGS } from '@portal/vocabulary';
import sanitizeHtml from 'sanitize-html';

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...RICH_TEXT_TAGS],
  allowedAttributes: { '*': [...RICH_TEXT_ATTRIBUTES] },
  allowedSchemes: [],
  disallowedTagsMode: 'discard',
  nonTextTags: [...RICH_TEXT_DROPPED_CONTENT],
  allowProtocolRelative: false,
};

/**
 * Rich text (an event's description, an FAQ answer) cleaned on write with the browser's allow-list
 * (`@portal/vocabulary`'s RICH_TEXT_TAGS): scripts, event handlers, links, images and styles never reach the
 * database, so an API client reads what the screen shows. Text outside tags is escaped; `<br>` keeps the editor's
 * spelling, so clean HTML from the editor is stored unchanged.
 */
export function cleanRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS).replace(/<br \/>/g, '<br>');
}

/** `cleanRichText` for an optional field: null and undefined pass through. */
export function cleanRichTextOrNull<T extends string | null | undefined>(html: T): T {
  return (typeof html === 'string' ? cleanRichText(html) : html) as T;
}
