import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, createLogger, freePort, LocalFileStore, loadConfig, type ModuleDeps, route } from '@portal/core';
import { createTestDatabase, type TestDatabase } from '@portal/testing';
import { createApp } from './app.js';
import { createHealth, type Health } from './health.js';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

/** The BFF with one public route, on `db`, in the given state. */
async function serve(db: ModuleDeps['db'], health: Health): Promise<{ url: string; close(): Promise<void> }> {
  const deps: ModuleDeps = {
    db,
    config: { ...loadConfig({ DATA_DIR: os.tmpdir() }), authRateLimitPerMinute: 0 },
    logger: createLogger('silent'),
    mail: { kick: () => undefined },
    files: new LocalFileStore(os.tmpdir()),
  };
  const modules = [
    {
      name: 'probe',
      routes: [route({ method: 'GET', path: '/probe', access: 'public', summary: 'probe', handler: () => 'here' })],
    },
  ];
  const server: Server = await new Promise((resolve) => {
    const s = createApp({ deps, modules, health }).listen(0, '127.0.0.1', () => resolve(s));
  });
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

describe('liveness and readiness (issue 17)', () => {
  it('is alive but not ready while migrations run, and answers nothing else until ready', async () => {
    const health = createHealth('migrating');
    const app = await serve(database.db, health);
    try {
      expect((await fetch(`${app.url}/health/live`)).status).toBe(200);
      const ready = await fetch(`${app.url}/health/ready`);
      expect(ready.status).toBe(503);
      expect(await ready.json()).toMatchObject({ ok: false, error: { code: 'NOT_READY' }, d: { status: 'migrating' } });
      const probe = await fetch(`${app.url}/probe`);
      expect(probe.status).toBe(503);
      expect(probe.headers.get('retry-after')).toBe('1');

      health.state = 'ready';
      expect(await (await fetch(`${app.url}/health/ready`)).json()).toMatchObject({ ok: true, d: { status: 'ready' } });
      expect(await (await fetch(`${app.url}/probe`)).json()).toMatchObject({ ok: true, d: 'here' });

      // Shutting down: out of the load balancer's pool, and new requests are turned away.
      health.state = 'stopping';
      expect((await fetch(`${app.url}/health/ready`)).status).toBe(503);
      expect((await fetch(`${app.url}/probe`)).status).toBe(503);
      expect((await fetch(`${app.url}/health/live`)).status).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('is not ready when the database does not answer, and still alive', async () => {
    const unreachable = createDb(`postgres://portal:x@127.0.0.1:${await freePort()}/none`, { min: 0, max: 1 });
    const app = await serve(unreachable, createHealth('ready'));
    try {
      const ready = await fetch(`${app.url}/health/ready`);
      expect(ready.status).toBe(503);
      expect(await ready.json()).toMatchObject({ d: { status: 'db-down' } });
      expect((await fetch(`${app.url}/health/live`)).status).toBe(200);
    } finally {
      await app.close();
      await unreachable.destroy();
    }
  });
});
