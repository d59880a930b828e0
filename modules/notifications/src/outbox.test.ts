import type { AddressInfo } from 'node:net';
import { createLogger, expireJobs, failedJobs, jobQueueStatus } from '@portal/core';
import {
  createTestDatabase,
  jobsOf,
  retryJobsNow,
  startTestSmtp,
  type TestDatabase,
  type TestSmtp,
} from '@portal/testing';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Mailer } from './mailer.js';
import { contentOf, createTransport, drainOutbox, listOutbox, MAX_ATTEMPTS } from './outbox.js';
import { enqueueEmail, enqueueEmails, type OutboxRow } from './outbox-queue.js';
import { loadTemplate } from './templates/render.js';
import { verifyPixel, verifyTrackedUrl } from './tracking.js';
import { recoverOutbox } from './backlog.js';

let t: TestDatabase;
let smtp: TestSmtp;
beforeAll(async () => {
  t = await createTestDatabase();
  smtp = await startTestSmtp();
});
afterAll(async () => {
  await smtp.close();
  await t.drop();
});

const statusOf = async (id: number) =>
  (await t.db('outbox_emails').where({ id }).first('status', 'attempts', 'last_error')) as {
    status: string;
    attempts: number;
    last_error: string | null;
  };

describe('outbox', () => {
  it('queues mail only when the surrounding transaction commits', async () => {
    await expect(
      t.db.transaction(async (trx) => {
        await enqueueEmail(trx, { organizationId: null, kind: 'T', to: 'rolled@back.test', subject: 's', text: 'x' });
        throw new Error('change failed');
      }),
    ).rejects.toThrow('change failed');
    expect(await t.db('outbox_emails').where({ to_email: 'rolled@back.test' }).first()).toBeUndefined();
  });

  it('sends through SMTP and marks SENT; a permanent refusal is a Bounce', async () => {
    smtp.refuse.add('gone@bounce.test');
    const ok = await enqueueEmail(t.db, {
      organizationId: null,
      kind: 'T',
      to: 'Person@Example.test',
      subject: 'Hello there',
      text: 'Body text',
    });
    const bad = await enqueueEmail(t.db, {
      organizationId: null,
      kind: 'T',
      to: 'gone@bounce.test',
      subject: 'Lost',
      text: 'x',
    });
    const transport = createTransport(smtp.url);
    const result = await drainOutbox(t.db, transport, 'Portal <no-reply@portal.test>');
    transport.close();
    expect(result).toEqual({ sent: 1, failed: 0, bounced: 1 });
    expect((await statusOf(ok)).status).toBe('SENT');
    expect(await statusOf(bad)).toMatchObject({ status: 'Bounce', attempts: 1 });
    const mail = await smtp.waitFor('person@example.test');
    expect(mail).toMatchObject({ subject: 'Hello there', from: 'no-reply@portal.test' });
    expect(mail.text.trim()).toBe('Body text');
  });

  it('retries a transient failure with backoff and gives up as ERROR after the last attempt', async () => {
    const id = await enqueueEmail(t.db, {
      organizationId: null,
      kind: 'T',
      to: 'later@retry.test',
      subject: 'Retry',
      text: 'x',
    });
    const dead = createTransport('smtp://127.0.0.1:1?connectionTimeout=500');
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      // The queue's backoff passes.
      await retryJobsNow(t.db, 'outbox', { ids: [id] });
      await drainOutbox(t.db, dead, 'p@portal.test');
      const row = await statusOf(id);
      expect(row.attempts).toBe(attempt);
      expect(row.status).toBe(attempt < MAX_ATTEMPTS ? 'DELIVERY' : 'ERROR');
      expect(row.last_error).toBeTruthy();
    }
    dead.close();
    // The job ends with the email: completed, not retried again.
    expect((await jobsOf(t.db, 'outbox')).filter((j) => j.state === 'retry')).toHaveLength(0);
    // Not due yet after a failure: a drain right away leaves it alone.
    const again = await enqueueEmail(t.db, {
      organizationId: null,
      kind: 'T',
      to: 'later2@retry.test',
      subject: 'Retry',
      text: 'x',
    });
    const dead2 = createTransport('smtp://127.0.0.1:1?connectionTimeout=500');
    await drainOutbox(t.db, dead2, 'p@portal.test');
    await drainOutbox(t.db, dead2, 'p@portal.test');
    dead2.close();
    expect((await statusOf(again)).attempts).toBe(1);
  });

  it('never sends one email twice when several senders drain at once (SKIP LOCKED)', async () => {
    const before = smtp.messages.length;
    const ids: number[] = [];
    for (let i = 0; i < 30; i++)
      ids.push(
        await enqueueEmail(t.db, {
          organizationId: null,
          kind: 'T',
          to: `many${i}@example.test`,
          subject: `n${i}`,
          text: 'x',
        }),
      );
    const logger = createLogger('silent');
    const senders = [0, 1, 2, 3].map(() => new Mailer(t.db, smtp.url, 'p@portal.test', logger));
    const results = await Promise.all(senders.map((m) => m.drain()));
    for (const m of senders) m.close();
    expect(results.reduce((n, r) => n + r.sent, 0)).toBe(30);
    expect(smtp.messages.length - before).toBe(30);
    const subjects = smtp.messages
      .slice(before)
      .map((m) => m.subject)
      .sort();
    expect(new Set(subjects).size).toBe(30);
    const statuses = (await t.db('outbox_emails').whereIn('id', ids).pluck('status')) as string[];
    expect(statuses.every((s) => s === 'SENT')).toBe(true);
  });

  it('leaves mail in the outbox when no SMTP_URL is configured', async () => {
    const id = await enqueueEmail(t.db, {
      organizationId: null,
      kind: 'T',
      to: 'kept@outbox.test',
      subject: 'Kept',
      text: 'x',
    });
    const mailer = new Mailer(t.db, undefined, 'p@portal.test');
    expect(mailer.enabled).toBe(false);
    expect(await mailer.drain()).toEqual({ sent: 0, failed: 0, bounced: 0 });
    expect((await statusOf(id)).status).toBe('DELIVERY');
  });

  it('renders a bulk notice when it is sent: the same bytes as rendering it when queued, stored as values only', async () => {
    const template = (await loadTemplate(t.db, 'RECALL_NOTICE', { language: 'vi' }))!;
    const values = {
      supplier_name: 'A & B <Labs>',
      customer_name: 'Clinic "North"',
      event_name: 'Pump <recall>',
      notice_link: 'https://portal.test/t/c/1?x=1&y=2',
    };
    const options = {
      textValues: { ...values, notice_link: 'https://portal.test/notice?token=abc' },
      htmlAfter: '<img src="https://portal.test/t/o/1" alt="">',
    };
    const now = template.render(values, options);
    const later = template.renderLater(values, options);
    expect(later.subject).toBe(now.subject);
    // Only what the text part reads differently is stored twice.
    expect(later.stored.text).toEqual({ notice_link: 'https://portal.test/notice?token=abc' });
    await enqueueEmails(t.db, [
      {
        organizationId: null,
        kind: 'NOTICE',
        to: 'deferred@notice.test',
        subject: later.subject,
        text: '',
        templateVersionId: template.versionId,
        stored: { content: later.stored, language: 'vi' },
      },
    ]);
    const row = (await t.db('outbox_emails').where({ to_email: 'deferred@notice.test' }).first()) as OutboxRow;
    const id = Number(row.id);
    expect(row).toMatchObject({ text_body: '', html_body: null, template_language: 'vi' });
    expect(await contentOf(t.db, row)).toEqual({ text: now.text, html: now.html });
    expect((await listOutbox(t.db, { to: 'deferred@notice.test' }))[0]).toMatchObject({
      text_body: now.text,
      html_body: now.html,
    });
    const transport = createTransport(smtp.url);
    await drainOutbox(t.db, transport, 'p@portal.test');
    transport.close();
    const mail = await smtp.waitFor('deferred@notice.test');
    expect(mail.subject).toBe(now.subject);
    expect(mail.text).toContain('https://portal.test/notice?token=abc');
    expect(mail.html).toContain('A &amp; B &lt;Labs&gt;');
    expect(mail.html).toContain('https://portal.test/t/c/1?x=1&amp;y=2');
    expect(mail.html).not.toContain('<recall>');
    expect((await statusOf(id)).status).toBe('SENT');
  });
  it('makes the click tracker and the open pixel of a stored notice when it is sent, naming the id the row got', async () => {
    const template = (await loadTemplate(t.db, 'RECALL_NOTICE', { language: 'en' }))!;
    const link = 'https://portal.test/provider/recall-notice-webform?token=t0k3n';
    const later = template.renderLater(
      { supplier_name: 'Acme', customer_name: 'Clinic', event_name: 'Pump', notice_link: link },
      { track: ['notice_link'] },
    );
    // Stored once: the plain link and which value to track; no id and no signature in the row.
    expect(later.stored).toMatchObject({ values: { notice_link: link }, track: ['notice_link'] });
    expect(later.stored.htmlAfter).toBeUndefined();
    await enqueueEmails(t.db, [
      {
        organizationId: null,
        kind: 'NOTICE',
        to: 'tracked@notice.test',
        subject: later.subject,
        text: '',
        templateVersionId: template.versionId,
        stored: { content: later.stored, language: 'en' },
      },
    ]);
    const row = (await t.db('outbox_emails').where({ to_email: 'tracked@notice.test' }).first()) as OutboxRow;
    expect(row.template_values).not.toHaveProperty('htmlAfter');
    const tracking = { secret: 'tracking-secret', appUrl: 'https://portal.test' };
    const sent = await contentOf(t.db, row, tracking);
    expect(sent.text).toContain(link);
    const click = new RegExp(`https://portal\\.test/api/t/c/${row.id}\\?u=([^&"]+)&amp;s=([\\w-]+)`).exec(sent.html!);
    expect(click, sent.html!).not.toBeNull();
    expect(decodeURIComponent(click![1]!)).toBe(link);
    expect(verifyTrackedUrl(['tracking-secret'], Number(row.id), link, click![2]!)).toBe(true);
    const pixel = new RegExp(`https://portal\\.test/api/t/o/${row.id}\\?s=([\\w-]+)`).exec(sent.html!);
    expect(verifyPixel(['tracking-secret'], Number(row.id), pixel![1]!)).toBe(true);
    // A listing of the outbox (no signing key) shows the plain link and no pixel.
    const listed = await contentOf(t.db, row);
    expect(listed.html).toContain(link);
    expect(listed.html).not.toContain('/api/t/');
    // The mailer signs with the key it was given.
    const mailer = new Mailer(t.db, smtp.url, 'p@portal.test', undefined, tracking);
    await mailer.drain();
    mailer.close();
    const mail = await smtp.waitFor('tracked@notice.test');
    expect(mail.text).toContain(link);
    expect(mail.html).toContain(`https://portal.test/api/t/c/${row.id}?u=`);
    expect(mail.html).toContain(`https://portal.test/api/t/o/${row.id}?s=`);
  });
});

/** Queues `count` written emails to `<prefix><n>@<domain>` in one COPY; answers their ids in order. */
async function queueMany(prefix: string, domain: string, count: number): Promise<number[]> {
  await enqueueEmails(
    t.db,
    Array.from({ length: count }, (_, n) => ({
      organizationId: null,
      kind: 'T',
      to: `${prefix}${n}@${domain}`,
      subject: `${prefix} ${n}`,
      text: 'x',
    })),
  );
  return (await t.db('outbox_emails').where('to_email', 'like', `%@${domain}`).orderBy('id').pluck('id')).map(Number);
}

const rowsOf = async (ids: number[]) =>
  (await t.db('outbox_emails').whereIn('id', ids).orderBy('id').select('id', 'status', 'attempts', 'last_error')) as {
    id: number;
    status: string;
    attempts: number;
    last_error: string | null;
  }[];

/** The outbox job naming `id`, as the queue holds it. */
const jobOf = async (id: number) =>
  (await jobsOf(t.db, 'outbox')).filter((j) => (j.data.ids as number[]).includes(id)).at(-1);

/**
 * A relay of this file's own: it answers 451 (try later) to the addresses in `busy`, counts every recipient it
 * accepted, and can go down and come back on the same port.
 */
async function startRelay(port = 0) {
  const received: string[] = [];
  const busy = new Set<string>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    disableReverseLookup: true,
    logger: false,
    onRcptTo(address, _session, callback) {
      if (!busy.has(address.address.toLowerCase())) return callback();
      const err = new Error('Greylisted, try again later') as Error & { responseCode: number };
      err.responseCode = 451;
      callback(err);
    },
    onData(stream, session, callback) {
      stream.on('end', () => {
        received.push(...session.envelope.rcptTo.map((r) => r.address.toLowerCase()));
        callback();
      });
      stream.resume();
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  const listening = (server.server.address() as AddressInfo).port;
  return {
    received,
    busy,
    url: `smtp://127.0.0.1:${listening}?ignoreTLS=true&connectionTimeout=1000`,
    port: listening,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe("delivery at the relay's speed (issue 31)", () => {
  it('drains everything due in one run: no cap of 100 per run', async () => {
    const ids = await queueMany('bulk', 'nocap.test', 250);
    const transport = createTransport(smtp.url);
    const result = await drainOutbox(t.db, transport, 'p@portal.test');
    transport.close();
    expect(result).toEqual({ sent: 250, failed: 0, bounced: 0 });
    const rows = await rowsOf(ids);
    expect(rows.every((r) => r.status === 'SENT' && r.attempts === 1)).toBe(true);
    // 250 emails queued at once: two jobs of at most 200, both done.
    const jobs = (await jobsOf(t.db, 'outbox')).filter((j) => (j.data.ids as number[]).some((n) => ids.includes(n)));
    expect(jobs.map((j) => (j.data.ids as number[]).length).sort((a, b) => b - a)).toEqual([200, 50]);
    expect(jobs.every((j) => j.state === 'completed')).toBe(true);
  });

  it('delivers every email exactly once with two drains running at the same time on two transports', async () => {
    const relay = await startRelay();
    const ids = await queueMany('twice', 'race.test', 300);
    const [a, b] = [createTransport(relay.url), createTransport(relay.url)];
    const results = await Promise.all([
      drainOutbox(t.db, a, 'p@portal.test', { poolSize: 3 }),
      drainOutbox(t.db, b, 'p@portal.test', { poolSize: 4 }),
    ]);
    a.close();
    b.close();
    await relay.close();
    expect(results[0]!.sent + results[1]!.sent).toBe(300);
    expect(relay.received).toHaveLength(300);
    expect(new Set(relay.received).size).toBe(300);
    const rows = await rowsOf(ids);
    expect(rows.every((r) => r.status === 'SENT' && r.attempts === 1)).toBe(true);
  });

  it("retries a 4xx answer later; a 5xx answer is a Bounce at once with the relay's reason", async () => {
    const relay = await startRelay();
    relay.busy.add('busy@answers.test');
    smtp.refuse.add('refused@answers.test');
    const queue = (to: string) =>
      enqueueEmail(t.db, { organizationId: null, kind: 'T', to, subject: 'Answers', text: 'x' });
    const busy = await queue('busy@answers.test');
    const fine = await queue('fine@answers.test');
    const transport = createTransport(relay.url);
    expect(await drainOutbox(t.db, transport, 'p@portal.test')).toEqual({ sent: 1, failed: 1, bounced: 0 });
    const [busyRow, fineRow] = await rowsOf([busy, fine]);
    expect(busyRow).toMatchObject({ status: 'DELIVERY', attempts: 1 });
    expect(busyRow!.last_error).toMatch(/451 Greylisted, try again later/);
    expect(fineRow).toMatchObject({ status: 'SENT', attempts: 1 });
    // Its job waits for the queue's retry, with the relay's answer.
    expect(await jobOf(busy)).toMatchObject({ state: 'retry', output: { message: expect.stringMatching(/451/) } });

    // The backoff passes and the relay takes it now.
    relay.busy.clear();
    await retryJobsNow(t.db, 'outbox', { ids: [busy] });
    expect(await drainOutbox(t.db, transport, 'p@portal.test')).toEqual({ sent: 1, failed: 0, bounced: 0 });
    expect((await rowsOf([busy]))[0]).toMatchObject({ status: 'SENT', attempts: 2, last_error: null });
    transport.close();
    await relay.close();
    expect(relay.received.filter((to) => to === 'busy@answers.test')).toHaveLength(1);

    const refused = await enqueueEmail(t.db, {
      organizationId: null,
      kind: 'T',
      to: 'refused@answers.test',
      subject: 'Refused',
      text: 'x',
    });
    const direct = createTransport(smtp.url);
    expect(await drainOutbox(t.db, direct, 'p@portal.test')).toEqual({ sent: 0, failed: 0, bounced: 1 });
    direct.close();
    const [bounced] = await rowsOf([refused]);
    expect(bounced).toMatchObject({ status: 'Bounce', attempts: 1 });
    expect(await jobOf(refused)).toMatchObject({ state: 'completed' });
    expect(bounced!.last_error).toMatch(/550 Mailbox unavailable/);
  });

  it('loses nothing while the relay is down: a few attempts are spent, and everything goes once it is back', async () => {
    const first = await startRelay();
    const port = first.port;
    await first.close();
    const ids = await queueMany('down', 'outage.test', 40);
    const transport = createTransport(first.url);
    const whileDown = await drainOutbox(t.db, transport, 'p@portal.test');
    expect(whileDown.sent).toBe(0);
    expect(whileDown.bounced).toBe(0);
    expect(whileDown.failed).toBeGreaterThan(0);
    let rows = await rowsOf(ids);
    expect(rows.every((r) => r.status === 'DELIVERY')).toBe(true);
    // The drain stopped at the first refused connection: the emails it never tried kept their attempts.
    const tried = rows.filter((r) => r.attempts > 0);
    expect(tried).toHaveLength(whileDown.failed);
    expect(tried.length).toBeLessThan(ids.length);
    expect(tried.every((r) => r.attempts === 1 && /ECONNREFUSED|connect/i.test(r.last_error ?? ''))).toBe(true);
    expect(await jobOf(ids[0]!)).toMatchObject({
      state: 'retry',
      output: { message: expect.stringContaining('SMTP relay unreachable') },
    });

    const relay = await startRelay(port);
    await retryJobsNow(t.db, 'outbox', { ids: [ids[0]] });
    const back = await drainOutbox(t.db, transport, 'p@portal.test');
    transport.close();
    await relay.close();
    expect(back).toEqual({ sent: 40, failed: 0, bounced: 0 });
    rows = await rowsOf(ids);
    expect(rows.every((r) => r.status === 'SENT')).toBe(true);
    expect(new Set(relay.received).size).toBe(40);
    expect(relay.received).toHaveLength(40);
  });

  it('sends again the emails of a job whose worker died holding it, once the queue expires it, counting each attempt', async () => {
    const ids = await queueMany('orphan', 'lease.test', 3);
    // A worker takes the job, counts its attempts, and dies: no SMTP, no mark, the job stays active.
    await t.db.raw(
      `UPDATE pgboss.job SET state = 'active', started_on = now() WHERE name = 'outbox' AND data->'ids' = ?::jsonb`,
      [JSON.stringify(ids)],
    );
    await t.db('outbox_emails').whereIn('id', ids).increment('attempts', 1);

    const relay = await startRelay();
    const transport = createTransport(relay.url);
    // While the job is held, another worker leaves it alone.
    expect(await drainOutbox(t.db, transport, 'p@portal.test')).toEqual({ sent: 0, failed: 0, bounced: 0 });
    expect(relay.received).toHaveLength(0);

    // Its expiry passes: the queue's maintenance fails it from the dead holder, and it is retried.
    await t.db.raw(
      `UPDATE pgboss.job SET started_on = now() - interval '1 hour' WHERE name = 'outbox' AND state = 'active'`,
    );
    await expireJobs(t.db);
    expect(await jobOf(ids[0]!)).toMatchObject({ state: 'retry', retry_count: 0 });
    await retryJobsNow(t.db, 'outbox', { ids: [ids[0]] });
    expect(await drainOutbox(t.db, transport, 'p@portal.test')).toEqual({ sent: 3, failed: 0, bounced: 0 });
    transport.close();
    await relay.close();
    expect(relay.received.sort()).toEqual(['orphan0@lease.test', 'orphan1@lease.test', 'orphan2@lease.test']);
    expect((await rowsOf(ids)).every((r) => r.status === 'SENT' && r.attempts === 2)).toBe(true);
  });

  it('gives a job to due emails that have none (queued before the job queue): the recovery sweep, once', async () => {
    const ids = await queueMany('stranded', 'sweep.test', 5);
    // As if queued by the previous release: the emails, no job.
    await t.db.raw(`DELETE FROM pgboss.job WHERE name = 'outbox' AND data->'ids' = ?::jsonb`, [JSON.stringify(ids)]);
    expect(await recoverOutbox(t.db)).toEqual({ emails: 5 });
    // A second sweep finds each one in a job already.
    expect(await recoverOutbox(t.db)).toEqual({ emails: 0 });
    const relay = await startRelay();
    const transport = createTransport(relay.url);
    expect(await drainOutbox(t.db, transport, 'p@portal.test')).toEqual({ sent: 5, failed: 0, bounced: 0 });
    transport.close();
    await relay.close();
    expect(relay.received).toHaveLength(5);
  });

  it('ends a job that keeps failing in the failed state, listed with its error; the sweep gives its emails a new job', async () => {
    const id = await enqueueEmail(t.db, {
      organizationId: null,
      kind: 'T',
      to: 'never@down.test',
      subject: 'Down',
      text: 'x',
    });
    // This job may be tried twice (the queue's own limit is 10, with a doubling delay).
    await t.db.raw(`UPDATE pgboss.job SET retry_limit = 1 WHERE name = 'outbox' AND data->'ids' = ?::jsonb`, [
      JSON.stringify([id]),
    ]);
    const dead = createTransport('smtp://127.0.0.1:1?connectionTimeout=500');
    expect(await drainOutbox(t.db, dead, 'p@portal.test')).toMatchObject({ sent: 0, failed: 1 });
    expect(await jobOf(id)).toMatchObject({ state: 'retry' });
    await retryJobsNow(t.db, 'outbox', { ids: [id] });
    expect(await drainOutbox(t.db, dead, 'p@portal.test')).toMatchObject({ sent: 0, failed: 1 });
    dead.close();
    const failed = await jobOf(id);
    expect(failed).toMatchObject({
      state: 'failed',
      output: { message: expect.stringContaining('SMTP relay unreachable') },
    });
    // Visible: counted failed, and listed with its error.
    expect((await jobQueueStatus(t.db, ['outbox'])).get('outbox')!.failed).toBeGreaterThanOrEqual(1);
    expect((await failedJobs(t.db, 'outbox')).map((j) => j.data)).toContainEqual({ ids: [id] });
    // Each attempt on record; the email still waits, and the recovery sweep gives it a job of its own.
    expect((await rowsOf([id]))[0]).toMatchObject({ status: 'DELIVERY', attempts: 2 });
    expect(await recoverOutbox(t.db)).toMatchObject({ emails: 1 });
    expect(await jobOf(id)).toMatchObject({ state: 'created' });
  });
});
