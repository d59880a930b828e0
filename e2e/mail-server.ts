import { spawn, type ChildProcess } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { test as base } from '@playwright/test';
import { startTestSmtp, type ReceivedMail, type TestSmtp } from '@portal/testing/smtp';

/**
 * The root config's server has no SMTP server. Specs that read delivered e-mail use this `test` instead: a worker
 * fixture starts an in-process SMTP server and a second BFF (own embedded database, same built web app) whose SMTP_URL
 * points at it, and `baseURL` (so `page.goto('/...')` and `request`) points at that BFF. The `mail` project of
 * playwright.config.ts runs these specs in one worker, so they share one server (one database init, not one per file).
 */

export type { ReceivedMail };

export interface MailServer {
  baseURL: string;
  /** The first mail to `to` whose subject or text contains `subjectOrText`; waits for the outbox sender. */
  waitForMail(options: { to: string; subjectOrText?: string; timeout?: number }): Promise<ReceivedMail>;
  /**
   * Refuses every later mail to `address` with a permanent 550 (the relay's answer for a mailbox that does not exist),
   * so that a spec sees a bounce. Use an address of the spec's own: the server is shared by the mail project.
   */
  refuse(address: string): void;
}

const repoRoot = new URL('..', import.meta.url).pathname;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

const alive = (pid: number) => {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Stops the BFF's whole process group (pnpm, tsx, node, postgres) and waits until it is gone, so its data dir is free. */
async function stopGroup(child: ChildProcess): Promise<void> {
  const pid = child.pid;
  if (!pid || !alive(pid)) return;
  process.kill(-pid, 'SIGTERM');
  const deadline = Date.now() + 20_000;
  while (alive(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
  if (alive(pid)) process.kill(-pid, 'SIGKILL');
}

async function startBff(dataDir: string, smtpUrl: string): Promise<{ baseURL: string; child: ChildProcess }> {
  await rm(`${repoRoot}${dataDir}`, { recursive: true, force: true });
  const port = await freePort();
  const baseURL = `http://localhost:${port}`;
  const child = spawn('pnpm', ['--filter', '@portal/bff', 'run', 'serve'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      SMTP_URL: smtpUrl,
      // The server's own workers send at once after each commit (the job queue's kick); the recovery sweep is only a
      // fallback, shortened so that it costs 2 s, not a minute.
      RECOVER_CRON: '*/2 * * * * *',
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
    detached: true,
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString('utf8')).slice(-4000);
  });
  const deadline = Date.now() + 200_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the mail test server exited (${child.exitCode}):\n${stderr}`);
    try {
      // Ready, not just alive: the server answers 503 until migrations and the demo seed are done.
      if ((await fetch(`${baseURL}/api/health/ready`)).ok) return { baseURL, child };
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stopGroup(child);
      throw new Error(`the mail test server did not start:\n${stderr}`);
    }
    await new Promise((r) => setTimeout(r, 500));
  }
}

function mailServerOn(smtp: TestSmtp, baseURL: string): MailServer {
  return {
    baseURL,
    waitForMail: ({ to, subjectOrText, timeout = 30_000 }) =>
      smtp.waitFor(
        to,
        (m) =>
          !subjectOrText ||
          m.subject.includes(subjectOrText) ||
          m.text.includes(subjectOrText) ||
          m.html.includes(subjectOrText),
        timeout,
      ),
    refuse: (address) => void smtp.refuse.add(address.toLowerCase()),
  };
}

/** The first link in the mail whose path is `path` (e.g. '/delegate-webform'), absolute, as delivered. */
export function linkIn(mail: ReceivedMail, path: string): string {
  const escaped = path.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  const end = `\\s"'<>()\\[\\]`;
  const pattern = new RegExp(`https?://[^${end}]*?${escaped}(?:[?/#][^${end}]*)?(?=[${end}]|$)`);
  for (const body of [mail.text, mail.html]) {
    const link = pattern.exec(body)?.[0];
    if (link) return link.replace(/&amp;/g, '&');
  }
  throw new Error(`no ${path} link in the mail "${mail.subject}" to ${mail.to.join(', ')}`);
}

export const test = base.extend<object, { mailServer: MailServer }>({
  mailServer: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright requires the first argument to be a destructuring pattern
    async ({}, use, workerInfo) => {
      const smtp = await startTestSmtp();
      // One directory per parallel slot, wiped before use: a fresh database without piling up old ones.
      const dataDir = `.data/e2e-mail-${process.env.E2E_PORT ?? 3111}-${workerInfo.parallelIndex}`;
      let bff: ChildProcess | undefined;
      try {
        const started = await startBff(dataDir, smtp.url);
        bff = started.child;
        await use(mailServerOn(smtp, started.baseURL));
      } finally {
        if (bff) await stopGroup(bff);
        await smtp.close();
      }
    },
    { scope: 'worker', timeout: 240_000 },
  ],
  baseURL: async ({ mailServer }, use) => use(mailServer.baseURL),
});

export { expect } from '@playwright/test';
