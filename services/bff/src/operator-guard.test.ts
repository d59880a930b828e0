import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '@portal/core';
import { DEMO_PASSWORD, startTestApp, type TestApp } from '@portal/testing';

/**
 * Every operator operation of /api/openapi.json, read from the served document so a route added later is
 * covered without touching this file: suppliers and providers get 403, anonymous callers 401, and an operator whose
 * role lacks the permission the route names (its `x-permissions`) gets 403.
 *
 * Two exceptions come from the spec: Quick Links "needs any permission" (000 §2), so its calls name none and admit any
 * operator (`x-access: operator`); and `account-links` gives every signed-in user the quick links aimed at its own
 * organisation (000 §3, the header images).
 */
const EVERY_USER = new Set(['/api/notisphere/quickLinks/account-links']);
type Operation = { method: string; path: string; url: string; permissions: string[]; anyOperator: boolean };

let t: TestApp;
let operations: Operation[];

/**
 * A concrete URL for a templated path; the values are well-formed so a refusal cannot be the 404 of a path that names
 * nothing. The body is malformed JSON: access is checked before any body is read, so the refusal is still 401 or 403.
 */
const SAMPLE: Record<string, string> = { type: 'RECALL', recallNumber: 'Z-0001-2020' };
const concrete = (path: string) =>
  path.replace(/^\/api/, '').replace(/\{(\w+)\}/g, (_, name: string) => SAMPLE[name] ?? '1');

beforeAll(async () => {
  t = await startTestApp();
  const doc = (await (await fetch(`${t.baseUrl}/api/openapi.json`)).json()) as {
    paths: Record<string, Record<string, { 'x-permissions'?: string[]; 'x-access'?: string }>>;
  };
  operations = Object.entries(doc.paths)
    .filter(([path]) => path.startsWith('/api/notisphere/'))
    .flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => ({
        method: method.toUpperCase(),
        path,
        url: `/api${concrete(path)}`,
        permissions: op['x-permissions'] ?? [],
        anyOperator: op['x-access'] === 'operator',
      })),
    );
});
afterAll(() => t.close());

const call = (op: Operation, token?: string) =>
  t.call(op.method, op.url, {
    ...(token ? { token } : {}),
    ...(op.method === 'GET' ? {} : { raw: '{"malformed": ', headers: { 'content-type': 'application/json' } }),
  });

/** An operator user holding one role with exactly these permissions, made through the operator's own roles call. */
async function operatorWith(permissions: string[], n: number): Promise<string> {
  const admin = (await t.signIn('admin@operator.demo')).access_token;
  const org = (await t.db('organizations').where({ type: 'NOTISPHERE' }).first('id')) as { id: number };
  const name = `Guard ${n}`;
  const created = await t.call('POST', '/api/notisphere/roles', {
    token: admin,
    body: { organization_id: org.id, name, permissions },
  });
  expect(created.status, created.body.m).toBe(200);
  const role = (await t.db('roles').where({ organization_id: org.id, name }).first('id')) as { id: number };
  const email = `guard${n}@operator.demo`;
  const [user] = (await t
    .db('users')
    .insert({
      email,
      first_name: 'Guard',
      last_name: String(n),
      status: 'VERIFIED',
      email_verified_at: new Date(),
      password_hash: await hashPassword(DEMO_PASSWORD),
    })
    .returning('id')) as { id: number }[];
  await t.db('memberships').insert({ user_id: user!.id, organization_id: org.id, role_id: role.id, status: 'ACTIVE' });
  return (await t.signIn(email)).access_token;
}

describe('every operator route', () => {
  it('is in the OpenAPI document with the operator permissions it requires', () => {
    expect(operations.length).toBeGreaterThan(80);
    for (const op of operations) {
      if (EVERY_USER.has(op.path)) continue;
      if (op.anyOperator)
        expect(op.path, 'only Quick Links admit any operator').toMatch(/^\/api\/notisphere\/quickLinks/);
      else expect(op.permissions.length, `${op.method} ${op.path} names its permissions`).toBeGreaterThan(0);
      for (const p of op.permissions) expect(p, `${op.method} ${op.path}`).toMatch(/^Noti[sS]phere_/);
    }
  });

  it('answers 401 to an anonymous caller and 403 to a supplier or provider administrator', {
    timeout: 300_000,
  }, async () => {
    const supplier = (await t.signIn('admin@acme.demo')).access_token;
    const provider = (await t.signIn('admin@riverside.demo')).access_token;
    for (const op of operations) {
      expect((await call(op)).status, `anonymous ${op.method} ${op.path}`).toBe(401);
      if (EVERY_USER.has(op.path)) continue;
      expect((await call(op, supplier)).status, `supplier ${op.method} ${op.path}`).toBe(403);
      expect((await call(op, provider)).status, `provider ${op.method} ${op.path}`).toBe(403);
    }
  });

  it("answers 403 to an operator holding every other operator permission but not the route's", async () => {
    const all = [...new Set(operations.flatMap((op) => op.permissions))].sort();
    // One operator per permission set the routes name, holding all the others: one call per route.
    const tokens = new Map<string, string>();
    let refused = 0;
    for (const op of operations) {
      if (!op.permissions.length) continue;
      const key = [...op.permissions].sort().join(',');
      if (!tokens.has(key))
        tokens.set(
          key,
          await operatorWith(
            all.filter((p) => !op.permissions.includes(p)),
            tokens.size,
          ),
        );
      expect((await call(op, tokens.get(key))).status, `without ${key}: ${op.method} ${op.path}`).toBe(403);
      refused++;
    }
    expect(refused).toBeGreaterThan(80);
  }, 300_000);
});
