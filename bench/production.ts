/**
 * The server as production runs it, in a process of its own: `dist/server.js` built by `pnpm build:server` (esbuild, no
 * tsx), started with NODE_ENV=production over the bench's database. Its CPU is read from outside, from the kernel's
 * per-thread accounting (/proc/<pid>/task/<tid>/schedstat, nanoseconds, every thread: the main one, libuv's pool and
 * V8's GC helpers), so the figure holds everything the server spends and nothing the load client spends.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer } from '../services/bff/scripts/build.js';
import { type CpuProfile, type ProfileSummary, summariseProfile } from './throughput.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface ProductionServer {
  /** `http://127.0.0.1:<port>/api` */
  base: string;
  pid: number;
  /** CPU time the process has used so far, in ms, every thread. */
  cpuMs(): number;
  /** Its build and its keys: a second replica (`replicaOf`) runs the same build and accepts the same tokens. */
  outdir: string;
  secrets: { jwt: string; encryption: string };
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

/** The process's CPU time in ms: the sum of its threads' run time (schedstat's first field, ns). */
export function processCpuMs(pid: number): number {
  let ns = 0;
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      ns += Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]);
    } catch {
      // a thread that ended between the listing and the read
    }
  }
  return ns / 1e6;
}

/** Builds the server into `dir`/dist and starts it; resolves once /api/health/ready answers 200. */
export async function startProductionServer(
  databaseUrl: string,
  dir: string,
  options: {
    nodeFlags?: string[];
    /** A build made before (kept): bench/ab.ts compares two. */
    outdir?: string;
    /** Another replica's: the same keys, and ROLE=web (the first replica runs the jobs). */
    replicaOf?: ProductionServer;
  } = {},
): Promise<ProductionServer> {
  if (options.replicaOf) options = { ...options, outdir: options.replicaOf.outdir };
  // Inside the repository: the build points npm packages at node_modules relative to dist/, and reads package.json
  // one folder up.
  const outdir = options.outdir ?? path.join(repoRoot, '.data', `bench-dist-${path.basename(dir)}`);
  if (!existsSync(path.join(outdir, 'server.js'))) await buildServer(outdir);
  const dataDir = path.join(dir, 'data');
  mkdirSync(dataDir, { recursive: true });
  const port = await freePort();
  const never = '0 0 1 1 *';
  const secrets = options.replicaOf?.secrets ?? {
    jwt: randomBytes(32).toString('base64url'),
    encryption: randomBytes(32).toString('base64url'),
  };
  const child: ChildProcess = spawn(process.execPath, [...(options.nodeFlags ?? []), path.join(outdir, 'server.js')], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      JWT_SECRET: secrets.jwt,
      ENCRYPTION_KEY: secrets.encryption,
      ...(options.replicaOf ? { ROLE: 'web' } : {}),
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: `http://127.0.0.1:${port}`,
      AUTH_RATE_LIMIT_PER_MINUTE: '0',
      // The scheduled jobs stay out of the measured windows (the job queue's idle poll is one statement a second).
      RECOVER_CRON: never,
      REMINDER_CRON: never,
      FDA_IMPORT_CRON: never,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout!.on('data', (d: Buffer) => output.push(d.toString()));
  child.stderr!.on('data', (d: Buffer) => output.push(d.toString()));
  const root = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`the production server exited: ${output.join('')}`);
    if (i > 1200) throw new Error(`the production server never became ready: ${output.join('')}`);
    const ready = await fetch(`${root}/api/health/ready`).then(
      (r) => r.status,
      () => 0,
    );
    if (ready === 200) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const pid = child.pid!;
  return {
    base: `${root}/api`,
    pid,
    cpuMs: () => processCpuMs(pid),
    outdir,
    secrets,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      if (!options.outdir) rmSync(outdir, { recursive: true, force: true });
    },
  };
}

/**
 * A V8 profile of `runs` sequential calls in a production server of its own (node --cpu-prof, written when it stops),
 * after BENCH_PROFILE_WARMUP_CALLS unprofiled ones, keeping only the samples taken while the measured calls ran.
 * `prepare` signs in and answers the call.
 */
export async function profileProduction(
  databaseUrl: string,
  dir: string,
  runs: number,
  prepare: (server: ProductionServer) => Promise<() => Promise<unknown>>,
): Promise<ProfileSummary> {
  const profiles = path.join(dir, 'profiles');
  mkdirSync(profiles, { recursive: true });
  const server = await startProductionServer(databaseUrl, dir, {
    nodeFlags: ['--cpu-prof', `--cpu-prof-dir=${profiles}`, '--cpu-prof-interval=100'],
  });
  let window: [number, number];
  try {
    const call = await prepare(server);
    // Past V8's compiling of the call's code (about 2,000 calls), so the profile is of the steady state.
    const warmup = Number(process.env.BENCH_PROFILE_WARMUP_CALLS ?? 2000);
    for (let i = 0; i < warmup; i++) await call();
    // The profile's timestamps are µs of the monotonic clock, as process.hrtime's ns.
    const from = Number(process.hrtime.bigint() / 1000n);
    for (let i = 0; i < runs; i++) await call();
    window = [from, Number(process.hrtime.bigint() / 1000n)];
  } finally {
    await server.stop();
  }
  const file = readdirSync(profiles).find((f) => f.endsWith('.cpuprofile'));
  if (!file) throw new Error('the production server wrote no CPU profile');
  const text = readFileSync(path.join(profiles, file), 'utf8');
  // BENCH_CPU_PROFILE=dir keeps the whole profile (for a flame graph: Chrome DevTools, speedscope).
  if (process.env.BENCH_CPU_PROFILE) {
    mkdirSync(process.env.BENCH_CPU_PROFILE, { recursive: true });
    writeFileSync(path.join(process.env.BENCH_CPU_PROFILE, `production-${Date.now()}.cpuprofile`), text);
  }
  const profile = JSON.parse(text) as CpuProfile;
  rmSync(profiles, { recursive: true, force: true });
  return summariseProfile(profile, runs, window);
}
