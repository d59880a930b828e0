import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { createTestDatabase, jobsOf, type TestDatabase } from '@portal/testing';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueEmails } from './outbox-queue.js';

const WORKER = path.resolve(import.meta.dirname, '../../../test/outbox-worker.ts');
const N = 600;

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.drop());

/** An SMTP server on loopback that takes a few milliseconds a message and counts every recipient it accepted. */
async function startRelay() {
  const received: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    disableReverseLookup: true,
    logger: false,
    onData(stream, session, callback) {
      stream.on('end', () => {
        setTimeout(() => {
          received.push(...session.envelope.rcptTo.map((r) => r.address.toLowerCase()));
          callback();
        }, 5);
      });
      stream.resume();
    },
  });
  // A sender killed mid-conversation resets its connection; a relay shrugs that off (unheard, smtp-server's 'error'
  // would end this test process).
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    received,
    url: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}?ignoreTLS=true`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Polls `check` every 50 ms until it answers true (or fails after `ms`). */
async function until(check: () => Promise<boolean> | boolean, ms = 60_000): Promise<void> {
  for (const end = Date.now() + ms; !(await check()); ) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

const statuses = async () =>
  (await t.db('outbox_emails').orderBy('id').select('id', 'to_email', 'status', 'attempts')) as {
    id: number;
    to_email: string;
    status: string;
    attempts: number;
  }[];

describe('a worker killed mid-delivery (kill -9), then a restart', () => {
  it('loses nothing: every email goes, twice only if it was with the relay at the kill, and each attempt is recorded', async () => {
    const relay = await startRelay();
    // This database's outbox jobs expire after 4 s (a dead holder's job is retried then) and retry after about 1 s.
    await t.db.raw(`UPDATE pgboss.queue SET expire_seconds = 4, retry_delay = 1 WHERE name = 'outbox'`);
    await enqueueEmails(
      t.db,
      Array.from({ length: N }, (_, n) => ({
        organizationId: null,
        kind: 'T',
        to: `kill${n}@crash.test`,
        subject: `kill ${n}`,
        text: 'x',
      })),
    );
    const start = (): ChildProcess =>
      spawn(process.execPath, ['--import', 'tsx', WORKER], {
        env: { ...process.env, DATABASE_URL: t.url, SMTP_URL: relay.url },
        stdio: 'ignore',
      });

    // The first worker sends, and is killed while the relay is receiving.
    const first = start();
    const firstExit = once(first, 'exit');
    await until(() => relay.received.length >= N / 4);
    first.kill('SIGKILL');
    expect(await firstExit).toEqual([null, 'SIGKILL']);
    const atKill = await statuses();
    const receivedAtKill = new Set(relay.received);
    // Taken by the relay, not yet marked: the emails in flight at the kill, the only ones that may go twice.
    const inFlight = new Set(
      atKill.filter((e) => e.status === 'DELIVERY' && receivedAtKill.has(e.to_email)).map((e) => e.to_email),
    );
    expect(atKill.some((e) => e.status === 'DELIVERY')).toBe(true);

    // The restart: the dead worker's job expires and is retried; every email is sent.
    const second = start();
    const secondExit = once(second, 'exit');
    try {
      await until(async () => (await statuses()).every((e) => e.status === 'SENT'));
    } finally {
      second.kill('SIGTERM');
      await secondExit;
    }
    await relay.close();

    const after = await statuses();
    const times = new Map<string, number>();
    for (const to of relay.received) times.set(to, (times.get(to) ?? 0) + 1);
    // Nothing lost: every address got its email.
    expect(after.filter((e) => !times.has(e.to_email))).toEqual([]);
    // Twice at most, and only those in flight at the kill.
    const twice = [...times].filter(([, n]) => n > 1).map(([to]) => to);
    expect([...times.values()].every((n) => n <= 2)).toBe(true);
    expect(twice.filter((to) => !inFlight.has(to))).toEqual([]);
    // Each attempt on record: an email that went twice has two attempts; none has fewer attempts than deliveries.
    for (const e of after) expect(e.attempts).toBeGreaterThanOrEqual(times.get(e.to_email)!);
    expect(after.filter((e) => twice.includes(e.to_email)).every((e) => e.attempts >= 2)).toBe(true);
    // The queue ends with every job done, none failed.
    const jobs = await jobsOf(t.db, 'outbox');
    expect(jobs.every((j) => j.state === 'completed')).toBe(true);
  }, 120_000);
});
