import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, repoRoot, S3FileStore, s3Settings, signFileToken } from '@portal/core';
import { seedDemo } from '@portal/migrations';
import {
  apiClient,
  createTestDatabase,
  DEMO_PASSWORD,
  form,
  PDF,
  sendCommunication,
  startTestSmtp,
  type TestApp,
  type TestDatabase,
  type TestSmtp,
  world,
} from '@portal/testing';
import { startTestS3, type TestS3 } from '@portal/testing/s3';
import { buildServer } from '../scripts/build.js';

/**
 * Issue 17: two BFF processes of the compiled production build (node dist/server.js, NODE_ENV=production, no tsx)
 * on one PostgreSQL database and one S3-compatible server, all on loopback. Whatever a client does must not depend
 * on which replica answers.
 */

const RATE_LIMIT = 12;

interface Replica {
  name: string;
  baseUrl: string;
  process: ChildProcess;
  output: string[];
  exited: Promise<number | null>;
}

let outdir: string;
let database: TestDatabase;
let s3: TestS3;
let smtp: TestSmtp;
let a: Replica;
let b: Replica;
const dataDirs: string[] = [];
const jwtSecret = randomBytes(32).toString('base64url');

function env(port: number): NodeJS.ProcessEnv {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-replica-'));
  dataDirs.push(dataDir);
  return {
    PATH: process.env.PATH,
    NODE_ENV: 'production',
    JWT_SECRET: jwtSecret,
    ENCRYPTION_KEY: jwtSecret.split('').reverse().join(''),
    DATABASE_URL: database.url,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_URL: `http://127.0.0.1:${port}`,
    SMTP_URL: smtp.url,
    // Both replicas' workers poll the job queue twice a second: the race the exactly-once test needs.
    JOB_POLL_SECONDS: '0.5',
    AUTH_RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT),
    FAILED_SIGNINS_PER_ADDRESS: String(RATE_LIMIT),
    LOG_LEVEL: 'warn',
    ...s3.env,
  };
}

async function startReplica(name: string): Promise<Replica> {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(outdir, 'server.js')], { env: env(port), stdio: 'pipe' });
  const output: string[] = [];
  child.stdout!.on('data', (d: Buffer) => output.push(d.toString()));
  child.stderr!.on('data', (d: Buffer) => output.push(d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const replica = { name, baseUrl: `http://127.0.0.1:${port}`, process: child, output, exited };
  // Ready: migrations checked, database reachable (/api/health/ready answers 200).
  // Generous: a loaded CI machine may take a minute or more to start two processes.
  for (let i = 0; i < 1500; i++) {
    if (child.exitCode !== null) throw new Error(`${name} exited: ${output.join('')}`);
    const ready = await fetch(`${replica.baseUrl}/api/health/ready`).then(
      (r) => r.status,
      () => 0,
    );
    if (ready === 200) return replica;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${name} never became ready: ${output.join('')}`);
}

/** Until no email waits for delivery (a row is SENT only after the SMTP server took it). */
async function waitForEmptyOutbox(): Promise<void> {
  for (let i = 0; i < 900; i++) {
    const left = await database.db('outbox_emails').where({ status: 'DELIVERY' }).count({ n: '*' });
    if (Number(left[0]!.n) === 0) return;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** What sendCommunication and world need of a test app, pointed at one replica. */
function through(replica: Replica): TestApp {
  return { ...apiClient(replica.baseUrl), baseUrl: replica.baseUrl, db: database.db } as unknown as TestApp;
}

beforeAll(async () => {
  // Inside the repository (its node_modules are what the build's imports point at), apart from a developer's dist/.
  mkdirSync(path.join(repoRoot, '.data'), { recursive: true });
  outdir = mkdtempSync(path.join(repoRoot, '.data', 'replicas-build-'));
  await buildServer(outdir);
  database = await createTestDatabase();
  // Seeded before the replicas start, so neither seeds (they would both find the database empty).
  await seedDemo(database.db, DEMO_PASSWORD);
  s3 = await startTestS3();
  smtp = await startTestSmtp();
  [a, b] = await Promise.all([startReplica('A'), startReplica('B')]);
}, 300_000);

afterAll(async () => {
  for (const r of [a, b]) if (r && r.process.exitCode === null) r.process.kill('SIGTERM');
  await Promise.all([a?.exited, b?.exited]);
  await smtp?.close();
  await s3?.close();
  await database?.drop();
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  if (outdir) rmSync(outdir, { recursive: true, force: true });
}, 60_000);

// Processes and drains: generous time on a loaded machine (nothing here asserts a duration).
describe('the compiled build', { timeout: 120_000 }, () => {
  it('starts with NODE_ENV=production, answers liveness and readiness, and records migrations under their .ts names', async () => {
    const live = await fetch(`${a.baseUrl}/api/health/live`);
    expect(live.status).toBe(200);
    expect(live.headers.get('x-app-version')).toBeTruthy();
    const ready = (await (await fetch(`${b.baseUrl}/api/health/ready`)).json()) as { d: { status: string } };
    expect(ready.d.status).toBe('ready');
    // A database migrated by the dev server (tsx, .ts files) and one by the build (.js files) are the same.
    const names = (await database.db('knex_migrations').pluck('name')) as string[];
    expect(names.length).toBeGreaterThan(10);
    expect(names.every((n) => n.endsWith('.ts'))).toBe(true);
    const signedIn = await apiClient(a.baseUrl).signIn('admin@operator.demo');
    expect(signedIn.access_token).toBeTruthy();
  });

  it('runs the compiled CLI without tsx', async () => {
    const { stdout } = await promisify(execFile)(process.execPath, [path.join(outdir, 'cli.js'), 'db', 'migrate'], {
      env: { PATH: process.env.PATH, DATABASE_URL: database.url, DATA_DIR: dataDirs[0] },
    });
    expect(stdout).toContain('Database is up to date.');
  });
});

describe('two replicas on one database and one S3 store', { timeout: 120_000 }, () => {
  it('downloads through B an event document and an answer file uploaded through A', async () => {
    const A = through(a);
    const B = through(b);
    const w = await world(A);
    const e = await sendCommunication(A, w, 'Replicated recall', { providers: [w.riverside], actions: ['Document'] });

    // A supplier's document, uploaded through A.
    const up = await A.call('POST', `/api/supplier/communications/${e.id}/documents`, {
      token: w.supplierToken,
      form: form('Customer letter.pdf', PDF),
    });
    expect(up.status).toBe(200);
    const listed = await B.call('GET', `/api/supplier/communications/${e.id}/documents`, { token: w.supplierToken });
    const doc = listed.body.d[0] as { signed_url: string };
    const file = await fetch(`${b.baseUrl}${doc.signed_url}`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toContain('Customer letter.pdf');
    expect(Buffer.from(await file.arrayBuffer())).toEqual(PDF);

    // A provider's answer file, uploaded through A, read through B.
    const provider = (await A.signIn('admin@riverside.demo')).access_token;
    const pc = e.pcOf(w.riverside);
    const answer = await A.call(
      'POST',
      `/api/provider/communications/${e.id}/${pc}/actions/${e.actionOf('Document')}/file`,
      { token: provider, form: form('proof.pdf', PDF, { actionType: 'Document' }) },
    );
    expect(answer.status).toBe(200);
    const one = await B.call('GET', `/api/provider/communications/file/${answer.body.d[0].id}`, { token: provider });
    expect(one.body.d).toMatchObject({ name: 'proof.pdf' });
    const answerFile = await fetch(`${b.baseUrl}${one.body.d.signed_url as string}`);
    expect(answerFile.status).toBe(200);
    expect(Buffer.from(await answerFile.arrayBuffer())).toEqual(PDF);
    // Neither replica kept them on its own disk: they are in the bucket.
    for (const dir of dataDirs) expect(existsSync(path.join(dir, 'files'))).toBe(false);
  });

  it('counts failed sign-ins per address across both replicas', async () => {
    await database.db('rate_limit_windows').delete();
    const codes: number[] = [];
    for (let i = 0; i < RATE_LIMIT + 2; i++) {
      const replica = i % 2 === 0 ? a : b;
      const res = await fetch(`${replica.baseUrl}/api/auth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ grant_type: 'password', email: 'nobody@nowhere.test', password: 'wrong-password' }),
      });
      codes.push(res.status);
    }
    // Per replica, each would have allowed RATE_LIMIT: together they allow RATE_LIMIT, then both refuse.
    expect(codes.slice(0, RATE_LIMIT).every((c) => c !== 429)).toBe(true);
    expect(codes.slice(RATE_LIMIT)).toEqual([429, 429]);
    await database.db('rate_limit_windows').delete();
  });

  it('delivers every email of a send started on A exactly once while B drains the outbox too', async () => {
    const A = through(a);
    const w = await world(A);
    // Everything queued so far went out in the earlier tests; from here on, only this send's emails.
    await waitForEmptyOutbox();
    const before = smtp.messages.length;
    const lastId = Number((await database.db('outbox_emails').max({ id: 'id' }))[0]!.id ?? 0);
    await sendCommunication(A, w, 'Exactly once recall', {
      providers: [w.riverside, w.lakeshore],
      sites: [w.north, w.south],
    });
    const queued = (await database.db('outbox_emails').where('id', '>', lastId).select('id')) as { id: number }[];
    expect(queued.length).toBeGreaterThan(3);
    // A kicked its sender after the commit, and both replicas' schedules drain every second.
    await waitForEmptyOutbox();
    const sent = (await database.db('outbox_emails').whereIn(
      'id',
      queued.map((q) => q.id),
    )) as { status: string; to_email: string }[];
    expect(sent.every((m) => m.status === 'SENT')).toBe(true);
    const received = smtp.messages.slice(before);
    const expected = sent.map((m) => m.to_email.toLowerCase()).sort();
    expect(received.flatMap((m) => m.to.map((t) => t.toLowerCase())).sort()).toEqual(expected);
  });

  it('refuses through B, on the very next call, what A just ended: a logout, a reused session, a role, a user (read-only routes too)', async () => {
    await database.db('rate_limit_windows').delete();
    const A = through(a);
    const B = through(b);
    const me = (token: string) => B.call('GET', '/api/me', { token });
    // A read-only route: B starts it beside the caller lookup, as the caller B confirmed on the token's last call.
    const recalls = (token: string) =>
      B.call('GET', '/api/supplier/communications?communicationType=RECALL&pageSize=5&pageNumber=1', { token });
    const admin = (await A.signIn('admin@acme.demo')).access_token;
    const sara = Number((await database.db('users').where({ email: 'sourcing@acme.demo' }).first('id')).id);
    const acme = (await database.db('organizations').where({ name: 'Acme Medical Devices' }).first('id')).id;
    const roleId = async (name: string) =>
      Number((await database.db('roles').where({ organization_id: acme, name }).first('id')).id);
    const saraAs = async (role: string) =>
      expect(
        (
          await A.call('PUT', `/api/users/${sara}`, {
            token: admin,
            body: { first_name: 'Sara', last_name: 'Sourcing', phone: null, role_id: await roleId(role) },
          })
        ).status,
      ).toBe(200);

    // A logout through A: B refuses the same access token on its next call.
    const one = await A.signIn('sourcing@acme.demo');
    expect((await me(one.access_token)).status).toBe(200);
    expect((await recalls(one.access_token)).status).toBe(403);
    expect((await recalls(one.access_token)).status).toBe(403);
    await A.logout(one.refresh_token, { token: one.access_token });
    expect((await me(one.access_token)).body.error?.code).toBe('SESSION_ENDED');
    expect((await recalls(one.access_token)).body.error?.code).toBe('SESSION_ENDED');

    // A refresh token used twice through A ends its whole session: B refuses the access token of that family.
    const two = await A.signIn('sourcing@acme.demo');
    expect((await A.refresh(two.refresh_token)).status).toBe(200);
    expect((await A.refresh(two.refresh_token)).status).toBe(401);
    expect((await me(two.access_token)).body.error?.code).toBe('SESSION_ENDED');

    // A role changed through A: B answers the same token with the new role's permissions, both ways.
    const three = (await A.signIn('sourcing@acme.demo')).access_token;
    expect((await B.call('GET', '/api/users', { token: three })).status).toBe(403);
    expect((await recalls(three)).status).toBe(403);
    await saraAs('Administrator');
    expect((await B.call('GET', '/api/users', { token: three })).status).toBe(200);
    expect((await recalls(three)).status).toBe(200);
    expect((await me(three)).body.d).toMatchObject({ role_name: 'Administrator' });
    await saraAs('Sourcing Coordinator');
    expect((await B.call('GET', '/api/users', { token: three })).status).toBe(403);
    expect((await recalls(three)).status).toBe(403);

    // A user made inactive through A: B refuses them at once.
    expect((await A.call('PUT', `/api/users/${sara}/inactivate`, { token: admin })).status).toBe(200);
    expect((await me(three)).status).toBe(401);
    expect((await recalls(three)).status).toBe(401);
    expect((await A.call('PUT', `/api/users/${sara}/activate`, { token: admin })).status).toBe(200);
  });

  it('stops a replica on SIGTERM only after the download it is serving has finished; the other keeps serving', async () => {
    // A 12 MB object, fetched from B through a signed link, read slowly: in flight when B is told to stop.
    const store = new S3FileStore(s3Settings(s3.env));
    const big = Buffer.alloc(12 * 1024 * 1024, 5);
    await store.put('documents/2026/11/big.pdf', big);
    store.close();
    const token = signFileToken(jwtSecret, {
      key: 'documents/2026/11/big.pdf',
      name: 'big.pdf',
      disposition: 'attachment',
    });
    const res = await fetch(`${b.baseUrl}/api/files/${token}`);
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    let received = (await reader.read()).value!.length;

    b.process.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 300)); // the signal lands while the rest waits in the pipes
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      received += value.length;
    }
    expect(received).toBe(big.length);
    expect(await b.exited).toBe(0);
    expect((await fetch(`${a.baseUrl}/api/health/ready`)).status).toBe(200);
  });
});
