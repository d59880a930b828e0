import os from 'node:os';
import { Router } from '@koa/router';
import { describe, expect, it } from 'vitest';
import { createDb, createLogger, LocalFileStore, loadConfig, type ModuleDeps } from '@portal/core';
import { createModules } from './modules.js';

/**
 * Every route is reachable: no route mounted earlier (same method, same area) matches a later route's own path, which
 * the router would then never reach (`/provider/communications/:id/:x/:y` before `.../:id/:x/conversations`, say).
 * Routes are mounted in module order (modules.ts) and, within a module, in table order; the router tries them in that
 * order, per area, exactly as the app mounts them (app.ts).
 */
const deps: ModuleDeps = {
  // Routes are data: nothing here opens a connection.
  db: createDb('postgres://nobody@127.0.0.1:1/none'),
  config: loadConfig({ ...process.env, DATA_DIR: os.tmpdir() }),
  logger: createLogger('silent'),
  mail: { kick: () => undefined },
  files: new LocalFileStore(os.tmpdir()),
};

/** A concrete path of a route pattern: each parameter a plausible value. */
const sample = (path: string) => path.replace(/:(\w+)/g, '1');

describe('the route table', () => {
  it('has no route that an earlier one hides', async () => {
    const routes = createModules(deps).flatMap((m) => m.routes);
    const areas = new Map<string, Router>();
    routes.forEach((route, index) => {
      const area = route.path.split('/')[1] ?? '';
      if (!areas.has(area)) areas.set(area, new Router({ prefix: '/api' }));
      areas.get(area)!.register(route.path, [route.method], () => undefined, { name: String(index) });
    });
    const hidden: string[] = [];
    routes.forEach((route, index) => {
      const router = areas.get(route.path.split('/')[1] ?? '')!;
      const first = router.match(`/api${sample(route.path)}`, route.method).pathAndMethod[0];
      if (first && first.name !== String(index)) {
        const by = routes[Number(first.name)]!;
        hidden.push(`${route.method} ${route.path} is hidden by ${by.method} ${by.path}`);
      }
    });
    expect(hidden).toEqual([]);
    expect(routes.length).toBeGreaterThan(300);
    await deps.db.destroy();
  });
});
