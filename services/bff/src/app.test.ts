import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import os from 'node:os';
import { createLogger, LocalFileStore, route, ValidationError, type ModuleDeps } from '@portal/core';
import { createTestDatabase, startTestApp, type TestApp } from '@portal/testing';
import { createApp } from './app.js';
import { createModules } from './modules.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ bodyLimitBytes: 2048 });
});
afterAll(() => t.close());

describe('envelope', () => {
  it('wraps success as { ok, m, d } with the version and request id headers', async () => {
    const res = await t.call('GET', '/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true, m: '', d: { status: 'ok', version: '3.11.2', db: 'up' } });
    expect(res.headers.get('x-app-version')).toBe('3.11.2');
    expect(res.headers.get('x-request-id')).toMatch(/^[\w-]{8,}$/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
  });

  it('echoes a well-formed incoming request id', async () => {
    const res = await t.call('GET', '/api/health', { headers: { 'x-request-id': 'abc-123-def-456' } });
    expect(res.headers.get('x-request-id')).toBe('abc-123-def-456');
  });

  it('answers an unknown /api path with a 404 envelope', async () => {
    const res = await t.call('GET', '/api/no/such/thing');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ ok: false, error: { code: 'NO_SUCH_PATH', params: { method: 'GET' } } });
    expect(res.body.m).toContain('/api/no/such/thing');
  });

  it('answers a wrong method with 405', async () => {
    const res = await t.call('DELETE', '/api/me');
    expect(res.status).toBe(405);
    expect(res.body).toMatchObject({ ok: false, m: 'Method not allowed.', error: { code: 'METHOD_NOT_ALLOWED' } });
  });

  it('answers a missing token with 401 and a bad body with 400 naming the field', async () => {
    const noToken = await t.call('GET', '/api/me');
    expect(noToken.status).toBe(401);
    expect(noToken.body).toMatchObject({ ok: false, error: { code: 'UNAUTHORIZED' } });
    const bad = await t.call('POST', '/api/auth/token', { body: { grant_type: 'magic' } });
    expect(bad.status).toBe(400);
    expect(bad.body.ok).toBe(false);
    expect(bad.body.m).toContain('grant_type must be one of password, refresh_token, authorization_code');
    // Each problem has its code, with what a client needs to say it in its own language.
    expect(bad.body.error).toMatchObject({
      code: 'VALUE_NOT_IN_LIST',
      params: { field: 'grant_type', allowed: 'password, refresh_token, authorization_code' },
    });
  });

  it('answers malformed JSON with 400', async () => {
    const res = await t.call('POST', '/api/auth/token', {
      raw: '{"grant_type":',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ ok: false, error: { code: 'INVALID_BODY' } });
  });

  it('answers an oversized body with 413', async () => {
    const res = await t.call('POST', '/api/auth/token', {
      body: { grant_type: 'password', email: 'a@b.co', password: 'x'.repeat(5000) },
    });
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({
      ok: false,
      m: 'The request body is too large.',
      error: { code: 'PAYLOAD_TOO_LARGE' },
    });
  });

  it('serves an OpenAPI 3.1 document built from the route tables', async () => {
    const res = await fetch(`${t.baseUrl}/api/openapi.json`);
    const doc = (await res.json()) as {
      openapi: string;
      paths: Record<string, Record<string, { requestBody?: unknown; security?: unknown[] }>>;
    };
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.paths['/api/auth/token']?.post?.requestBody).toBeDefined();
    expect(doc.paths['/api/auth/SignUpUser']?.post).toBeDefined();
    expect(doc.paths['/api/users/{id}']?.get?.security).toEqual([{ bearer: [] }]);
  });
});

describe('errors never leak internals', () => {
  it('answers an unexpected error with a generic 500 and no stack or SQL', async () => {
    const database = await createTestDatabase();
    const logger = createLogger('silent');
    const deps: ModuleDeps = {
      db: database.db,
      config: t.config,
      logger,
      mail: { kick: () => undefined },
      files: new LocalFileStore(os.tmpdir()),
    };
    const broken = {
      name: 'broken',
      routes: [
        route({
          method: 'GET',
          path: '/boom',
          access: 'public',
          summary: 'throws',
          handler: () => database.db.raw('SELECT * FROM no_such_table'),
        }),
        route({
          method: 'GET',
          path: '/rule',
          access: 'public',
          summary: 'throws',
          handler: () => {
            throw new ValidationError('PROPERTY_REQUIRED', { property: 'name' });
          },
        }),
      ],
    };
    const app = createApp({ deps, modules: [...createModules(deps), broken] });
    const server = app.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    const port = (server.address() as { port: number }).port;
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/boom`);
      const body = (await res.json()) as { ok: boolean; m: string; error: { code: string } };
      expect(res.status).toBe(500);
      expect(body.ok).toBe(false);
      expect(body.error.code).toBe('INTERNAL_ERROR');
      expect(JSON.stringify(body)).not.toMatch(/no_such_table|SELECT|at .*\.ts/);
      const rule = await fetch(`http://127.0.0.1:${port}/api/rule`);
      expect(rule.status).toBe(400);
      expect(await rule.json()).toMatchObject({
        ok: false,
        m: 'name is required',
        error: { code: 'PROPERTY_REQUIRED', params: { property: 'name' } },
      });
    } finally {
      server.close();
      await database.drop();
    }
  });
});

describe('limits on /api/auth/*', () => {
  it('counts account mail per address and minute, answers 429 past it, and leaves other paths alone', async () => {
    const limited = await startTestApp({ authRateLimitPerMinute: 3 }, { seed: false });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 5; i++)
        codes.push((await limited.call('POST', '/api/auth/forgot-password', { body: { email: 'x@y.test' } })).status);
      expect(codes.slice(0, 3).every((c) => c !== 429)).toBe(true);
      expect(codes.slice(3)).toEqual([429, 429]);
      const last = await limited.call('POST', '/api/auth/forgot-password', { body: { email: 'x@y.test' } });
      expect(last.body).toMatchObject({ ok: false, error: { code: 'RATE_LIMITED' } });
      expect(last.headers.get('retry-after')).toMatch(/^\d+$/);
      expect((await limited.call('GET', '/api/health')).status).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('gives refreshes and public-form calls budgets of their own, which spend neither the other nor sign-ins', async () => {
    const limited = await startTestApp({
      authRateLimitPerMinute: 2,
      authRefreshRateLimitPerMinute: 3,
      publicFormRateLimitPerMinute: 3,
      failedSignInsPerAddress: 2,
    });
    try {
      const session = await limited.signIn('admin@acme.demo');
      const refreshes: number[] = [];
      for (let i = 0; i < 4; i++) refreshes.push((await limited.call('GET', '/api/auth/idp/logout')).status);
      expect(refreshes).toEqual([200, 200, 200, 429]);
      const publicCalls: number[] = [];
      for (let i = 0; i < 4; i++)
        publicCalls.push((await limited.call('GET', '/api/auth/organization-bylink?link=nowhere')).status);
      expect(publicCalls.slice(0, 3).every((c) => c !== 429)).toBe(true);
      expect(publicCalls[3]).toBe(429);
      // Neither spent the sign-in budget, nor does signing in: the whole office signs in behind one address.
      for (let i = 0; i < 4; i++) expect((await limited.signIn('recalls@acme.demo')).access_token).toBeTruthy();
      expect(session.refresh_token).toBeTruthy();
    } finally {
      await limited.close();
    }
  });

  it('refuses sign-ins from an address after its failed ones, but not refreshes; an account locks on its own failures', async () => {
    const limited = await startTestApp({ failedSignInsPerAddress: 3, authRateLimitPerMinute: 60, maxFailedLogins: 2 });
    try {
      const session = await limited.signIn('admin@acme.demo');
      const wrong = (email: string) =>
        limited.call('POST', '/api/auth/token', { body: { grant_type: 'password', email, password: 'not-it-1A!' } });
      // The account locks after its own 2 failures (423), and each failure counts for the address too.
      expect((await wrong('recalls@acme.demo')).status).toBe(401);
      expect((await wrong('recalls@acme.demo')).status).toBe(423);
      expect((await wrong('sourcing@acme.demo')).status).toBe(401);
      // 3 failures from this address in ten minutes: its next sign-in is refused, even with the right password.
      const refused = await limited.call('POST', '/api/auth/token', {
        body: { grant_type: 'password', email: 'admin@borealis.demo', password: 'Portal#2026' },
      });
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
      // A signed-in user of the same address still refreshes.
      const refreshed = await limited.call('POST', '/api/auth/token', {
        body: { grant_type: 'refresh_token' },
        headers: { cookie: `portal_refresh=${session.refresh_token}`, origin: limited.baseUrl },
      });
      expect(refreshed.status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('health', () => {
  it('reports a database that is down as not ok with 503', async () => {
    const down = await startTestApp({}, { seed: false });
    try {
      expect((await down.call('GET', '/api/health')).status).toBe(200);
      // Drop the app's database under it (FORCE ends its connections): the server is still up, the database is not.
      const name = down.databaseName;
      const admin = await createTestDatabase();
      await admin.db.raw(`DROP DATABASE ${name} WITH (FORCE)`);
      await admin.drop();
      const res = await down.call('GET', '/api/health');
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({
        ok: false,
        error: { code: 'DB_UNAVAILABLE' },
        d: { status: 'down', db: 'down', version: '3.11.2' },
      });
    } finally {
      await down.close();
    }
  });
});
