import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, sendCommunication, type World, world } from '@portal/testing';

/** Notifying chosen colleagues about a notice (workflow/providerMail and send-notification with `emails`). */
let t: TestApp;
let w: World;
let admin: string; // admin@riverside.demo (Administrator)
let lakeshore: string;
let e: Awaited<ReturnType<typeof sendCommunication>>;
let pc: number;

const BASE = '/api/provider/communications';
const SUBJECT = 'Recall: Staff mail recall';

beforeAll(async () => {
  t = await startTestApp();
  w = await world(t);
  admin = (await t.signIn('admin@riverside.demo')).access_token;
  lakeshore = (await t.signIn('admin@lakeshore.demo')).access_token;
  e = await sendCommunication(t, w, 'Staff mail recall', { providers: [w.riverside], actions: ['Text'] });
  pc = e.pcOf(w.riverside);
  // A second colleague who may see recalls, at the North site.
  const role = (await t
    .db('roles')
    .where({ organization_id: w.riverside, name: 'Recall Coordinator' })
    .first('id')) as { id: number };
  const invited = await t.call('POST', '/api/users', {
    token: admin,
    body: {
      first_name: 'Nora',
      last_name: 'North',
      email: 'nora@riverside.demo',
      role_id: role.id,
      organization_id: w.north,
    },
  });
  expect(invited.status).toBe(200);
  await t.db('users').where({ email: 'nora@riverside.demo' }).update({ status: 'VERIFIED' });
});
afterAll(() => t.close());

const mail = (body: unknown, token = admin, target = 0) =>
  t.call('POST', `${BASE}/workflow/providerMail/${e.id}/${pc}/${target}/RECALL`, { token, body });
const sentTo = (email: string) => t.smtp.messages.filter((m) => m.to.includes(email) && m.subject === SUBJECT).length;

describe('notifying chosen colleagues', () => {
  it('emails only the chosen colleagues, as their addresses are spelled, and records who', async () => {
    const everyone = await mail({ message: 'To all' });
    expect(everyone.body.d).toEqual({ emails_queued: 2 });
    await t.smtp.waitFor('nora@riverside.demo', (m) => m.subject === SUBJECT && m.text.includes('To all'));
    await t.smtp.waitFor('multi@riverside.demo', (m) => m.subject === SUBJECT && m.text.includes('To all'));
    const multiBefore = sentTo('multi@riverside.demo');

    const chosen = await mail({ message: 'Only Nora', emails: [' NORA@riverside.demo'] });
    expect(chosen.status).toBe(200);
    expect(chosen.body.d).toEqual({ emails_queued: 1 });
    await t.smtp.waitFor('nora@riverside.demo', (m) => m.subject === SUBJECT && m.text.includes('Only Nora'));
    expect(sentTo('multi@riverside.demo')).toBe(multiBefore);

    const history = (await t.call('GET', `${BASE}/${e.id}/histories/${pc}`, { token: admin })).body.d as {
      action: string;
    }[];
    expect(history.filter((h) => h.action === 'NOTIFICATION_FORWARDED')).toHaveLength(2);
    const row = (await t
      .db('communication_history')
      .where({ provider_communication_id: pc, action: 'NOTIFICATION_FORWARDED' })
      .orderBy('id', 'desc')
      .first('after')) as { after: { recipients: number; chosen?: string[] } };
    expect(row.after).toMatchObject({ recipients: 1, chosen: ['nora@riverside.demo'] });
  });

  it('the chosen colleagues must be of the target organisation (one site: its people only)', async () => {
    expect((await mail({ message: 'North only', emails: ['nora@riverside.demo'] }, admin, w.north)).body.d).toEqual({
      emails_queued: 1,
    });
    await t.smtp.waitFor('nora@riverside.demo', (m) => m.subject === SUBJECT && m.text.includes('North only'));
    const res = await mail({ emails: ['multi@riverside.demo'] }, admin, w.north);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'RECIPIENT_NOT_ELIGIBLE', params: { email: 'multi@riverside.demo' } });
  });

  it('refuses anyone who would not receive it, and sends nothing then', async () => {
    const before = t.smtp.messages.length;
    for (const email of [
      'responder@riverside.demo', // a colleague whose role may not see recalls
      'admin@riverside.demo', // the caller
      'admin@lakeshore.demo', // another tenant's user
      'nobody@riverside.demo',
    ]) {
      const res = await mail({ emails: ['nora@riverside.demo', email] });
      expect(res.status, email).toBe(400);
      expect(res.body.error?.code).toBe('RECIPIENT_NOT_ELIGIBLE');
    }
    await new Promise((r) => setTimeout(r, 200));
    expect(t.smtp.messages.length).toBe(before);
  });

  it('validates the list: not empty, bounded, text', async () => {
    expect((await mail({ emails: [] })).status).toBe(400);
    const many = Array.from({ length: 201 }, (_, i) => `p${i}@riverside.demo`);
    expect((await mail({ emails: many })).status).toBe(400);
    expect((await mail({ emails: [42] })).status).toBe(400);
    expect((await mail({ emails: ['x'.repeat(300)] })).status).toBe(400);
    expect((await mail({ emails: 'nora@riverside.demo' })).status).toBe(400);
  });

  it('send-notification takes the same choice; another tenant gets 404', async () => {
    const res = await t.call('PUT', `${BASE}/${e.id}/send-notification/${pc}/0`, {
      token: admin,
      body: { emails: ['multi@riverside.demo'] },
    });
    expect(res.body.d).toEqual({ emails_queued: 1 });
    expect((await mail({ emails: ['admin@lakeshore.demo'] }, lakeshore)).status).toBe(404);
  });
});
