import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { createApp, createModules, warmModules } from '@portal/bff';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Config, createLogger, LocalFileStore, loadConfig, type Db, onTransactionMisuse } from '@portal/core';
import { seedDemo } from '@portal/migrations';
import { Mailer } from '@portal/notifications';
import { createTestDatabase } from './database.js';
import { startTestSmtp, type TestSmtp } from './smtp.js';

export const DEMO_PASSWORD = 'Portal#2026';

export interface ApiAnswer<T = any> {
  status: number;
  headers: Headers;
  body: { ok: boolean; m: string; d?: T; error?: { code: string; details?: unknown } };
}

export interface TestApp {
  baseUrl: string;
  db: Db;
  /** The name of this app's own database. */
  databaseName: string;
  config: Config;
  mailer: Mailer;
  smtp: TestSmtp;
  call<T = any>(
    method: string,
    path: string,
    options?: {
      body?: unknown;
      token?: string | null;
      headers?: Record<string, string>;
      raw?: string;
      form?: FormData;
    },
  ): Promise<ApiAnswer<T>>;
  /** Signs in with the demo password (or `password`) and answers the access token; chooses `orgId` when asked. */
  signIn(
    email: string,
    options?: { password?: string; orgId?: number },
  ): Promise<{ access_token: string; refresh_token: string }>;
  close(): Promise<void>;
}

/**
 * The whole BFF over real HTTP on a random port, on this file's own database with the demo world, sending mail
 * through nodemailer to an in-process SMTP server.
 */
export async function startTestApp(
  overrides: Partial<Config> = {},
  options: { seed?: boolean } = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  // A connection shared by two callers (one's BEGIN inside the other's transaction) fails the file that caused it.
  const misuse: string[] = [];
  const stopHearing = onTransactionMisuse((m) => misuse.push(m));
  const smtp = await startTestSmtp();
  // A data folder of the app's own: the keyring generated there is this app's, never the developer's .data.
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-data-'));
  const config: Config = {
    ...loadConfig({ ...process.env, DATABASE_URL: database.url, DATA_DIR: dataDir }),
    smtpUrl: smtp.url,
    authRateLimitPerMinute: 0,
    ...overrides,
  };
  const logger = createLogger(process.env.TEST_LOG_LEVEL ?? 'silent');
  if (options.seed !== false) await seedDemo(database.db, DEMO_PASSWORD);
  const mailer = new Mailer(database.db, config.smtpUrl, config.mailFrom, logger, {
    secret: config.jwtSecret,
    appUrl: config.appUrl,
  });
  const filesDir = mkdtempSync(path.join(os.tmpdir(), 'portal-files-'));
  const deps = { db: database.db, config, logger, mail: mailer, files: new LocalFileStore(filesDir) };
  await warmModules(deps);
  const app = createApp({ deps, modules: createModules(deps) });
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const { call, signIn } = apiClient(baseUrl);

  return {
    baseUrl,
    db: database.db,
    databaseName: new URL(database.url).pathname.slice(1),
    config,
    mailer,
    smtp,
    call,
    signIn,
    close: async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      mailer.close();
      await smtp.close();
      await database.drop();
      rmSync(filesDir, { recursive: true, force: true });
      rmSync(dataDir, { recursive: true, force: true });
      stopHearing();
      if (misuse.length)
        throw new Error(`PostgreSQL saw a connection shared by two callers ${misuse.length} time(s): ${misuse[0]}`);
    },
  };
}

/** `call` and `signIn` against any BFF's address: the in-process one here, or a replica process of its own. */
export function apiClient(baseUrl: string): Pick<TestApp, 'call' | 'signIn'> {
  const call: TestApp['call'] = async (method, path, opts = {}) => {
    const headers: Record<string, string> = { ...(opts.headers ?? {}) };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    let body: string | FormData | undefined = opts.form ?? opts.raw;
    if (opts.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(opts.body);
    }
    const res = await fetch(`${baseUrl}${path}`, { method, headers, body });
    const text = await res.text();
    let parsed: ApiAnswer['body'];
    try {
      parsed = JSON.parse(text) as ApiAnswer['body'];
    } catch {
      throw new Error(`Not JSON (${res.status}): ${text.slice(0, 200)}`);
    }
    return { status: res.status, headers: res.headers, body: parsed };
  };

  const signIn: TestApp['signIn'] = async (email, o = {}) => {
    const res = await call('POST', '/api/auth/token', {
      body: {
        grant_type: 'password',
        email,
        password: o.password ?? DEMO_PASSWORD,
        ...(o.orgId ? { login_as_organization_id: o.orgId } : {}),
      },
    });
    if (res.status !== 200 || !res.body.d?.access_token)
      throw new Error(`Sign-in of ${email} failed: ${res.status} ${res.body.m}`);
    return { access_token: res.body.d.access_token as string, refresh_token: res.body.d.refresh_token as string };
  };

  return { call, signIn };
}
