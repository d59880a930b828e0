// @vitest-environment jsdom
// (happy-dom cannot run DOMPurify soundly: its NodeIterator stops at a removed node, leaving later nodes unsanitised.)
import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from './sanitize';

describe('sanitizeHtml', () => {
  it('strips scripts, event handlers and javascript: links from a document, keeping its markup', () => {
    const out = sanitizeHtml(
      '<h1>Title</h1><p>Text <a href="javascript:alert(1)">bad</a> <a href="https://example.com/">good</a></p><script>alert(2)</script><img src="x" onerror="alert(3)"><table><tr><td>cell</td></tr></table>',
    );
    expect(out).not.toMatch(/script|onerror|javascript:/i);
    expect(out).toContain('<h1>Title</h1>');
    expect(out).toContain('<a href="https://example.com/">good</a>');
    expect(out).toContain('<img src="x">');
    expect(out).toContain('<td>cell</td>');
  });

  it('keeps embedded images of a converted document', () => {
    expect(sanitizeHtml('<p><img src="data:image/png;base64,iVBORw0KGgo="></p>')).toBe(
      '<p><img src="data:image/png;base64,iVBORw0KGgo="></p>',
    );
  });

  it('keeps only the editor tags, without attributes, for rich text', () => {
    expect(
      sanitizeHtml(
        '<p class="x" style="color:red">Hi <span>there</span> <a href="https://e.com">link</a></p><object>fallback</object>',
        { richText: true },
      ),
    ).toBe('<p>Hi there link</p>');
  });

  it('answers an empty string for nothing', () => {
    expect(sanitizeHtml(undefined)).toBe('');
  });
});
