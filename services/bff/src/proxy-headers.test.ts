import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  type Config,
  createLogger,
  LocalFileStore,
  loadConfig,
  type ModuleDeps,
  parseTrustProxy,
  route,
  signedUrls,
} from '@portal/core';
import { createTestDatabase } from '@portal/testing';
import { createApp } from './app.js';
import { createModules } from './modules.js';

// Item 4 and 6 of issue 34: one resolver of the client's address (TRUST_PROXY), HSTS only over https, images from this
// origin only, and no signed-link token in the access log.

let database: Awaited<ReturnType<typeof createTestDatabase>>;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-proxy-data-'));
const filesDir = mkdtempSync(path.join(os.tmpdir(), 'portal-proxy-files-'));
const servers: Server[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  for (const s of servers) {
    s.closeAllConnections();
    await new Promise((r) => s.close(r));
  }
  await database.drop();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(filesDir, { recursive: true, force: true });
});

/** The whole BFF plus one route that answers the address its handler was given (what audit and sessions record). */
async function serve(overrides: Partial<Config> & { TRUST_PROXY?: string } = {}) {
  const { TRUST_PROXY, ...rest } = overrides;
  const config: Config = {
    ...loadConfig({ ...process.env, DATABASE_URL: database.url, DATA_DIR: dataDir }),
    trustProxy: parseTrustProxy(TRUST_PROXY),
    authRateLimitPerMinute: 100,
    publicFormRateLimitPerMinute: 3,
    failedSignInsPerAddress: 2,
    ...rest,
  };
  const logger = createLogger('silent');
  const info = vi.spyOn(logger, 'info');
  const deps: ModuleDeps = {
    db: database.db,
    config,
    logger,
    mail: { kick: () => undefined },
    files: new LocalFileStore(filesDir),
  };
  const echo = {
    name: 'echo',
    routes: [
      route({
        method: 'GET',
        path: '/echo/address',
        access: 'public',
        summary: 'the caller address',
        handler: ({ ip }) => ({ ip }),
      }),
    ],
  };
  const server = createApp({ deps, modules: [...createModules(deps), echo] }).listen(0, '127.0.0.1');
  servers.push(server);
  await new Promise((r) => server.once('listening', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const get = (p: string, headers: Record<string, string> = {}) => fetch(`${base}${p}`, { headers });
  const addressOf = async (headers: Record<string, string> = {}) =>
    ((await (await get('/api/echo/address', headers)).json()) as { d: { ip: string } }).d.ip;
  return { base, config, deps, get, addressOf, info };
}

const windowCount = async (key: string) =>
  ((await database.db('rate_limit_windows').where({ key }).first('count')) as { count: number } | undefined)?.count ??
  0;

describe('TRUST_PROXY: the one client address', () => {
  it('unset: the socket address; a client-written X-Forwarded-For changes neither the address nor the budget', async () => {
    const app = await serve();
    expect(await app.addressOf({ 'x-forwarded-for': '6.6.6.6' })).toBe('127.0.0.1');
    const statuses: number[] = [];
    for (let i = 1; i <= 4; i++)
      statuses.push(
        (await app.get('/api/auth/organization-byId?organizationId=1', { 'x-forwarded-for': `6.6.6.${i}` })).status,
      );
    // Three calls in the budget, the fourth refused: a fresh header did not buy a fresh budget.
    expect(statuses.slice(0, 3)).not.toContain(429);
    expect(statuses[3]).toBe(429);
    expect(await windowCount('public:127.0.0.1')).toBe(4);
    expect(await windowCount('public:6.6.6.4')).toBe(0);
  });

  it('one hop (TRUST_PROXY=1): the address the proxy appended, whatever the client wrote to its left', async () => {
    const app = await serve({ TRUST_PROXY: '1' });
    expect(await app.addressOf({ 'x-forwarded-for': '6.6.6.6, 198.51.100.7' })).toBe('198.51.100.7');
    expect(await app.addressOf()).toBe('127.0.0.1');
    const statuses: number[] = [];
    for (let i = 1; i <= 4; i++)
      statuses.push(
        (
          await app.get('/api/auth/organization-byId?organizationId=1', {
            'x-forwarded-for': `6.6.6.${i}, 198.51.100.8`,
          })
        ).status,
      );
    expect(statuses[3]).toBe(429);
    expect(await windowCount('public:198.51.100.8')).toBe(4);
    expect(await windowCount('public:6.6.6.1')).toBe(0);
  });

  it('the failed sign-ins per address count the resolved address, not the header the guesser rotates', async () => {
    const app = await serve({ TRUST_PROXY: '1' });
    const attempt = (i: number) =>
      fetch(`${app.base}/api/auth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `6.6.${i}.1, 198.51.100.20` },
        body: JSON.stringify({ grant_type: 'password', email: 'nobody@example.com', password: 'Wrong#pass1' }),
      });
    const first = await attempt(1);
    const second = await attempt(2);
    expect([first.status, second.status]).not.toContain(429);
    expect((await attempt(3)).status).toBe(429);
    expect(await windowCount('signin-failures:198.51.100.20')).toBe(2);
  });

  it('N hops: the N-th entry from the right', async () => {
    const app = await serve({ TRUST_PROXY: '2' });
    expect(await app.addressOf({ 'x-forwarded-for': '6.6.6.6, 198.51.100.9, 10.0.0.5' })).toBe('198.51.100.9');
  });

  it('a list of proxies: the first address from the right not on it; a peer not on it is the client', async () => {
    const listed = await serve({ TRUST_PROXY: '127.0.0.1,10.0.0.0/8' });
    expect(await listed.addressOf({ 'x-forwarded-for': '6.6.6.6, 198.51.100.10, 10.2.3.4' })).toBe('198.51.100.10');
    const notListed = await serve({ TRUST_PROXY: '10.0.0.0/8' });
    expect(await notListed.addressOf({ 'x-forwarded-for': '198.51.100.10' })).toBe('127.0.0.1');
  });
});

describe('Strict-Transport-Security', () => {
  const HSTS = 'max-age=31536000; includeSubDomains';

  it('only when the request arrived over https by a trusted proxy', async () => {
    const untrusting = await serve();
    expect((await untrusting.get('/api/health/live')).headers.get('strict-transport-security')).toBeNull();
    // A client that claims https itself is not believed.
    expect(
      (await untrusting.get('/api/health/live', { 'x-forwarded-proto': 'https' })).headers.get(
        'strict-transport-security',
      ),
    ).toBeNull();

    const behindProxy = await serve({ TRUST_PROXY: '1' });
    expect(
      (await behindProxy.get('/api/health/live', { 'x-forwarded-proto': 'https' })).headers.get(
        'strict-transport-security',
      ),
    ).toBe(HSTS);
    // The web app's pages too, not only the API.
    expect(
      (await behindProxy.get('/', { 'x-forwarded-proto': 'https' })).headers.get('strict-transport-security'),
    ).toBe(HSTS);
    expect(
      (await behindProxy.get('/api/health/live', { 'x-forwarded-proto': 'http' })).headers.get(
        'strict-transport-security',
      ),
    ).toBeNull();

    const otherProxy = await serve({ TRUST_PROXY: '10.0.0.0/8' });
    expect(
      (await otherProxy.get('/api/health/live', { 'x-forwarded-proto': 'https' })).headers.get(
        'strict-transport-security',
      ),
    ).toBeNull();
  });
});

describe('Content-Security-Policy img-src', () => {
  const imgSrc = (csp: string | null) => /img-src ([^;]*)/.exec(csp ?? '')?.[1];

  it("is 'self' data: blob: by default, plus the LOGO_HOSTS an install names", async () => {
    const plain = await serve();
    expect(imgSrc((await plain.get('/api/health/live')).headers.get('content-security-policy'))).toBe(
      "'self' data: blob:",
    );
    const withLogos = await serve({ logoHosts: ['https://logos.example.com'] });
    expect(imgSrc((await withLogos.get('/api/health/live')).headers.get('content-security-policy'))).toBe(
      "'self' data: blob: https://logos.example.com",
    );
  });

  it('holds on a file shown in place too, and the file itself still opens', async () => {
    const app = await serve();
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
    await app.deps.files.put('logos/csp.png', png);
    const { signed_url_review } = signedUrls(app.config.jwtSecret, 'logos/csp.png', 'logo.png');
    const res = await app.get(signed_url_review);
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer())).toEqual(png);
    const csp = res.headers.get('content-security-policy');
    expect(csp).toContain("frame-ancestors 'self'");
    expect(imgSrc(csp)).toBe("'self' data: blob:");
  });
});

describe('the access log', () => {
  it('never holds a signed file link token', async () => {
    const app = await serve();
    await app.deps.files.put('documents/log.pdf', Buffer.from('%PDF-1.7\n'));
    const { signed_url } = signedUrls(app.config.jwtSecret, 'documents/log.pdf', 'log.pdf');
    const token = signed_url.slice('/api/files/'.length);
    expect((await app.get(signed_url)).status).toBe(200);
    // A refused (tampered) token is not logged either.
    expect((await app.get(`/api/files/${token}x`)).status).toBe(404);
    const requests = app.info.mock.calls.filter((c) => c[1] === 'request').map((c) => c[0] as { path: string });
    expect(requests.filter((r) => r.path === '/api/files/[redacted]')).toHaveLength(2);
    const logged = JSON.stringify(app.info.mock.calls);
    expect(logged).not.toContain(token.split('.')[0]);
    expect(logged).not.toContain(token.split('.')[1]);
  });
});
