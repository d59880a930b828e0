import { execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Actor, repoRoot } from '@portal/core';
import { actorByEmail } from '@portal/organizations';
import { retryJobsNow, startTestApp, type TestApp } from '@portal/testing';
import { fanOutNotices, sendNotifications } from './services/sending.js';
import { NOTICE_LINK_DAYS } from './services/notice-queue.js';

let t: TestApp;
let recalls: string;
let actor: Actor;
let acme: number;
let riverside: number;
let lakeshore: number;

beforeAll(async () => {
  t = await startTestApp();
  recalls = (await t.signIn('recalls@acme.demo')).access_token;
  actor = (await actorByEmail(t.db, 'recalls@acme.demo'))!;
  const orgId = async (name: string) =>
    ((await t.db('organizations').where({ name }).first('id')) as { id: number }).id;
  acme = await orgId('Acme Medical Devices');
  riverside = await orgId('Riverside Health');
  lakeshore = await orgId('Lakeshore Medical Center');
});
afterAll(() => t.close());

const sup = (method: string, path: string, body?: unknown) =>
  t.call(method, `/api/supplier/communications${path}`, { token: recalls, body });

const CLINICS = ['North', 'South', 'East', 'West', 'Central'];

/**
 * An approved recall to 7 customers with 10 addresses: Riverside (admin and multi receive recalls), Lakeshore (admin),
 * and five clinics, North and East with a second address. `extra` more clinics make a send larger than one real chunk.
 */
async function approvedRecall(name: string, extra = 0): Promise<number> {
  const created = await sup('POST', '/step0', {
    type: 'RECALL',
    name,
    classification: 'CLASSII',
    subtype: 'CORRECTION',
    event_id: `EV-${Math.random().toString(36).slice(2, 8)}`,
    description: '<p>Batteries may fail.</p>',
    disposition: 'Returned',
    event_date: '2026-11-01',
  });
  const id = created.body.d.id as number;
  await sup('POST', '/step1', { id, products: [{ product_name: 'Pump A', lot_number: 'L-1' }] });
  await sup('POST', '/step2', { id, actions: [{ action_type: 'Acknowledge', title: 'Please acknowledge' }] });
  expect((await sup('POST', '/step3', { id, provider_organization_ids: [riverside, lakeshore] })).status).toBe(200);
  const clinics = [
    ...CLINICS.map((c) => ({ name: `${c} Clinic`, email: `desk@${c.toLowerCase()}-clinic.test` })),
    ...Array.from({ length: extra }, (_, i) => ({ name: `Clinic ${i}`, email: `desk@clinic-${i}.test` })),
  ];
  expect((await sup('POST', '/step3/customers', { id, customers: clinics })).status).toBe(200);
  for (const c of ['North', 'East'])
    await t
      .db('communication_affected_customers')
      .where({ communication_id: id, name: `${c} Clinic` })
      .update({ emails: [`desk@${c.toLowerCase()}-clinic.test`, `nurse@${c.toLowerCase()}-clinic.test`] });
  expect((await sup('PUT', `/${id}/approve-recall/RECALL/0`)).status).toBe(200);
  return id;
}

interface Queued {
  id: number;
  to_email: string;
  kind: string;
  subject: string;
  organization_id: number;
  provider_communication_id: number;
  template_version_id: number | null;
  template_language: string | null;
  template_values: { values: Record<string, string> } | null;
  next_attempt_at: Date;
}

const outbox = async (id: number) =>
  (await t
    .db('outbox_emails')
    .where({ reference_type: 'communication', reference_id: String(id) })
    .orderBy('to_email')
    .select(
      'id',
      'to_email',
      'kind',
      'subject',
      'organization_id',
      'provider_communication_id',
      'template_version_id',
      'template_language',
      'template_values',
      'next_attempt_at',
    )) as Queued[];

const links = async (id: number) =>
  (await t
    .db('notice_links as l')
    .join('provider_communications as p', 'p.id', 'l.provider_communication_id')
    .where({ 'p.communication_id': id })
    .orderBy('l.email')
    .select('l.provider_communication_id', 'l.email', 'l.organization_id', 'l.purpose', 'l.revoked_at')) as {
    provider_communication_id: number;
    email: string;
  }[];

const fanoutOf = async (id: number) =>
  (await t.db('notice_fanouts').where({ communication_id: id }).first()) as
    | { id: number; provider_communication_ids: string[]; next_index: number; finished_at: Date | null }
    | undefined;

/** Each (provider communication, address) pair with how many emails and links it has. */
async function perRecipient(id: number): Promise<{ emails: number[]; links: number[]; pairs: number }> {
  const count = (rows: { key: string }[]) => {
    const n = new Map<string, number>();
    for (const r of rows) n.set(r.key, (n.get(r.key) ?? 0) + 1);
    return n;
  };
  const emails = count((await outbox(id)).map((e) => ({ key: `${e.provider_communication_id} ${e.to_email}` })));
  const linked = count((await links(id)).map((l) => ({ key: `${l.provider_communication_id} ${l.email}` })));
  const pairs = new Set([...emails.keys(), ...linked.keys()]);
  return {
    emails: [...pairs].map((k) => emails.get(k) ?? 0),
    links: [...pairs].map((k) => linked.get(k) ?? 0),
    pairs: pairs.size,
  };
}

/** What an event's notices say, but for what differs between two events by nature (tokens, ids, the event's code). */
async function contentOf(id: number) {
  const { event_id: code } = (await t.db('communications').where({ id }).first('event_id')) as { event_id: string };
  return (await outbox(id)).map((e) =>
    JSON.parse(
      JSON.stringify({
        to_email: e.to_email,
        kind: e.kind,
        subject: e.subject,
        organization_id: e.organization_id,
        template_version_id: e.template_version_id,
        template_language: e.template_language,
        values: { ...e.template_values?.values, notice_link: 'link' },
      }).replaceAll(code, 'CODE'),
    ),
  );
}

const noticeToken = (e: Queued) => /token=([\w-]+)/.exec(e.template_values!.values.notice_link!)![1]!;

describe('a send larger than one chunk', () => {
  it('answers the same counts, queues the first chunk, and the fan-out queues the rest exactly as one transaction does', async () => {
    // Two events alike but for their ids and codes: one sent at once, one fanned out.
    const whole = await approvedRecall('Fanned recall');
    const fanned = await approvedRecall('Fanned recall');
    const once = await sendNotifications(t.db, t.config, actor, whole, { sendType: 'new' });
    expect(once).toEqual({
      provider_communications_created: 7,
      customers_notified: 7,
      emails_queued: 10,
      fanOut: false,
    });
    expect(await fanoutOf(whole)).toBeUndefined();

    const sent = await sendNotifications(t.db, t.config, actor, fanned, { sendType: 'new' }, { chunk: 3 });
    expect(sent).toEqual({ ...once, fanOut: true });
    // Riverside's two addresses and Lakeshore's one: whole customers, at most 3 addresses.
    expect(await outbox(fanned)).toHaveLength(3);
    expect(await links(fanned)).toHaveLength(3);
    const row = await fanoutOf(fanned);
    expect(row).toMatchObject({ next_index: 0, finished_at: null });
    expect(row!.provider_communication_ids).toHaveLength(5);

    expect(await fanOutNotices(t.db, t.config, { chunk: 3 })).toEqual({ fanouts: 1, emails: 7 });
    expect(await fanoutOf(fanned)).toMatchObject({ next_index: 5, finished_at: expect.any(Date) });
    const counts = await perRecipient(fanned);
    expect(counts.pairs).toBe(10);
    expect(counts.emails.every((n) => n === 1) && counts.links.every((n) => n === 1)).toBe(true);
    // The same notices, to the same addresses, as the send that queued everything at once.
    expect(await contentOf(fanned)).toEqual(await contentOf(whole));
    const stripLinks = (rows: Awaited<ReturnType<typeof links>>, id: number) =>
      rows.map((l) => ({ ...l, provider_communication_id: id }));
    expect(stripLinks(await links(fanned), 0)).toEqual(stripLinks(await links(whole), 0));
    expect(await fanOutNotices(t.db, t.config, { chunk: 3 })).toEqual({ fanouts: 0, emails: 0 });

    // A fanned-out notice's link opens the public form.
    const nurse = (await outbox(fanned)).find((e) => e.to_email === 'nurse@east-clinic.test')!;
    const view = await t.call(
      'GET',
      `/api/provider/communication-notices/${acme}/${fanned}/${nurse.provider_communication_id}?token=${noticeToken(nurse)}`,
    );
    expect(view.status).toBe(200);
    expect(view.body.d.communication).toMatchObject({ name: 'Fanned recall', type: 'RECALL' });
  });

  it('loses and repeats nothing when a chunk fails: the cursor stays and the next run completes it', async () => {
    const id = await approvedRecall('Interrupted recall');
    await sendNotifications(t.db, t.config, actor, id, { sendType: 'new' }, { chunk: 3 });
    let chunks = 0;
    await expect(
      fanOutNotices(t.db, t.config, {
        chunk: 3,
        beforeCommit: () => {
          // The second chunk's transaction fails after writing its links and emails.
          if (++chunks === 2) throw new Error('killed mid-chunk');
        },
      }),
    ).rejects.toThrow('killed mid-chunk');
    const row = await fanoutOf(id);
    expect(row?.finished_at).toBeNull();
    const kept = row!.next_index;
    expect(kept).toBeGreaterThan(0);
    expect(kept).toBeLessThan(5);
    const firstTwo = await outbox(id);
    // The send's chunk and the fan-out's first: nothing of the failed one.
    expect(firstTwo.length).toBeGreaterThan(3);
    expect(firstTwo.length).toBeLessThan(10);
    expect(await links(id)).toHaveLength(firstTwo.length);

    // The failed chunk's job waits for the queue's retry (its backoff passes here).
    expect(await retryJobsNow(t.db, 'notice-fanout')).toBe(1);
    expect(await fanOutNotices(t.db, t.config, { chunk: 3 })).toEqual({ fanouts: 1, emails: 10 - firstTwo.length });
    const counts = await perRecipient(id);
    expect(counts.pairs).toBe(10);
    expect(counts.emails.every((n) => n === 1) && counts.links.every((n) => n === 1)).toBe(true);
  });

  it('queues each recipient exactly once when two fan-outs run at once', async () => {
    const a = await approvedRecall('Concurrent fan-out A');
    const b = await approvedRecall('Concurrent fan-out B');
    await sendNotifications(t.db, t.config, actor, a, { sendType: 'new' }, { chunk: 1 });
    await sendNotifications(t.db, t.config, actor, b, { sendType: 'new' }, { chunk: 1 });
    const before = (await outbox(a)).length + (await outbox(b)).length;
    const [x, y] = await Promise.all([
      fanOutNotices(t.db, t.config, { chunk: 1 }),
      fanOutNotices(t.db, t.config, { chunk: 1 }),
    ]);
    expect(x.fanouts + y.fanouts).toBe(2);
    expect(before + x.emails + y.emails).toBe(20);
    for (const id of [a, b]) {
      const counts = await perRecipient(id);
      expect(counts.pairs).toBe(10);
      expect(counts.emails.every((n) => n === 1) && counts.links.every((n) => n === 1)).toBe(true);
      expect((await fanoutOf(id))?.finished_at).toEqual(expect.any(Date));
    }
  });

  it('holds every email of a scheduled send until its date, the fanned-out ones too', async () => {
    const id = await approvedRecall('Scheduled fan-out');
    const when = new Date(Date.now() + 86_400_000);
    when.setMilliseconds(0);
    await sendNotifications(
      t.db,
      t.config,
      actor,
      id,
      { sendType: 'new', notificationDate: when.toISOString() },
      { chunk: 3 },
    );
    await fanOutNotices(t.db, t.config, { chunk: 3 });
    const rows = await outbox(id);
    expect(rows).toHaveLength(10);
    expect(rows.map((r) => new Date(r.next_attempt_at).toISOString())).toEqual(rows.map(() => when.toISOString()));
    // Each link works for its full lifetime counted from the date the email leaves, not from the day it was queued.
    const expiries = (await t
      .db('notice_links as l')
      .join('provider_communications as p', 'p.id', 'l.provider_communication_id')
      .where({ 'p.communication_id': id })
      .pluck('l.expires_at')) as Date[];
    expect(expiries).toHaveLength(10);
    for (const expires of expiries)
      expect(new Date(expires).getTime()).toBe(when.getTime() + NOTICE_LINK_DAYS * 86_400_000);
  });

  it('skips a recipient removed before its chunk, and notifies the others again with sendType=all', async () => {
    const id = await approvedRecall('Resent fan-out');
    await sendNotifications(t.db, t.config, actor, id, { sendType: 'new' });
    expect(await outbox(id)).toHaveLength(10);
    const again = await sendNotifications(t.db, t.config, actor, id, { sendType: 'all' }, { chunk: 3 });
    expect(again).toEqual({
      provider_communications_created: 0,
      customers_notified: 7,
      emails_queued: 10,
      fanOut: true,
    });
    const north = (await t
      .db('provider_communications as p')
      .join('communication_affected_customers as c', 'c.id', 'p.affected_customer_id')
      .where({ 'p.communication_id': id, 'c.name': 'North Clinic' })
      .first('p.id')) as { id: number };
    await t.db('provider_communications').where({ id: north.id }).update({ status: 'DELETED' });
    await fanOutNotices(t.db, t.config, { chunk: 3 });
    const rows = await outbox(id);
    expect(rows).toHaveLength(18);
    expect(rows.filter((r) => r.provider_communication_id === north.id)).toHaveLength(2);
  });
});

describe('the send route', () => {
  it('answers after the first chunk and queues the rest in the background', async () => {
    const id = await approvedRecall('Large recall', 500);
    const sent = await sup('PUT', `/${id}/send-notification/RECALL?sendType=new`);
    expect(sent.status).toBe(200);
    expect(sent.body.d).toEqual({ provider_communications_created: 507, customers_notified: 507, emails_queued: 510 });
    // The answer came before the rest was queued; wait for the background fan-out to finish it.
    while (!(await fanoutOf(id))?.finished_at) await new Promise((r) => setTimeout(r, 50));
    const counts = await perRecipient(id);
    expect(counts.pairs).toBe(510);
    expect(counts.emails.every((n) => n === 1) && counts.links.every((n) => n === 1)).toBe(true);
  });
});

/** Polls `check` every 50 ms until it answers something truthy (or fails after `ms`). */
async function until<T>(check: () => Promise<T | undefined | null | false>, ms = 60_000): Promise<T> {
  for (const end = Date.now() + ms; ; ) {
    const value = await check();
    if (value) return value;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** `pnpm cli jobs run notice-fanout` on this file's database: the job as the server's scheduler runs it. */
const JOB = ['--import', 'tsx', path.join(repoRoot, 'cli/src/index.ts'), 'jobs', 'run', 'notice-fanout'];
const jobEnv = () => ({ ...process.env, DATABASE_URL: t.config.databaseUrl });

describe('a fan-out process killed mid-chunk (kill -9)', () => {
  it('commits nothing of its chunk, and the next run queues each recipient exactly once', async () => {
    const id = await approvedRecall('Killed fan-out');
    await sendNotifications(t.db, t.config, actor, id, { sendType: 'new' }, { chunk: 3 });
    expect(await outbox(id)).toHaveLength(3);
    // Hold the outbox (SHARE blocks inserts): the fan-out's chunk writes its links, then waits at its emails with its
    // transaction open. That is when the process is killed.
    const holder = await t.db.transaction();
    try {
      await holder.raw('LOCK TABLE outbox_emails IN SHARE MODE');
      const child = spawn(process.execPath, JOB, { env: jobEnv(), stdio: 'ignore' });
      const exited = once(child, 'exit');
      const blocked = await until(
        async () =>
          (
            await t.db.raw(
              // The fan-out's backend: it holds its claimed notice_fanouts row (the app's mailer may wait here too).
              `SELECT w.pid FROM pg_locks w WHERE w.relation = 'outbox_emails'::regclass AND NOT w.granted
                AND EXISTS (SELECT 1 FROM pg_locks h WHERE h.pid = w.pid AND h.relation = 'notice_fanouts'::regclass)`,
            )
          ).rows[0] as { pid: number } | undefined,
      );
      // Its links are written, uncommitted.
      const open = await t.db.raw(`SELECT backend_xid IS NOT NULL AS wrote FROM pg_stat_activity WHERE pid = ?`, [
        blocked.pid,
      ]);
      expect(open.rows[0]).toEqual({ wrote: true });
      child.kill('SIGKILL');
      expect(await exited).toEqual([null, 'SIGKILL']);
      await holder.rollback();
      // PostgreSQL ends the dead client's transaction when it next talks to it: nothing of it stays.
      await until(
        async () => !(await t.db.raw('SELECT 1 FROM pg_stat_activity WHERE pid = ?', [blocked.pid])).rows.length,
      );
    } finally {
      if (!holder.isCompleted()) await holder.rollback();
    }
    expect(await outbox(id)).toHaveLength(3);
    expect(await links(id)).toHaveLength(3);
    expect(await fanoutOf(id)).toMatchObject({ next_index: 0, finished_at: null });
    // The next run of the job (as after a restart) queues the rest: every recipient once.
    const { stdout } = await promisify(execFile)(process.execPath, JOB, { env: jobEnv() });
    expect(stdout).toContain('notice-fanout: fanouts=1 emails=7');
    expect(await fanoutOf(id)).toMatchObject({ next_index: 5, finished_at: expect.any(Date) });
    const counts = await perRecipient(id);
    expect(counts.pairs).toBe(10);
    expect(counts.emails.every((n) => n === 1) && counts.links.every((n) => n === 1)).toBe(true);
  });
});
