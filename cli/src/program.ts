import { Command } from 'commander';
import { appVersion } from '@portal/core';
import { configureAuditCommand } from './commands/audit.js';
import { configureDbCommand } from './commands/db.js';
import { configureFilesCommand } from './commands/files.js';
import { configureFdaCommand } from './commands/fda.js';
import { configureInventoryCommand } from './commands/inventory.js';
import { configureJobsCommand } from './commands/jobs.js';
import { configureKeysCommand } from './commands/keys.js';
import { configureOutboxCommand } from './commands/outbox.js';
import { configurePreprocessorCommands } from './commands/preprocessor.js';
import { configureReportsCommand } from './commands/reports.js';
import { configureUsersCommand } from './commands/users.js';
import { configureVersionCommand } from './commands/version.js';

export function buildProgram(): Command {
  const program = new Command('portal')
    .description('Recall portal command line: database, users, outbox, reports, jobs, keys, audit, version')
    .version(appVersion)
    .showHelpAfterError()
    .configureHelp({ sortSubcommands: true });
  configureDbCommand(program);
  configureUsersCommand(program);
  configureOutboxCommand(program);
  configureReportsCommand(program);
  configureJobsCommand(program);
  configureKeysCommand(program);
  configureVersionCommand(program);
  configureFilesCommand(program);
  configurePreprocessorCommands(program);
  configureFdaCommand(program);
  configureAuditCommand(program);
  configureInventoryCommand(program);
  return program;
}
