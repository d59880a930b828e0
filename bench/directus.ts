/**
 * The peer of the lists' throughput goal: Directus 11.3 serving the same tables as the BFF, read by the same concurrent
 * clients. Directus is not a dependency of the product: `pnpm bench:directus-install` puts it in bench/.directus (npm,
 * about 500 MB), or DIRECTUS_DIR names an install. Without it the bench says so and measures the rest.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { httpGet, load, type Load } from './throughput.js';

const here = path.dirname(fileURLToPath(import.meta.url));

/** The `directus` command of an install, or null. */
export function directusBinary(): string | null {
  const dirs = [process.env.DIRECTUS_DIR, path.join(here, '.directus')].filter(Boolean) as string[];
  for (const dir of dirs) {
    const bin = path.join(dir, 'node_modules', '.bin', 'directus');
    if (existsSync(bin)) return bin;
  }
  return null;
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });

export interface Directus {
  base: string;
  token: string;
  version: string;
  stop(): Promise<void>;
}

/** Bootstraps Directus into the bench's database (its own directus_* tables beside ours) and starts it. */
export async function startDirectus(databaseUrl: string, log: (m: string) => void): Promise<Directus | null> {
  const bin = directusBinary();
  if (!bin) return null;
  const port = await freePort();
  const password = randomBytes(12).toString('base64url');
  const env = {
    ...process.env,
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DB_CLIENT: 'pg',
    DB_CONNECTION_STRING: databaseUrl,
    DB_POOL__MIN: '0',
    DB_POOL__MAX: '10',
    KEY: randomBytes(16).toString('hex'),
    SECRET: randomBytes(32).toString('hex'),
    ADMIN_EMAIL: 'admin@example.com',
    ADMIN_PASSWORD: password,
    CACHE_ENABLED: 'false',
    RATE_LIMITER_ENABLED: 'false',
    // Its load shedding answers 503 once its event loop lags (it did under 20 clients on the provider's list); the
    // comparison is of what each serves, so it is off as the rate limiter is.
    PRESSURE_LIMITER_ENABLED: 'false',
    TELEMETRY: 'false',
    LOG_LEVEL: 'error',
    WEBSOCKETS_ENABLED: 'false',
  };
  const cwd = path.dirname(path.dirname(path.dirname(bin)));
  const run = (args: string[]) =>
    new Promise<void>((resolve, reject) => {
      const child = spawn(bin, args, { env, cwd, stdio: ['ignore', 'ignore', 'pipe'] });
      let err = '';
      child.stderr.on('data', (c: Buffer) => (err += c.toString()));
      child.on('exit', (code) =>
        code === 0 ? resolve() : reject(new Error(`directus ${args[0]}: ${err.slice(-500)}`)),
      );
    });
  log('  Directus: bootstrapping into the bench database...');
  await run(['bootstrap']);
  const server: ChildProcess = spawn(bin, ['start'], { env, cwd, stdio: 'ignore' });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/server/ping`)).ok) break;
    } catch {
      // not listening yet
    }
    if (i > 240) throw new Error('Directus did not start in 60 s');
    await new Promise((r) => setTimeout(r, 250));
  }
  const login = await fetch(`${base}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: env.ADMIN_EMAIL, password }),
  });
  const token = ((await login.json()) as { data: { access_token: string } }).data.access_token;
  const info = await fetch(`${base}/server/info`, { headers: { authorization: `Bearer ${token}` } });
  const version = ((await info.json()) as { data?: { version?: string } }).data?.version ?? 'unknown';
  return {
    base,
    token,
    version,
    stop: () =>
      new Promise((resolve) => {
        server.once('exit', () => resolve());
        server.kill('SIGTERM');
      }),
  };
}

/** `clients` concurrent clients reading one Directus items URL for `seconds`; a non-200 counts as an error. */
export function directusLoad(d: Directus, url: string, clients: number, seconds: number): Promise<Load> {
  return load(clients, seconds, () => httpGet(`${d.base}${url}`, { authorization: `Bearer ${d.token}` }));
}
