import { describe, expect, it } from 'vitest';
import { escapeHtml, htmlParagraphs } from './html.js';

describe('html', () => {
  it('escapes every character that could open markup or an attribute', () => {
    expect(escapeHtml(`<img src=x onerror="a('b')">&`)).toBe(
      '&lt;img src=x onerror=&quot;a(&#39;b&#39;)&quot;&gt;&amp;',
    );
    expect(htmlParagraphs(['a < b', 'c'])).toBe('<p>a &lt; b</p>\n<p>c</p>');
  });
});
