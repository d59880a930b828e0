// @vitest-environment jsdom
// (happy-dom cannot run DOMPurify soundly: its NodeIterator stops at a removed node, leaving later nodes unsanitised.)
import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from './richText';

describe('sanitizeRichText', () => {
  it('keeps the editor formatting', () => {
    expect(sanitizeRichText('<p>Hello <strong>world</strong></p><ul><li>a</li></ul>')).toBe(
      '<p>Hello <strong>world</strong></p><ul><li>a</li></ul>',
    );
  });

  it('drops scripts, event handlers, links and styles', () => {
    const out = sanitizeRichText(
      '<p onclick="x()">Hi<script>alert(1)</script><img src=x onerror="alert(2)"><a href="javascript:alert(3)">link</a></p><style>p{}</style>',
    );
    expect(out).toBe('<p>Hilink</p>');
  });

  it('answers an empty string for no description', () => {
    expect(sanitizeRichText(null)).toBe('');
  });
});
