import { createLogger, loadConfig } from '@portal/core';
import { createTestDatabase, startTestSmtp, type TestDatabase, type TestSmtp } from '@portal/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Mailer } from './mailer.js';
import { createTransport } from './outbox.js';
import { enqueueEmail } from './outbox-queue.js';

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

describe('the sender at shutdown (issue 17)', () => {
  it('stops its drain once the messages with the relay are answered and marked, and gives the rest back for another replica', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 40; i++)
      ids.push(
        await enqueueEmail(t.db, {
          organizationId: null,
          kind: 'T',
          to: `stop${i}@example.test`,
          subject: `s${i}`,
          text: 'x',
        }),
      );
    const logger = createLogger('silent');
    const stopping = new Mailer(t.db, smtp.url, 'p@portal.test', logger);
    const draining = stopping.drain();
    await smtp.waitFor('stop0@example.test');
    await stopping.stop();
    const first = await draining;
    stopping.close();
    expect(first.sent).toBeGreaterThan(0);
    expect(first.sent).toBeLessThan(40);
    // Stopped means stopped: a later call sends nothing.
    expect(await stopping.drain()).toEqual({ sent: 0, failed: 0, bounced: 0 });
    const rows = (await t.db('outbox_emails').whereIn('id', ids).select('status', 'attempts', 'lease_until')) as {
      status: string;
      attempts: number;
      lease_until: Date | null;
    }[];
    expect(rows.filter((r) => r.status === 'SENT')).toHaveLength(first.sent);
    // What the stopped drain claimed but never handed to the relay was given back: no lease, no attempt spent.
    expect(rows.filter((r) => r.status === 'DELIVERY' && r.attempts === 0 && r.lease_until === null)).toHaveLength(
      40 - first.sent,
    );

    // Nothing stays locked: another sender takes every remaining email, once.
    const other = new Mailer(t.db, smtp.url, 'p@portal.test', logger);
    expect((await other.drain()).sent).toBe(40 - first.sent);
    other.close();
    expect(smtp.messages.filter((m) => m.to[0]!.startsWith('stop'))).toHaveLength(40);
  });
});

describe("the sender's settings (issue 31)", () => {
  const env = { JWT_SECRET: 'a-test-secret-of-at-least-32-characters' };

  it('reads SMTP_POOL_SIZE (default 5) and SMTP_RATE_PER_SECOND (default none), refusing anything but a positive integer', () => {
    expect(loadConfig(env)).toMatchObject({ smtpPoolSize: 5, smtpRatePerSecond: undefined });
    expect(loadConfig({ ...env, SMTP_POOL_SIZE: '12', SMTP_RATE_PER_SECOND: '40' })).toMatchObject({
      smtpPoolSize: 12,
      smtpRatePerSecond: 40,
    });
    for (const bad of ['0', '-1', '2.5', 'many'])
      expect(() => loadConfig({ ...env, SMTP_POOL_SIZE: bad })).toThrow(
        `SMTP_POOL_SIZE must be a positive integer, got "${bad}"`,
      );
    expect(() => loadConfig({ ...env, SMTP_RATE_PER_SECOND: '0' })).toThrow(/SMTP_RATE_PER_SECOND must be a positive/);
  });

  it('opens a pooled transport of that many connections, with the ceiling when there is one', () => {
    const optionsOf = (transport: ReturnType<typeof createTransport>) =>
      (transport as unknown as { transporter: { options: Record<string, unknown> } }).transporter.options;
    const ceiling = createTransport(smtp.url, { poolSize: 7, ratePerSecond: 3 });
    expect(optionsOf(ceiling)).toMatchObject({ pool: true, maxConnections: 7, rateDelta: 1000, rateLimit: 3 });
    ceiling.close();
    const unlimited = createTransport(smtp.url);
    expect(optionsOf(unlimited)).toMatchObject({ pool: true, maxConnections: 5 });
    expect(optionsOf(unlimited).rateLimit).toBeUndefined();
    unlimited.close();
  });
});
