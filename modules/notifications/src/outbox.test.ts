import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '@portal/core';
import { createTestDatabase, startTestSmtp, type TestDatabase, type TestSmtp } from '@portal/testing';
import { Mailer } from './mailer.js';
import { createTransport, drainOutbox, enqueueEmail, MAX_ATTEMPTS } from './outbox.js';

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
});
