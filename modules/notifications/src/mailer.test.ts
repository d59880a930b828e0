import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '@portal/core';
import { createTestDatabase, startTestSmtp, type TestDatabase, type TestSmtp } from '@portal/testing';
import { Mailer } from './mailer.js';
import { enqueueEmail } from './outbox.js';

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
  it('stops its drain after the email it holds and leaves the rest claimable by another replica', async () => {
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
    const statuses = (await t.db('outbox_emails').whereIn('id', ids).pluck('status')) as string[];
    expect(statuses.filter((s) => s === 'SENT')).toHaveLength(first.sent);
    expect(statuses.filter((s) => s === 'DELIVERY')).toHaveLength(40 - first.sent);

    // Nothing stays locked: another sender takes every remaining email, once.
    const other = new Mailer(t.db, smtp.url, 'p@portal.test', logger);
    expect((await other.drain()).sent).toBe(40 - first.sent);
    other.close();
    expect(smtp.messages.filter((m) => m.to[0]!.startsWith('stop'))).toHaveLength(40);
  });
});
