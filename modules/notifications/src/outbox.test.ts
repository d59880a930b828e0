import type { AddressInfo } from 'node:net';
import { createLogger } from '@portal/core';
import { createTestDatabase, startTestSmtp, type TestDatabase, type TestSmtp } from '@portal/testing';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Mailer } from './mailer.js';
import {
  claimDueEmails,
  contentOf,
  createTransport,
  drainOutbox,
  enqueueEmail,
  enqueueEmails,
  listOutbox,
  MAX_ATTEMPTS,
  type OutboxRow,
} from './outbox.js';
import { loadTemplate } from './templates/render.js';
import { verifyPixel, verifyTrackedUrl } from './tracking.js';

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
      await t.db('outbox_emails').where({ id }).update({ next_attempt_at: t.db.fn.now() });
      await drainOutbox(t.db, dead, 'p@portal.test');
      const row = await statusOf(id);
      expect(row.attempts).toBe(attempt);
      expect(row.status).toBe(attempt < MAX_ATTEMPTS ? 'DELIVERY' : 'ERROR');
      expect(row.last_error).toBeTruthy();
    }
    dead.close();
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
  (await t
    .db('outbox_emails')
    .whereIn('id', ids)
    .orderBy('id')
    .select('id', 'status', 'attempts', 'last_error', 'lease_until', t.db.raw('next_attempt_at > now() AS later'))) as {
    id: number;
    status: string;
    attempts: number;
    last_error: string | null;
    lease_until: Date | null;
    later: boolean;
  }[];

/** What the clock does to a lease: once it ends, the email is due again (the claim moved next_attempt_at there). */
const expireLeases = (ids: number[]) =>
  t
    .db('outbox_emails')
    .whereIn('id', ids)
    .update({
      lease_until: t.db.raw(`now() - interval '1 second'`),
      next_attempt_at: t.db.raw(`now() - interval '1 second'`),
    });

/** Makes emails waiting for a retry due now, as the passing of their backoff would. */
const makeDue = (ids: number[]) => t.db('outbox_emails').whereIn('id', ids).update({ next_attempt_at: t.db.fn.now() });

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
    expect(rows.every((r) => r.status === 'SENT' && r.attempts === 1 && r.lease_until === null)).toBe(true);
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
    expect(rows.every((r) => r.status === 'SENT' && r.attempts === 1 && r.lease_until === null)).toBe(true);
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
    expect(busyRow).toMatchObject({ status: 'DELIVERY', attempts: 1, lease_until: null, later: true });
    expect(busyRow!.last_error).toMatch(/451 Greylisted, try again later/);
    expect(fineRow).toMatchObject({ status: 'SENT', attempts: 1 });

    // The backoff passes and the relay takes it now.
    relay.busy.clear();
    await makeDue([busy]);
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
    expect(bounced).toMatchObject({ status: 'Bounce', attempts: 1, lease_until: null });
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
    expect(rows.every((r) => r.status === 'DELIVERY' && r.lease_until === null)).toBe(true);
    // The drain stopped at the first refused connection: the emails it never tried kept their attempts.
    const tried = rows.filter((r) => r.attempts > 0);
    expect(tried).toHaveLength(whileDown.failed);
    expect(tried.length).toBeLessThan(ids.length);
    expect(tried.every((r) => r.attempts === 1 && r.later && /ECONNREFUSED|connect/i.test(r.last_error ?? ''))).toBe(
      true,
    );

    const relay = await startRelay(port);
    await makeDue(ids);
    const back = await drainOutbox(t.db, transport, 'p@portal.test');
    transport.close();
    await relay.close();
    expect(back).toEqual({ sent: 40, failed: 0, bounced: 0 });
    rows = await rowsOf(ids);
    expect(rows.every((r) => r.status === 'SENT')).toBe(true);
    expect(new Set(relay.received).size).toBe(40);
    expect(relay.received).toHaveLength(40);
  });

  it('sends again the emails of a sender that died holding their claim, once the lease ends, counting each attempt', async () => {
    const ids = await queueMany('orphan', 'lease.test', 3);
    // A sender claims them and dies: no SMTP, no mark.
    const claimed = await claimDueEmails(t.db, 10);
    expect(claimed.map((e) => e.id).sort()).toEqual(ids);
    expect((await rowsOf(ids)).every((r) => r.attempts === 1 && r.lease_until !== null)).toBe(true);

    const relay = await startRelay();
    const transport = createTransport(relay.url);
    // While the lease runs, another sender leaves them alone.
    expect(await drainOutbox(t.db, transport, 'p@portal.test')).toEqual({ sent: 0, failed: 0, bounced: 0 });
    expect(relay.received).toHaveLength(0);

    await expireLeases(ids);
    expect(await drainOutbox(t.db, transport, 'p@portal.test')).toEqual({ sent: 3, failed: 0, bounced: 0 });
    transport.close();
    await relay.close();
    expect(relay.received.sort()).toEqual(['orphan0@lease.test', 'orphan1@lease.test', 'orphan2@lease.test']);
    expect((await rowsOf(ids)).every((r) => r.status === 'SENT' && r.attempts === 2 && r.lease_until === null)).toBe(
      true,
    );
  });
});
