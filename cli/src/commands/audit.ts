import type { Command } from 'commander';
import type { ChainCheck, Db } from '@portal/core';
import { verifyAuditTrail } from '@portal/communications';
import { action, CliError, withDatabase } from '../context.js';

/** The first broken link, or how many entries held: exit code 1 when a chain is broken. */
export async function auditVerify(db: Db, o: { org?: string }): Promise<{ text: string; check: ChainCheck }> {
  const org = o.org === undefined ? null : Number(o.org);
  if (org !== null && (!Number.isSafeInteger(org) || org < 1)) throw new CliError('--org must be an organisation id');
  const check = await verifyAuditTrail(db, org).catch((error: unknown) => {
    if ((error as { code?: string }).code === 'ORGANIZATION_NOT_FOUND') throw new CliError(`No organisation ${org}.`);
    throw error;
  });
  const scope = org === null ? 'every organisation' : `organisation ${org}`;
  const text = check.broken
    ? `Audit trail BROKEN (${scope}): ${check.broken.table} entry ${check.broken.id} of organisation ${
        check.broken.organization_id ?? '(none: platform)'
      } does not match its chain (edited, or an entry before it removed). ${check.checked} entries checked.`
    : `Audit trail intact (${scope}): ${check.checked} entries checked.`;
  return { text, check };
}

export function configureAuditCommand(program: Command): void {
  const audit = program.command('audit').description('The tamper-evident audit trail');
  audit
    .command('verify')
    .description('Recompute the hash chains of the audit history and the event histories; name the first broken link')
    .option('--org <id>', "only this organisation's chains")
    .action(
      action((opts: { org?: string }) =>
        withDatabase(async (db) => {
          const { text, check } = await auditVerify(db, opts);
          if (!check.ok) throw new CliError(text);
          return text;
        }),
      ),
    );
}
