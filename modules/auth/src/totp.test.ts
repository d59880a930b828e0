import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, startTestApp, type TestApp } from '@portal/testing';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const token = (email: string, extra: Record<string, unknown> = {}) =>
  t.call('POST', '/api/auth/token', { body: { grant_type: 'password', email, password: DEMO_PASSWORD, ...extra } });

/** The authenticator's code `steps` periods from now: the clock moved with otpauth's timestamp, never by sleeping. */
const codeAt = (secret: string, steps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), period: 30, digits: 6, algorithm: 'SHA1' }).generate({
    timestamp: Date.now() + steps * 30_000,
  });

const userId = async (email: string) => ((await t.db('users').where({ email }).first('id')) as { id: number }).id;
const orgId = async (name: string) => ((await t.db('organizations').where({ name }).first('id')) as { id: number }).id;
const audits = async (action: string, entityId: number) =>
  (await t
    .db('audit_events')
    .where({ action, entity_id: String(entityId) })
    .orderBy('id')) as {
    after: Record<string, unknown> | null;
    organization_id: number | null;
  }[];

/** Enrols the user from the account page; answers the secret and the recovery codes. */
async function enrol(email: string): Promise<{ secret: string; recovery: string[]; access: string }> {
  const access = (await t.signIn(email)).access_token;
  const setup = await t.call('POST', '/api/me/totp/setup', { token: access });
  expect(setup.status, setup.body.m).toBe(200);
  const secret = setup.body.d.secret as string;
  const confirmed = await t.call('POST', '/api/me/totp/confirm', { token: access, body: { code: codeAt(secret) } });
  expect(confirmed.status, confirmed.body.m).toBe(200);
  return { secret, recovery: confirmed.body.d.recovery_codes, access };
}

describe('enrolment from the account page', () => {
  it('needs a confirming code, keeps the secret sealed, then shows ten recovery codes once', async () => {
    const email = 'admin@borealis.demo';
    const access = (await t.signIn(email)).access_token;
    expect((await t.call('GET', '/api/me/totp', { token: access })).body.d).toEqual({
      enabled: false,
      confirmed_at: null,
      recovery_codes_left: 0,
      required: false,
    });
    const setup = await t.call('POST', '/api/me/totp/setup', { token: access });
    expect(setup.status).toBe(200);
    const { secret, otpauth_uri } = setup.body.d as { secret: string; otpauth_uri: string };
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauth_uri).toContain(`secret=${secret}`);
    expect(decodeURIComponent(otpauth_uri)).toContain(email);
    // Stored sealed: the database never holds the secret itself.
    const row = await t
      .db('user_totp')
      .where({ user_id: await userId(email) })
      .first();
    expect(row.secret_sealed).toMatch(/^v1\./);
    expect(row.secret_sealed).not.toContain(secret);
    expect(row.confirmed_at).toBeNull();

    // Pending is not enabled: sign-in asks nothing yet.
    expect((await token(email)).body.d.Challenge).toBeNull();

    const wrong = await t.call('POST', '/api/me/totp/confirm', {
      token: access,
      body: { code: String((Number(codeAt(secret)) + 1) % 1_000_000).padStart(6, '0') },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error?.code).toBe('INVALID_CODE');
    const bad = await t.call('POST', '/api/me/totp/confirm', { token: access, body: { code: 'abc' } });
    expect(bad.status).toBe(400);

    const confirmed = await t.call('POST', '/api/me/totp/confirm', { token: access, body: { code: codeAt(secret) } });
    expect(confirmed.status).toBe(200);
    const codes = confirmed.body.d.recovery_codes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const stored = (await t.db('totp_recovery_codes').where({ user_id: await userId(email) })) as {
      code_hash: string;
    }[];
    expect(stored).toHaveLength(10);
    expect(stored.map((s) => s.code_hash).join()).not.toContain(codes[0]!.slice(0, 5));

    const status = (await t.call('GET', '/api/me/totp', { token: access })).body.d;
    expect(status).toMatchObject({ enabled: true, recovery_codes_left: 10 });
    expect((await t.call('POST', '/api/me/totp/setup', { token: access })).body.error?.code).toBe(
      'TOTP_ALREADY_ENABLED',
    );
    const [audit] = await audits('TOTP_ENABLED', await userId(email));
    expect(audit?.after).toEqual({ from: 'account' });
  });

  it('refuses a confirmation before any setup', async () => {
    const access = (await t.signIn('sourcing@acme.demo')).access_token;
    const res = await t.call('POST', '/api/me/totp/confirm', { token: access, body: { code: '123456' } });
    expect(res.status).toBe(409);
    expect(res.body.error?.code).toBe('TOTP_NOT_STARTED');
    expect((await t.call('GET', '/api/me/totp')).status).toBe(401);
  });
});

describe('sign-in with an authenticator', () => {
  let secret: string;
  let recovery: string[];
  const email = 'admin@lakeshore.demo';
  beforeAll(async () => {
    ({ secret, recovery } = await enrol(email));
  });

  it('asks for the code after the password, refuses wrong and replayed codes, accepts ±1 step once each', async () => {
    const challenge = await token(email);
    expect(challenge.status).toBe(200);
    expect(challenge.body.d).toMatchObject({ access_token: null, Challenge: { type: 'TOTP', enrollment: null } });

    const wrong = await token(email, { verification_code: codeAt(secret, 5) });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error?.code).toBe('INVALID_CODE');
    const failures = await audits('LOGIN_FAILED', await userId(email));
    expect(failures.at(-1)?.after).toEqual({ factor: 'TOTP', reason: 'wrong' });

    const next = codeAt(secret, 1);
    const ok = await token(email, { verification_code: next });
    expect(ok.status, ok.body.m).toBe(200);
    expect(typeof ok.body.d.access_token).toBe('string');

    // The same code again, and any code of an earlier step, are refused: the step is spent.
    const replay = await token(email, { verification_code: next });
    expect(replay.status).toBe(401);
    expect((await audits('LOGIN_FAILED', await userId(email))).at(-1)?.after).toEqual({
      factor: 'TOTP',
      reason: 'replayed',
    });
    expect((await token(email, { verification_code: codeAt(secret) })).status).toBe(401);
    // The replayed and the older code add up since that sign-in (the right password alone no longer clears them).
    expect((await t.db('users').where({ email }).first('failed_login_count')).failed_login_count).toBe(2);
  });

  it('takes a recovery code once', async () => {
    const first = await token(email, { recovery_code: recovery[0]!.toUpperCase() });
    expect(first.status, first.body.m).toBe(200);
    expect(typeof first.body.d.access_token).toBe('string');
    // A successful sign-in clears the count of the wrong codes before it.
    expect((await t.db('users').where({ email }).first('failed_login_count')).failed_login_count).toBe(0);
    expect((await token(email, { recovery_code: recovery[0] })).status).toBe(401);
    expect((await audits('TOTP_RECOVERY_CODE_USED', await userId(email))).length).toBe(1);
    const status = (await t.call('GET', '/api/me/totp', { token: first.body.d.access_token })).body.d;
    expect(status.recovery_codes_left).toBe(9);
  });

  it('counts wrong codes toward the lockout: five in a row lock the account', async () => {
    const victim = 'recalls@acme.demo';
    const { secret: s } = await enrol(victim);
    for (let i = 0; i < 4; i++) expect((await token(victim, { verification_code: codeAt(s, 9) })).status).toBe(401);
    const fifth = await token(victim, { verification_code: codeAt(s, 9) });
    expect(fifth.status).toBe(423);
    expect(fifth.body.error?.code).toBe('ACCOUNT_LOCKED');
    expect((await t.db('users').where({ email: victim }).first('status')).status).toBe('LOCKED');
    // Even the right code no longer helps.
    expect((await token(victim, { verification_code: codeAt(s) })).status).toBe(423);
  });

  it('removes the authenticator only with a current code', async () => {
    const access = (await token(email, { verification_code: codeAt(secret, -1) })).body.d?.access_token as
      | string
      | undefined;
    // -1 is older than the spent step: refused. Sign in with a recovery code instead.
    expect(access).toBeUndefined();
    const signedIn = await token(email, { recovery_code: recovery[1] });
    const bearer = signedIn.body.d.access_token as string;
    const wrong = await t.call('POST', '/api/me/totp/disable', { token: bearer, body: { code: '000000' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error?.code).toBe('INVALID_CODE');
    const off = await t.call('POST', '/api/me/totp/disable', { token: bearer, body: { code: recovery[2] } });
    expect(off.status, off.body.m).toBe(200);
    expect((await t.call('GET', '/api/me/totp', { token: bearer })).body.d.enabled).toBe(false);
    expect(await t.db('totp_recovery_codes').where({ user_id: await userId(email) })).toHaveLength(0);
    expect((await audits('TOTP_DISABLED', await userId(email))).length).toBe(1);
    expect((await token(email)).body.d.Challenge).toBeNull();
    const again = await t.call('POST', '/api/me/totp/disable', { token: bearer, body: { code: '123456' } });
    expect(again.body.error?.code).toBe('TOTP_NOT_ENABLED');
  });
});

describe("the organisation's policy", () => {
  it('TOTP required: a user without one enrols at sign-in before getting tokens', async () => {
    const acme = await orgId('Acme Medical Devices');
    const admin = (await t.signIn('admin@acme.demo')).access_token;
    const profile = (await t.call('GET', '/api/organization/profile', { token: admin })).body.d;
    expect(profile.two_factor).toBe('NONE');
    const put = await t.call('PUT', '/api/organization/profile', {
      token: admin,
      body: { name: profile.name, two_factor: 'TOTP' },
    });
    expect(put.status, put.body.m).toBe(200);
    expect(put.body.d.two_factor).toBe('TOTP');
    const changed = (await t
      .db('audit_events')
      .where({ action: 'ORGANIZATION_UPDATED', organization_id: acme })
      .orderBy('id', 'desc')
      .first()) as { before: Record<string, unknown>; after: Record<string, unknown> };
    expect(changed.before.two_factor).toBe('NONE');
    expect(changed.after.two_factor).toBe('TOTP');
    const bad = await t.call('PUT', '/api/organization/profile', {
      token: admin,
      body: { name: profile.name, two_factor: 'SMS' },
    });
    expect(bad.status).toBe(400);

    const email = 'sourcing@acme.demo';
    const first = await token(email);
    expect(first.status).toBe(200);
    expect(first.body.d.access_token).toBeNull();
    expect(first.body.d.Challenge).toMatchObject({ type: 'TOTP_ENROLL' });
    const { secret, otpauth_uri } = first.body.d.Challenge.enrollment as { secret: string; otpauth_uri: string };
    expect(otpauth_uri).toMatch(/^otpauth:\/\/totp\//);
    // The same pending secret until it is confirmed.
    expect((await token(email)).body.d.Challenge.enrollment.secret).toBe(secret);
    expect((await token(email, { verification_code: codeAt(secret, 4) })).status).toBe(401);

    const done = await token(email, { verification_code: codeAt(secret) });
    expect(done.status, done.body.m).toBe(200);
    const bearer = done.body.d.access_token as string;
    expect(typeof bearer).toBe('string');
    expect((await audits('TOTP_ENABLED', await userId(email))).at(-1)?.after).toEqual({ from: 'sign-in' });
    // The enrolment's ten recovery codes come with the tokens, this once; only their hashes are kept.
    const issued = done.body.d.recovery_codes as string[];
    expect(issued).toHaveLength(10);
    expect(new Set(issued).size).toBe(10);
    for (const c of issued) expect(c).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const stored = (await t
      .db('totp_recovery_codes')
      .where({ user_id: await userId(email) })
      .pluck('code_hash')) as string[];
    expect(stored).toHaveLength(10);
    for (const c of issued) expect(stored).not.toContain(c);
    const status = (await t.call('GET', '/api/me/totp', { token: bearer })).body.d;
    expect(status).toMatchObject({ enabled: true, required: true, recovery_codes_left: 10 });
    // One of them signs in once, as a recovery code should; the second time it is refused.
    const withRecovery = await token(email, { recovery_code: issued[3] });
    expect(withRecovery.status, withRecovery.body.m).toBe(200);
    expect(typeof withRecovery.body.d.access_token).toBe('string');
    expect(withRecovery.body.d.recovery_codes).toBeNull();
    expect((await token(email, { recovery_code: issued[3] })).status).toBe(401);
    // New ones may still be asked for with a current code (the old unused ones stop working).
    const renewed = await t.call('POST', '/api/me/totp/recovery-codes', {
      token: bearer,
      body: { code: codeAt(secret, 1) },
    });
    expect(renewed.status, renewed.body.m).toBe(200);
    expect(renewed.body.d.recovery_codes).toHaveLength(10);
    expect((await token(email, { recovery_code: issued[0] })).status).toBe(401);
    // From now on the sign-in asks for the code.
    expect((await token(email)).body.d.Challenge).toMatchObject({ type: 'TOTP' });

    // Back to none: a user who enrolled keeps being asked; one who did not signs in with the password.
    await t.call('PUT', '/api/organization/profile', {
      token: admin,
      body: { name: profile.name, two_factor: 'NONE' },
    });
    expect((await token(email)).body.d.Challenge).toMatchObject({ type: 'TOTP' });
  });

  it('the operator sets any organisation’s policy; requires_second_factor follows it', async () => {
    const operator = (await t.signIn('admin@operator.demo')).access_token;
    const zenith = await orgId('Borealis Pharma');
    const set = await t.call('PUT', `/api/notisphere/organizations/suppliers/${zenith}`, {
      token: operator,
      body: { two_factor: 'TOTP' },
    });
    expect(set.status, set.body.m).toBe(200);
    expect(set.body.d).toMatchObject({ two_factor: 'TOTP', requires_second_factor: true });
    // A spec client's `requires_second_factor: true` keeps the authenticator; false turns any second factor off.
    const legacy = await t.call('PUT', `/api/notisphere/organizations/suppliers/${zenith}`, {
      token: operator,
      body: { requires_second_factor: true },
    });
    expect(legacy.body.d).toMatchObject({ two_factor: 'TOTP', requires_second_factor: true });
    const off = await t.call('PUT', `/api/notisphere/organizations/suppliers/${zenith}`, {
      token: operator,
      body: { requires_second_factor: false },
    });
    expect(off.body.d).toMatchObject({ two_factor: 'NONE', requires_second_factor: false });
    const on = await t.call('PUT', `/api/notisphere/organizations/suppliers/${zenith}`, {
      token: operator,
      body: { requires_second_factor: true },
    });
    expect(on.body.d).toMatchObject({ two_factor: 'EMAIL_CODE' });
  });

  it('the demo operator signs in as the spec says, while a new operator organisation requires an authenticator', async () => {
    const demo = (await t.db('organizations').where({ type: 'NOTISPHERE' }).first('two_factor')) as {
      two_factor: string;
    };
    expect(demo.two_factor).toBe('NONE');
    const res = await token('admin@operator.demo');
    expect(res.body.d.Challenge).toBeNull();
    const { createOrganizationWithRoles } = await import('@portal/organizations');
    const created = await t.db.transaction((trx) =>
      createOrganizationWithRoles(trx, { type: 'NOTISPHERE', name: 'Second operator' }),
    );
    expect((await t.db('organizations').where({ id: created.id }).first('two_factor')).two_factor).toBe('TOTP');
  });
});
