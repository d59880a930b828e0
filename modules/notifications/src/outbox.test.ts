import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '@portal/core';
import { createTestDatabase, startTestSmtp, type TestDatabase, type TestSmtp } from '@portal/testing';
import { Mailer } from './mailer.js';
import {
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
    const mail = await smtp.waitFor('tracked@notice.test');
    expect(mail.text).toContain(link);
    expect(mail.html).toContain(`https://portal.test/api/t/c/${row.id}?u=`);
    expect(mail.html).toContain(`https://portal.test/api/t/o/${row.id}?s=`);
  });
});
