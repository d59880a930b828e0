import { describe, expect, it } from 'vitest';
import { accountLinksFrom } from './quickLinks';

describe('account links', () => {
  const link = { path: '/files/logo.png', url: 'https://partner.example.com' };

  it('reads a plain list or a list answer', () => {
    expect(accountLinksFrom([link])).toEqual([link]);
    expect(accountLinksFrom({ items: [link], total: 1 })).toEqual([link]);
  });

  it('drops malformed entries and treats anything else as no links', () => {
    expect(accountLinksFrom([link, { path: 3 }, null, 'x'])).toEqual([link]);
    expect(accountLinksFrom(null)).toEqual([]);
    expect(accountLinksFrom({ ok: false })).toEqual([]);
  });
});
