import { escape as escapeEntities } from 'html-escaper';

/** The one HTML escaper of the server (emails, anything written as HTML): &, <, >, " and ' become entities. */
export const escapeHtml = (text: string): string => escapeEntities(text);

/** Lines of plain text as HTML paragraphs, each escaped: the HTML part of an email that repeats its text. */
export const htmlParagraphs = (lines: readonly string[]): string =>
  lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('\n');
