import os from 'node:os';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addJobs, createLogger, LocalFileStore, loadConfig, type ModuleDeps } from '@portal/core';
import { enqueueEmail } from '@portal/notifications';
import { createTestDatabase, type TestDatabase } from '@portal/testing';
import { createApp } from './app.js';
import { createMetrics, serveMetrics } from './metrics.js';
import { createModules } from './modules.js';

const TOKEN = 'metrics-token-of-at-least-32-characters';
let database: TestDatabase;
let base: string;
let close: () => Promise<void>;
let metrics: ReturnType<typeof createMetrics>;

beforeAll(async () => {
  database = await createTestDatabase();
  const deps: ModuleDeps = {
    db: database.db,
    config: { ...loadConfig({ ...process.env, DATA_DIR: os.tmpdir() }), authRateLimitPerMinute: 0 },
    logger: createLogger('silent'),
    mail: { kick: () => undefined },
    files: new LocalFileStore(os.tmpdir()),
  };
  metrics = createMetrics(database.db, { token: TOKEN });
  const server = createApp({ deps, modules: createModules(deps), metrics }).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => new Promise((resolve) => server.close(() => resolve()));
});
afterAll(async () => {
  await close();
  await database.drop();
});

const scrape = (headers: Record<string, string> = {}) => fetch(`${base}/metrics`, { headers });

describe('the metrics', () => {
  it('answer only the bearer of METRICS_TOKEN', async () => {
    expect((await scrape()).status).toBe(404);
    expect((await scrape({ authorization: 'Bearer wrong-token-of-the-same-length-xxxxxxx' })).status).toBe(404);
    const res = await scrape({ authorization: `Bearer ${TOKEN}` });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
  });

  it('time API calls by matched route, count the pool and the outbox, and record job runs', async () => {
    await fetch(`${base}/api/users/12345`);
    await enqueueEmail(database.db, { organizationId: null, kind: 'TEST', to: 'a@b.test', subject: 's', text: 't' });
    metrics.jobRun('outbox', 'failed', 0.2);
    // A periodic job that failed for good, as the queue keeps it.
    await addJobs(database.db, [{ queue: 'expire-tokens' }]);
    await database.db.raw(`UPDATE pgboss.job SET state = 'failed', completed_on = now() WHERE name = 'expire-tokens'`);
    metrics.watchQueues([{ name: 'outbox' }, { name: 'notice-fanout' }, { name: 'expire-tokens' }]);
    const text = await (await scrape({ authorization: `Bearer ${TOKEN}` })).text();
    // The pattern, not the id: one series a route.
    expect(text).toMatch(
      /portal_http_request_duration_seconds_count\{method="GET",route="\/api\/users\/:id",status="401"\} 1/,
    );
    expect(text).not.toContain('12345');
    expect(text).toMatch(/portal_outbox_emails\{status="DELIVERY"\} 1/);
    expect(text).toMatch(/portal_outbox_backlog\{state="due"\} 1/);
    expect(text).toMatch(/portal_db_pool_connections\{state="waiting"\} 0/);
    expect(text).toMatch(/portal_job_runs_total\{job="outbox",outcome="failed"\} 1/);
    // The email's job waits (nothing sends here); the failed one is counted.
    expect(text).toMatch(/portal_job_queue\{job="outbox",state="waiting"\} 1/);
    expect(text).toMatch(/portal_job_queue\{job="outbox",state="in_flight"\} 0/);
    expect(text).toMatch(/portal_job_queue\{job="notice-fanout",state="waiting"\} 0/);
    expect(text).toMatch(/portal_job_queue\{job="expire-tokens",state="failed"\} 1/);
    expect(text).toMatch(/portal_job_queue_oldest_waiting_seconds\{job="outbox"\} \d+/);
  });

  it('serve on a port of their own with nothing else there', async () => {
    const server = await serveMetrics(metrics, 0, '127.0.0.1');
    try {
      const port = (server.address() as AddressInfo).port;
      const res = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('portal_outbox_emails');
      expect((await fetch(`http://127.0.0.1:${port}/api/users`)).status).toBe(404);
    } finally {
      server.close();
    }
  });

  it('refuse a guessable token and an unknown role at start-up', () => {
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow('METRICS_TOKEN must be at least 32 characters');
    expect(() => loadConfig({ ROLE: 'both' })).toThrow('ROLE must be all, web or worker');
    expect(loadConfig({ ROLE: 'worker' }).role).toBe('worker');
  });
});
