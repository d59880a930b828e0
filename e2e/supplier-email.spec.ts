import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { SMTPServer } from 'smtp-server';
import { PASSWORD } from './support';

/**
 * The root config's server has no SMTP server, so this file starts its own: an in-process SMTP server and a second BFF
 * (fresh embedded database, same built web app) whose SMTP_URL points at it. A sent recall's notice email must
 * arrive and its link must open the notice form.
 */

interface Mail {
  to: string[];
  raw: string;
}

const mails: Mail[] = [];
let smtp: SMTPServer;
let bff: ChildProcess | null = null;
let baseURL = '';

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

/** Quoted-printable soft breaks and escapes, so links split over lines read whole. */
function decodeQuotedPrintable(text: string): string {
  return text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => {
        raw += chunk.toString('utf8');
      });
      stream.on('end', () => {
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()), raw });
        callback();
      });
    },
  });
  const smtpPort = await freePort();
  await new Promise<void>((resolve) => smtp.listen(smtpPort, resolve));

  const port = await freePort();
  baseURL = `http://localhost:${port}`;
  bff = spawn('pnpm', ['--filter', '@portal/bff', 'run', 'serve'], {
    cwd: new URL('..', import.meta.url).pathname,
    env: {
      ...process.env,
      DATA_DIR: `.data/e2e-mail-${Date.now()}`,
      PORT: String(port),
      SMTP_URL: `smtp://localhost:${smtpPort}`,
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    },
    stdio: 'ignore',
    detached: true,
  });
  const deadline = Date.now() + 200_000;
  for (;;) {
    try {
      const health = await fetch(`${baseURL}/api/health`);
      if (health.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('the mail test server did not start');
    await new Promise((r) => setTimeout(r, 1000));
  }
});

test.afterAll(async () => {
  if (bff?.pid) {
    try {
      process.kill(-bff.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

async function api(request: APIRequestContext, token: string, method: 'POST' | 'PUT', path: string, data: unknown) {
  const answer = await request.fetch(`${baseURL}/api${path}`, { method, data, headers: { Authorization: `Bearer ${token}` } });
  expect(answer.ok(), await answer.text()).toBeTruthy();
  return ((await answer.json()) as { d: Record<string, unknown> }).d;
}

test('a sent recall emails its recipient a working notice link', async ({ page, request }) => {
  test.setTimeout(120_000);
  const login = await request.post(`${baseURL}/api/auth/token`, {
    data: { grant_type: 'password', email: 'recalls@acme.demo', password: PASSWORD, client_id: 'web' },
  });
  const token = ((await login.json()) as { d: { access_token: string } }).d.access_token;
  const name = `E2E mailed recall ${Date.now()}`;
  const recipient = `buyer.${Date.now()}@example.com`;
  const { id } = await api(request, token, 'POST', '/supplier/communications/step0', {
    type: 'RECALL',
    name,
    subtype: 'REMOVAL',
    classification: 'CLASSII',
    description: '<p>Check the lots.</p>',
  });
  await api(request, token, 'POST', '/supplier/communications/step1', { id, products: [{ product_name: 'Gauze pad' }] });
  await api(request, token, 'POST', '/supplier/communications/step2', {
    id,
    actions: [{ action_type: 'Acknowledge', title: 'Acknowledge', is_required: true }],
  });
  await api(request, token, 'POST', '/supplier/communications/step3', { id, customers: [{ name: 'Outside clinic', email: recipient }] });
  await api(request, token, 'PUT', `/supplier/communications/${String(id)}/approve-recall/RECALL/0`, {});
  await api(request, token, 'PUT', `/supplier/communications/${String(id)}/send-notification/RECALL?sendType=new`, {});

  await expect.poll(() => mails.some((m) => m.to.includes(recipient)), { timeout: 60_000 }).toBe(true);
  const mail = mails.find((m) => m.to.includes(recipient));
  const body = decodeQuotedPrintable(mail?.raw ?? '');
  expect(body).toContain(name);
  const link = /https?:\/\/[^\s"<>]*recall-notice-webform[^\s"<>]*/.exec(body)?.[0];
  expect(link, 'the email holds the notice link').toBeTruthy();

  await page.goto((link ?? '').replace(/&amp;/g, '&'));
  await expect(page.getByTestId('notice-form')).toBeVisible();
  await expect(page.getByText(name).first()).toBeVisible();
});
