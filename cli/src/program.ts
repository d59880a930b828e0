import { Command } from 'commander';
import { appVersion } from '@portal/core';
import { configureDbCommand } from './commands/db.js';
import { configureJobsCommand } from './commands/jobs.js';
import { configureKeysCommand } from './commands/keys.js';
import { configureOutboxCommand } from './commands/outbox.js';
import { configurePreprocessorCommands } from './commands/preprocessor.js';
import { configureUsersCommand } from './commands/users.js';
import { configureVersionCommand } from './commands/version.js';

export function buildProgram(): Command {
  const program = new Command('portal')
    .description('Recall portal command line: database, users, outbox, jobs, keys, version')
    .version(appVersion)
    .showHelpAfterError()
    .configureHelp({ sortSubcommands: true });
  configureDbCommand(program);
  configureUsersCommand(program);
  configureOutboxCommand(program);
  configureJobsCommand(program);
  configureKeysCommand(program);
  configureVersionCommand(program);
  configurePreprocessorCommands(program);
  return program;
}
