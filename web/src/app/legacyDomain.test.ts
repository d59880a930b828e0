import { describe, expect, it } from 'vitest';
import { decideLegacyDomain, parseHostList } from './legacyDomain';

const at = (hostname: string, pathname: string, search = '') => ({ hostname, pathname, search });

describe('legacy domain', () => {
  it('is off by default (no legacy hosts configured)', () => {
    expect(parseHostList(undefined)).toEqual([]);
    expect(decideLegacyDomain(at('recalls.example.com', '/login'), [], 'https://alerts.example.com')).toEqual({
      kind: 'none',
    });
  });

  it('parses a comma-separated host list', () => {
    expect(parseHostList(' Recalls.Example.com, ,old.example.org ')).toEqual([
      'recalls.example.com',
      'old.example.org',
    ]);
  });

  it('redirects webform links to the same path and query on the new domain', () => {
    expect(
      decideLegacyDomain(
        at('recalls.example.com', '/provider/recall-notice-webform', '?token=abc'),
        ['recalls.example.com'],
        'https://alerts.example.com/',
      ),
    ).toEqual({ kind: 'redirect', url: 'https://alerts.example.com/provider/recall-notice-webform?token=abc' });
  });

  it('shows the blocking Redirect modal for other paths', () => {
    expect(
      decideLegacyDomain(
        at('RECALLS.example.com', '/supplier/recalls', '?conId=3'),
        ['recalls.example.com'],
        'https://alerts.example.com',
      ),
    ).toEqual({
      kind: 'modal',
      url: 'https://alerts.example.com/supplier/recalls?conId=3',
    });
  });

  it('does nothing on the new domain or without a target', () => {
    expect(
      decideLegacyDomain(at('alerts.example.com', '/login'), ['recalls.example.com'], 'https://alerts.example.com'),
    ).toEqual({ kind: 'none' });
    expect(decideLegacyDomain(at('recalls.example.com', '/login'), ['recalls.example.com'], '')).toEqual({
      kind: 'none',
    });
  });
});
