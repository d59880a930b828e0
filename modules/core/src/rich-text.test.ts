import { readFileSync } from 'node:fs';
import { RICH_TEXT_TAGS } from '@portal/vocabulary';
import { describe, expect, it } from 'vitest';
import { cleanRichText, cleanRichTextOrNull } from './rich-text.js';

describe('rich text cleaned on write', () => {
  it('drops scripts, event handlers, images, links and styles, keeping the editor formatting', () => {
    expect(cleanRichText('<img src=x onerror=alert(1)><script>alert(2)</script><p onclick="x()">Recall</p>')).toBe(
      '<p>Recall</p>',
    );
    expect(
      cleanRichText('<p style="color:red">A <a href="javascript:alert(1)">link</a> <iframe src="//x">f</iframe></p>'),
    ).toBe('<p>A link </p>');
    expect(cleanRichText('<object data="x">fallback</object><embed src="y"><svg><script>1</script></svg>ok')).toBe(
      'ok',
    );
  });

  it('stores what the editor produces unchanged, so saving again records no change', () => {
    const editor =
      '<h2>Action</h2><p>Remove <strong>lot 42</strong> and <em>quarantine</em><br>it.</p><ul><li><p>a</p></li></ul><ol><li><p>b</p></li></ol><blockquote><p>q</p></blockquote>';
    expect(cleanRichText(editor)).toBe(editor);
    expect(cleanRichText(cleanRichText('<p>A &amp; B &lt; C</p>'))).toBe('<p>A &amp; B &lt; C</p>');
    expect(cleanRichTextOrNull(null)).toBeNull();
    expect(cleanRichTextOrNull(undefined)).toBeUndefined();
  });

  it('uses the one allow-list the browser uses (design-system sanitizeHtml reads the same constant)', () => {
    const browser = readFileSync(new URL('../../../design-system/src/lib/sanitize.ts', import.meta.url), 'utf8');
    expect(browser).toMatch(/import \{[^}]*RICH_TEXT_TAGS[^}]*\} from '@portal\/vocabulary'/);
    expect(browser).toContain('ALLOWED_TAGS: [...RICH_TEXT_TAGS]');
    expect(browser).toContain('ALLOWED_ATTR: [...RICH_TEXT_ATTRIBUTES]');
    // Every tag of the list survives the server's cleaning.
    for (const tag of RICH_TEXT_TAGS) {
      const html = tag === 'br' ? '<br>' : `<${tag}>x</${tag}>`;
      expect(cleanRichText(html)).toBe(html);
    }
  });
});
