import type { Command } from 'commander';
import type { Db } from '@portal/core';
import { listOutbox, type OutboxRow } from '@portal/notifications';
import { action, CliError, withDatabase } from '../context.js';

const STATUSES = ['DRAFT', 'DELIVERY', 'SENT', 'Bounce', 'ERROR'];

export async function outboxList(
  db: Db,
  o: { status?: string; to?: string; limit?: string; full?: boolean },
): Promise<string> {
  if (o.status && !STATUSES.includes(o.status)) throw new CliError(`--status must be one of ${STATUSES.join(', ')}`);
  const limit = o.limit === undefined ? 20 : Number(o.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > 1000)
    throw new CliError('--limit must be a whole number from 1 to 1000');
  const rows = await listOutbox(db, { status: o.status, to: o.to, limit });
  if (!rows.length) return 'The outbox is empty.';
  return rows
    .map((r: OutboxRow) => {
      const head = `#${r.id}  ${r.status.padEnd(8)}  ${new Date(r.created_at).toISOString()}  to ${r.to_email}  "${r.subject}"`;
      return o.full ? `${head}\n${r.text_body.replace(/^/gm, '    ')}\n` : head;
    })
    .join('\n');
}

export function configureOutboxCommand(program: Command): void {
  const outbox = program.command('outbox').description('Emails queued, sent or failed');
  outbox
    .command('list')
    .description('Show the newest emails (with --full, their text, e.g. codes and links when no SMTP_URL is set)')
    .option('--status <status>', `one of ${STATUSES.join(', ')}`)
    .option('--to <email>', 'only emails to this address')
    .option('--limit <n>', 'how many (default 20)')
    .option('--full', "print each email's text")
    .action(
      action((opts: { status?: string; to?: string; limit?: string; full?: boolean }) =>
        withDatabase((db) => outboxList(db, opts)),
      ),
    );
}
