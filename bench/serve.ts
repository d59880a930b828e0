/**
 * The BFF as every bench serves it: the real app over the bench's database on a loopback port, with no rate limit and
 * no SMTP; `signIn` answers a user's access token. `wrap` sees each request (ServerCpu measures the server's CPU).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp, createModules } from '../services/bff/src/index.js';
import { createLogger, type Db, LocalFileStore, loadConfig } from '../modules/core/src/index.js';

export const BENCH_PASSWORD = 'Portal#2026';

type Listener = (req: IncomingMessage, res: ServerResponse) => void;

export async function serveBff(
  db: Db,
  url: string,
  filesDir: string,
  wrap: (listener: Listener) => Listener = (l) => l,
): Promise<{ server: Server; base: string; signIn: (email: string) => Promise<string> }> {
  const config = {
    ...loadConfig({ ...process.env, DATABASE_URL: url }),
    authRateLimitPerMinute: 0,
    smtpUrl: undefined,
  };
  const deps = {
    db,
    config,
    logger: createLogger('silent'),
    mail: { kick: () => undefined },
    files: new LocalFileStore(filesDir),
  };
  const app = createApp({ deps, modules: createModules(deps) });
  const server = await new Promise<Server>((resolve) => {
    const s = createServer(wrap(app.callback())).listen(0, '127.0.0.1', () => resolve(s));
  });
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
  return { server, base, signIn: (email) => signInAt(base, email) };
}

/** A demo user's access token from the server at `base` (`http://host:port/api`). */
export async function signInAt(base: string, email: string): Promise<string> {
  const res = await fetch(`${base}/auth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grant_type: 'password', email, password: BENCH_PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`sign-in ${email}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { d: { access_token: string } }).d.access_token;
}
