import { describe, expect, it } from 'vitest';
import { createClientResolver, normaliseAddress, parseTrustProxy } from './client-address.js';
import { loadConfig } from './config.js';

const line = (socketAddress: string, forwardedFor?: string, forwardedProto?: string, encrypted = false) => ({
  socketAddress,
  encrypted,
  forwardedFor,
  forwardedProto,
});

describe('TRUST_PROXY', () => {
  it('reads unset, 0, a hop count and a list of IPs and CIDR ranges', () => {
    expect(parseTrustProxy(undefined)).toEqual({ kind: 'none' });
    expect(parseTrustProxy('')).toEqual({ kind: 'none' });
    expect(parseTrustProxy('0')).toEqual({ kind: 'none' });
    expect(parseTrustProxy('1')).toEqual({ kind: 'hops', hops: 1 });
    expect(parseTrustProxy(' 2 ')).toEqual({ kind: 'hops', hops: 2 });
    expect(parseTrustProxy('10.0.0.0/8, 127.0.0.1,::1,fd00::/8')).toEqual({
      kind: 'addresses',
      addresses: ['10.0.0.0/8', '127.0.0.1', '::1', 'fd00::/8'],
    });
  });

  it('refuses at start-up what is neither a hop count nor addresses, naming the setting', () => {
    for (const bad of [
      'true',
      'yes',
      '-1',
      '1.5',
      '10.0.0.0/33',
      '::1/129',
      'proxy.example.com',
      '10.0.0.1:8080',
      '1.2.3.4/8/1',
      '99',
    ])
      expect(() => loadConfig({ TRUST_PROXY: bad, JWT_SECRET: 'x'.repeat(40) }), bad).toThrow(/TRUST_PROXY must be/);
    expect(loadConfig({ TRUST_PROXY: '1', JWT_SECRET: 'x'.repeat(40) }).trustProxy).toEqual({ kind: 'hops', hops: 1 });
    expect(loadConfig({ JWT_SECRET: 'x'.repeat(40) }).trustProxy).toEqual({ kind: 'none' });
  });
});

describe('the client address', () => {
  it('unset: the socket address, whatever X-Forwarded-For says', () => {
    const resolve = createClientResolver(parseTrustProxy(undefined));
    expect(resolve(line('203.0.113.9', '198.51.100.1')).address).toBe('203.0.113.9');
    expect(resolve(line('::ffff:203.0.113.9', '198.51.100.1, 10.0.0.1')).address).toBe('203.0.113.9');
    expect(resolve(line('2001:db8::1')).address).toBe('2001:db8::1');
  });

  it('one hop (TRUST_PROXY=1): the rightmost X-Forwarded-For entry, not the leftmost the client wrote', () => {
    const resolve = createClientResolver(parseTrustProxy('1'));
    // The client wrote "6.6.6.6"; the proxy appended the address it saw.
    expect(resolve(line('10.0.0.2', '6.6.6.6, 198.51.100.7')).address).toBe('198.51.100.7');
    expect(resolve(line('10.0.0.2', '198.51.100.7')).address).toBe('198.51.100.7');
    // No header: the proxy itself (a health check) is the client.
    expect(resolve(line('10.0.0.2')).address).toBe('10.0.0.2');
  });

  it('N hops: the N-th entry from the right; fewer entries than hops: the leftmost', () => {
    const resolve = createClientResolver(parseTrustProxy('2'));
    expect(resolve(line('10.0.0.2', '6.6.6.6, 198.51.100.7, 10.0.0.1')).address).toBe('198.51.100.7');
    expect(resolve(line('10.0.0.2', '198.51.100.7')).address).toBe('198.51.100.7');
  });

  it('a list: the first address from the right that is not a listed proxy (IPs and CIDR ranges, v4 and v6)', () => {
    const resolve = createClientResolver(parseTrustProxy('10.0.0.0/8,192.0.2.5,fd00::/8'));
    expect(resolve(line('10.1.2.3', '6.6.6.6, 198.51.100.7, 192.0.2.5')).address).toBe('198.51.100.7');
    expect(resolve(line('::ffff:10.1.2.3', '2001:db8::7, fd00::1')).address).toBe('2001:db8::7');
    // A peer that is not a listed proxy is the client, whatever it writes in the header.
    expect(resolve(line('198.51.100.9', '6.6.6.6')).address).toBe('198.51.100.9');
    // Every hop a proxy: the furthest one.
    expect(resolve(line('10.0.0.1', '10.0.0.9, 192.0.2.5')).address).toBe('10.0.0.9');
  });

  it('an entry that is not an address stops the walk at the hop that wrote it', () => {
    const hops = createClientResolver(parseTrustProxy('2'));
    expect(hops(line('10.0.0.2', '6.6.6.6, garbage')).address).toBe('10.0.0.2');
    const list = createClientResolver(parseTrustProxy('10.0.0.0/8'));
    expect(list(line('10.0.0.2', 'unknown, 10.0.0.3')).address).toBe('10.0.0.3');
    // Ports and brackets a proxy may add are not part of the address.
    expect(list(line('10.0.0.2', '[2001:db8::7]:443')).address).toBe('2001:db8::7');
    expect(list(line('10.0.0.2', '198.51.100.7:5123')).address).toBe('198.51.100.7');
  });

  it('normalises IPv4-mapped IPv6, brackets and ports, and refuses what is not an IP', () => {
    expect(normaliseAddress('::FFFF:192.0.2.1')).toBe('192.0.2.1');
    expect(normaliseAddress('[::1]:80')).toBe('::1');
    expect(normaliseAddress('a.b.c.d')).toBe('');
    expect(normaliseAddress(' <script> ')).toBe('');
  });
});

describe('https', () => {
  it('a TLS socket is https; X-Forwarded-Proto counts only from a trusted proxy', () => {
    expect(createClientResolver(parseTrustProxy(undefined))(line('10.0.0.2', undefined, undefined, true)).https).toBe(
      true,
    );
    expect(createClientResolver(parseTrustProxy(undefined))(line('10.0.0.2', undefined, 'https')).https).toBe(false);
    expect(createClientResolver(parseTrustProxy('1'))(line('10.0.0.2', undefined, 'https')).https).toBe(true);
    expect(createClientResolver(parseTrustProxy('1'))(line('10.0.0.2', undefined, 'http')).https).toBe(false);
    const list = createClientResolver(parseTrustProxy('10.0.0.0/8'));
    expect(list(line('10.0.0.2', '198.51.100.7', 'HTTPS')).https).toBe(true);
    expect(list(line('198.51.100.9', undefined, 'https')).https).toBe(false);
  });
});

describe('LOGO_HOSTS', () => {
  it('takes https origins and refuses anything that could bend the policy', () => {
    const env = { JWT_SECRET: 'x'.repeat(40) };
    expect(loadConfig(env).logoHosts).toEqual([]);
    expect(
      loadConfig({ ...env, LOGO_HOSTS: 'https://cdn.example.com/, https://*.img.example.org:8443' }).logoHosts,
    ).toEqual(['https://cdn.example.com', 'https://*.img.example.org:8443']);
    for (const bad of [
      'http://cdn.example.com',
      'https:',
      "https://a.example.com; script-src 'unsafe-inline'",
      '*',
      'https://a.example.com/path',
    ])
      expect(() => loadConfig({ ...env, LOGO_HOSTS: bad }), bad).toThrow(/LOGO_HOSTS must be/);
  });
});
