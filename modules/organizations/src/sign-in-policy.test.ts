import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, startTestApp, type TestApp } from '@portal/testing';

let t: TestApp;
let operator: string;
let operatorOrg: number;
beforeAll(async () => {
  t = await startTestApp();
  operator = (await t.signIn('admin@operator.demo')).access_token;
  operatorOrg = ((await t.db('organizations').where({ type: 'NOTISPHERE' }).first('id')) as { id: number }).id;
});
afterAll(() => t.close());

const PATH = '/api/notisphere/sign-in-policy';
const policyOf = async (where: Record<string, unknown>) =>
  ((await t.db('organizations').where(where).first('two_factor')) as { two_factor: string }).two_factor;
const updates = async () =>
  (await t
    .db('audit_events')
    .where({ action: 'ORGANIZATION_UPDATED', organization_id: operatorOrg })
    .orderBy('id')) as { before: Record<string, unknown>; after: Record<string, unknown>; actor_email: string }[];
const passwordSignIn = (email: string) =>
  t.call('POST', '/api/auth/token', { body: { grant_type: 'password', email, password: DEMO_PASSWORD } });

describe("the operator's own sign-in policy (issue 34, item 5c)", () => {
  it("its administrator reads and sets it, audited; the operator's next sign-in follows it", async () => {
    expect((await t.call('GET', PATH, { token: operator })).body.d).toEqual({ two_factor: 'NONE' });

    const set = await t.call('PUT', PATH, { token: operator, body: { two_factor: 'TOTP' } });
    expect(set.status, set.body.m).toBe(200);
    expect(set.body.d).toEqual({ two_factor: 'TOTP' });
    expect(await policyOf({ id: operatorOrg })).toBe('TOTP');
    expect((await t.call('GET', PATH, { token: operator })).body.d).toEqual({ two_factor: 'TOTP' });
    const audited = await updates();
    expect(audited).toHaveLength(1);
    expect(audited[0]).toMatchObject({
      before: { two_factor: 'NONE' },
      after: { two_factor: 'TOTP' },
      actor_email: 'admin@operator.demo',
    });
    // Only the operator's own organisation: a supplier's policy is untouched.
    expect(await policyOf({ name: 'Acme Medical Devices' })).toBe('NONE');

    // The operator's users now enrol an authenticator before getting tokens.
    const next = await passwordSignIn('admin@operator.demo');
    expect(next.status).toBe(200);
    expect(next.body.d.access_token).toBeNull();
    expect(next.body.d.Challenge).toMatchObject({ type: 'TOTP_ENROLL' });

    // The same policy again writes nothing.
    expect((await t.call('PUT', PATH, { token: operator, body: { two_factor: 'TOTP' } })).status).toBe(200);
    expect(await updates()).toHaveLength(1);

    const back = await t.call('PUT', PATH, { token: operator, body: { two_factor: 'EMAIL_CODE' } });
    expect(back.body.d).toEqual({ two_factor: 'EMAIL_CODE' });
    expect((await updates()).at(-1)).toMatchObject({
      before: { two_factor: 'TOTP' },
      after: { two_factor: 'EMAIL_CODE' },
    });
    expect((await passwordSignIn('admin@operator.demo')).body.d.Challenge).toMatchObject({ type: 'EMAIL_CODE' });
    await t.call('PUT', PATH, { token: operator, body: { two_factor: 'NONE' } });
    expect((await passwordSignIn('admin@operator.demo')).body.d.Challenge).toBeNull();
  });

  it('refuses a policy it does not know or a missing one with 400, writing nothing', async () => {
    const before = (await updates()).length;
    for (const body of [{ two_factor: 'SMS' }, {}, { two_factor: null }, { two_factor: 'totp' }]) {
      const res = await t.call('PUT', PATH, { token: operator, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error?.code).toBeTruthy();
    }
    expect(await updates()).toHaveLength(before);
    expect(await policyOf({ id: operatorOrg })).toBe('NONE');
  });

  it('cannot be pointed at another organisation: an organisation id in the body is dropped', async () => {
    const acme = ((await t.db('organizations').where({ name: 'Acme Medical Devices' }).first('id')) as { id: number })
      .id;
    const res = await t.call('PUT', PATH, { token: operator, body: { two_factor: 'TOTP', organization_id: acme } });
    expect(res.status).toBe(200);
    expect(await policyOf({ id: acme })).toBe('NONE');
    expect(await policyOf({ id: operatorOrg })).toBe('TOTP');
    await t.call('PUT', PATH, { token: operator, body: { two_factor: 'NONE' } });
  });

  it('is the operator administrator’s only: a supplier or provider administrator gets 403, no token 401', async () => {
    for (const email of ['admin@acme.demo', 'admin@riverside.demo']) {
      const token = (await t.signIn(email)).access_token;
      expect((await t.call('GET', PATH, { token })).status).toBe(403);
      const put = await t.call('PUT', PATH, { token, body: { two_factor: 'TOTP' } });
      expect(put.status).toBe(403);
    }
    expect((await t.call('PUT', PATH, { body: { two_factor: 'TOTP' } })).status).toBe(401);
    expect(await policyOf({ id: operatorOrg })).toBe('NONE');
    expect(await policyOf({ name: 'Acme Medical Devices' })).toBe('NONE');
  });
});
