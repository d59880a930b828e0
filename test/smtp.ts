import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
}

export interface TestSmtp {
  url: string;
  messages: ReceivedMail[];
  /** Waits for a message matching `predicate` (default: any addressed to `to`). */
  waitFor(to: string, predicate?: (m: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  /** Addresses the server refuses with a permanent 550, to exercise bounces. */
  refuse: Set<string>;
  close(): Promise<void>;
}

/** A real SMTP server on loopback: the product's mail goes through nodemailer and a real SMTP exchange. */
export async function startTestSmtp(): Promise<TestSmtp> {
  const messages: ReceivedMail[] = [];
  const refuse = new Set<string>();
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (refuse.has(address.address.toLowerCase())) {
        const err = new Error('Mailbox unavailable') as Error & { responseCode: number };
        err.responseCode = 550;
        return callback(err);
      }
      callback();
    },
    onData(stream, session, callback) {
      simpleParser(stream).then((parsed) => {
        messages.push({
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          subject: parsed.subject ?? '',
          text: parsed.text ?? '',
          html: typeof parsed.html === 'string' ? parsed.html : '',
        });
        for (const w of waiters.splice(0)) w();
        callback();
      }, callback);
    },
  });
  // A client that goes away mid-conversation (a killed sender, a closed pool) resets its connection; a relay shrugs
  // that off (unheard, smtp-server's 'error' would end the test process).
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
    messages,
    refuse,
    async waitFor(to, predicate = () => true, timeoutMs = 10_000) {
      const match = () => messages.find((m) => m.to.includes(to.toLowerCase()) && predicate(m));
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = match();
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`No email to ${to} within ${timeoutMs} ms (got ${messages.length})`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 200);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
