import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_RULE_MESSAGE, messageText } from '@portal/core';
import { DEMO_PASSWORD, startTestApp, type TestApp } from '@portal/testing';
import { MESSAGES } from './messages.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const tokenIn = (text: string) => /token=([\w%-]+)/.exec(text)?.[1] ?? '';
const codeIn = (text: string) => /\b(\d{6})\b/.exec(text)?.[1] ?? '';

describe('profile (/me)', () => {
  it("answers the caller's profile and organisation", async () => {
    const s = await t.signIn('admin@riverside.demo');
    const me = await t.call('GET', '/api/me', { token: s.access_token });
    expect(me.body).toMatchObject({
      ok: true,
      d: {
        email: 'admin@riverside.demo',
        full_name: 'Rita Riverside',
        role_name: 'Administrator',
        organization: { name: 'Riverside Health', type: 'PROVIDER', isSSO: false },
      },
    });
    expect(JSON.stringify(me.body)).not.toContain('password');
    const org = await t.call('GET', '/api/me/organization', { token: s.access_token });
    expect(org.body.d).toMatchObject({
      name: 'Riverside Health',
      type: 'PROVIDER',
      parent_id: null,
      parentorg_type: null,
    });
  });

  it('updates names and phone, validates them, and records the change', async () => {
    const s = await t.signIn('responder@riverside.demo');
    const bad = await t.call('PUT', '/api/me', {
      token: s.access_token,
      body: { first_name: '', last_name: 'X', phone: '12' },
    });
    expect(bad.status).toBe(400);
    expect(
      ((await t.db('users').where({ email: 'responder@riverside.demo' }).first('first_name')) as { first_name: string })
        .first_name,
    ).toBe('Ray');
    const ok = await t.call('PUT', '/api/me', {
      token: s.access_token,
      body: { first_name: 'Raymond', last_name: 'Responder', phone: '+1 555-010-2000' },
    });
    expect(ok.body.d).toMatchObject({
      first_name: 'Raymond',
      full_name: 'Raymond Responder',
      phone: '+1 555-010-2000',
    });
    const audit = (await t.db('audit_events').where({ action: 'PROFILE_UPDATED' }).first()) as {
      before: { first_name: string };
      after: { first_name: string };
    };
    expect(audit.before.first_name).toBe('Ray');
    expect(audit.after.first_name).toBe('Raymond');
  });

  it('changes the password only with the current one, the rule and a matching confirmation', async () => {
    const s = await t.signIn('admin@borealis.demo');
    const change = (body: object) => t.call('PUT', '/api/me/change-password', { token: s.access_token, body });
    expect(
      (
        await change({
          current_password: 'Nope#1234',
          password: 'Borealis#2027x',
          password_confirmation: 'Borealis#2027x',
        })
      ).body.m,
    ).toBe(messageText('CURRENT_PASSWORD_INCORRECT'));
    expect(
      (await change({ current_password: DEMO_PASSWORD, password: 'short', password_confirmation: 'short' })).body.m,
    ).toBe(PASSWORD_RULE_MESSAGE);
    expect(
      (
        await change({
          current_password: DEMO_PASSWORD,
          password: 'Borealis#2027x',
          password_confirmation: 'Borealis#2028',
        })
      ).body.m,
    ).toBe("Password doesn't match");
    const other = await t.signIn('admin@borealis.demo');
    const ok = await change({
      current_password: DEMO_PASSWORD,
      password: 'Borealis#2027x',
      password_confirmation: 'Borealis#2027x',
    });
    expect(ok.body).toMatchObject({ ok: true, m: MESSAGES.passwordChanged });
    // This session goes on; the other session ends; the new password works.
    expect((await t.call('GET', '/api/me', { token: s.access_token })).status).toBe(200);
    expect((await t.refresh(other.refresh_token)).status).toBe(401);
    await t.signIn('admin@borealis.demo', { password: 'Borealis#2027x' });
    await t.smtp.waitFor('admin@borealis.demo', (m) => m.subject === 'Your password was changed');
  });
});

describe('forgot and reset password', () => {
  it('emails a single-use link that sets a new password', async () => {
    const email = 'admin@acme.demo';
    const asked = await t.call('POST', '/api/auth/forgot-password', { body: { email } });
    expect(asked.body).toMatchObject({ ok: true, m: MESSAGES.resetSent });
    const mail = await t.smtp.waitFor(email, (m) => m.subject === 'Reset your password');
    expect(mail.text).toContain(`${t.config.appUrl}/reset-password?token=`);
    const link = decodeURIComponent(tokenIn(mail.text));
    const weak = await t.call('POST', '/api/auth/reset-password', { body: { token: link, password: 'password' } });
    expect(weak.body.m).toBe(PASSWORD_RULE_MESSAGE);
    const ok = await t.call('POST', '/api/auth/reset-password', { body: { token: link, password: 'Acme#Reset2027' } });
    expect(ok.body).toMatchObject({ ok: true, m: MESSAGES.passwordReset });
    const again = await t.call('POST', '/api/auth/reset-password', {
      body: { token: link, password: 'Acme#Reset2028' },
    });
    expect(again.status).toBe(401);
    expect(again.body.m).toBe(messageText('INVALID_LINK'));
    await t.signIn(email, { password: 'Acme#Reset2027' });
  });

  it('answers the same for an unknown email and sends nothing', async () => {
    const res = await t.call('POST', '/api/auth/forgot-password', { body: { email: 'ghost@nowhere.demo' } });
    expect(res.body).toMatchObject({ ok: true, m: MESSAGES.resetSent });
    expect(await t.db('outbox_emails').where({ to_email: 'ghost@nowhere.demo' }).first()).toBeUndefined();
  });

  it('refuses an expired link', async () => {
    await t.call('POST', '/api/auth/forgot-password', { body: { email: 'admin@operator.demo' } });
    const mail = await t.smtp.waitFor('admin@operator.demo', (m) => m.subject === 'Reset your password');
    await t
      .db('one_time_codes')
      .where({ purpose: 'PASSWORD_RESET' })
      .whereNull('consumed_at')
      .update({ expires_at: new Date(Date.now() - 1000) });
    const res = await t.call('POST', '/api/auth/reset-password', {
      body: { token: decodeURIComponent(tokenIn(mail.text)), password: 'Operator#2027x' },
    });
    expect(res.status).toBe(401);
  });
});

describe('invited users', () => {
  it('become VERIFIED by setting their password from the emailed link, and can then sign in', async () => {
    const role = (
      (await t
        .db('roles')
        .join('organizations as o', 'o.id', 'roles.organization_id')
        .where({ 'o.name': 'Acme Medical Devices', 'roles.name': 'Recall Coordinator' })
        .first('roles.id')) as { id: number }
    ).id;
    await t
      .db('users')
      .insert({ email: 'invitee@acme.demo', first_name: 'In', last_name: 'Vitee', status: 'VERIFICATION' });
    const user = ((await t.db('users').where({ email: 'invitee@acme.demo' }).first('id')) as { id: number }).id;
    await t.db('memberships').insert({
      user_id: user,
      organization_id: (
        (await t.db('organizations').where({ name: 'Acme Medical Devices' }).first('id')) as { id: number }
      ).id,
      role_id: role,
    });
    await t.call('POST', '/api/auth/forgot-password', { body: { email: 'invitee@acme.demo' } });
    const mail = await t.smtp.waitFor('invitee@acme.demo', (m) => m.subject === 'Reset your password');
    const res = await t.call('POST', '/api/auth/reset-password', {
      body: { token: decodeURIComponent(tokenIn(mail.text)), password: 'Invitee#2026' },
    });
    expect(res.status).toBe(200);
    const s = await t.signIn('invitee@acme.demo', { password: 'Invitee#2026' });
    expect((await t.call('GET', '/api/me', { token: s.access_token })).body.d.status).toBe('VERIFIED');
  });
});

describe('self-registration by link', () => {
  it('finds the organisation of a link, and 404s an unknown one', async () => {
    const res = await t.call('GET', '/api/auth/organization-bylink?selfregistrationlink=riverside-health');
    expect(res.body.d).toMatchObject({ name: 'Riverside Health', type: 'PROVIDER' });
    expect(Object.keys(res.body.d).sort()).toEqual(['id', 'name', 'profile_photo', 'type']);
    const missing = await t.call('GET', '/api/auth/organization-bylink?selfregistrationlink=nope');
    expect(missing.status).toBe(404);
    expect(missing.body.m).toBe(messageText('REGISTRATION_LINK_INVALID'));
    const byId = await t.call('GET', `/api/auth/organization-byId?organizationId=${res.body.d.id}`);
    expect(byId.body.d.name).toBe('Riverside Health');
    expect((await t.call('GET', '/api/auth/organization-byId?organizationId=abc')).status).toBe(400);
  });

  it('creates a PENDING user who can sign in only after verifying the emailed link', async () => {
    const body = {
      selfregistrationlink: 'riverside-health',
      first_name: 'Nina',
      last_name: 'Nurse',
      email: 'nina@riverside.demo',
      password: 'Nurse#2026x',
    };
    const weak = await t.call('POST', '/api/auth/SignUpUser', { body: { ...body, password: 'nurse' } });
    expect(weak.body.m).toBe(PASSWORD_RULE_MESSAGE);
    const badEmail = await t.call('POST', '/api/auth/SignUpUser', { body: { ...body, email: 'not-an-email' } });
    expect(badEmail.body.m).toBe('Email not valid');
    const res = await t.call('POST', '/api/auth/SignUpUser', { body });
    expect(res.status).toBe(201);
    expect(res.body.d).toMatchObject({ email: 'nina@riverside.demo', status: 'PENDING' });
    const before = await t.call('POST', '/api/auth/token', {
      body: { grant_type: 'password', email: body.email, password: body.password },
    });
    expect(before.status).toBe(403);
    expect(before.body.m).toBe(messageText('EMAIL_NOT_VERIFIED'));
    const dup = await t.call('POST', '/api/auth/SignUpUser', { body });
    expect(dup.status).toBe(409);
    expect(dup.body.m).toBe(messageText('EMAIL_TAKEN'));

    const mail = await t.smtp.waitFor(body.email, (m) => m.subject === 'Verify your email address');
    const verified = await t.call('POST', '/api/auth/verify-email', {
      body: { token: decodeURIComponent(tokenIn(mail.text)) },
    });
    expect(verified.body).toMatchObject({ ok: true, m: MESSAGES.emailVerified });
    const s = await t.signIn(body.email, { password: body.password });
    const me = await t.call('GET', '/api/me', { token: s.access_token });
    expect(me.body.d).toMatchObject({
      status: 'VERIFIED',
      role_name: 'Responder',
      organization: { name: 'Riverside Health' },
    });
  });

  it('refuses self-registration where the organisation grants no role', async () => {
    await t
      .db('organizations')
      .where({ name: 'Lakeshore Medical Center' })
      .update({ self_registration_link: 'lakeshore' });
    const res = await t.call('POST', '/api/auth/SignUpUser', {
      body: {
        selfregistrationlink: 'lakeshore',
        first_name: 'A',
        last_name: 'B',
        email: 'ab@lakeshore.demo',
        password: 'Lake#2026xx',
      },
    });
    expect(res.status).toBe(422);
    expect(res.body.m).toBe(messageText('REGISTRATION_CLOSED'));
    expect(await t.db('users').where({ email: 'ab@lakeshore.demo' }).first()).toBeUndefined();
  });
});

describe('userdata (verification by code)', () => {
  it('sends a code on resend and verifies the address with it', async () => {
    const email = 'vera@riverside.demo';
    await t.call('POST', '/api/auth/SignUpUser', {
      body: {
        selfregistrationlink: 'riverside-health',
        first_name: 'Vera',
        last_name: 'Code',
        email,
        password: 'Vera#2026xx',
      },
    });
    const wrongPassword = await t.call('POST', '/api/auth/userdata', {
      body: { email, password: 'Wrong#2026xx', resend: true },
    });
    expect(wrongPassword.status).toBe(401);
    const sent = await t.call('POST', '/api/auth/userdata', { body: { email, password: 'Vera#2026xx', resend: true } });
    expect(sent.body).toMatchObject({ ok: true, d: { status: 'PENDING' } });
    const code = codeIn((await t.smtp.waitFor(email, (m) => m.text.includes('verification code'))).text);
    const done = await t.call('POST', '/api/auth/userdata', {
      body: { email, password: 'Vera#2026xx', verification_code: code },
    });
    expect(done.body).toMatchObject({ ok: true, d: { status: 'VERIFIED' } });
    await t.signIn(email, { password: 'Vera#2026xx' });
  });
});

describe('identity provider logout', () => {
  it('answers no logout address when single sign-on is not configured', async () => {
    const res = await t.call('GET', '/api/auth/idp/logout');
    expect(res.body).toEqual({ ok: true, m: '', d: { logout_url: null } });
  });
});
