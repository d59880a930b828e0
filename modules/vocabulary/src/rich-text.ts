/**
 * The one allow-list of rich text (event descriptions, FAQ answers): the tags the editor (TipTap's starter kit with
 * the toolbar we show) produces, with no attribute at all. The browser's DOMPurify (design-system `sanitizeHtml`) and
 * the server's sanitize-html (core `cleanRichText`, on write) both read it, so what is stored is what is shown.
 */
export const RICH_TEXT_TAGS = [
  'p',
  'br',
  'strong',
  'b',
  'em',
  'i',
  'u',
  'ul',
  'ol',
  'li',
  'h1',
  'h2',
  'h3',
  'blockquote',
] as const;

/** Attributes kept on those tags: none (no links, no styles, no classes, no event handlers). */
export const RICH_TEXT_ATTRIBUTES: readonly string[] = [];

/**
 * Tags removed with their text: code or fallback content that is never part of a description. Every other tag that
 * is not allowed is unwrapped to its text.
 */
export const RICH_TEXT_DROPPED_CONTENT = [
  'script',
  'style',
  'template',
  'noscript',
  'textarea',
  'option',
  'title',
  'iframe',
  'object',
  'embed',
  'svg',
  'math',
  'noembed',
  'noframes',
  'xmp',
  'plaintext',
] as const;
