import type { Command } from 'commander';
import { loadConfig, rotateKeyFile } from '@portal/core';
import { action, CliError } from '../context.js';

/** How long a retired key keeps verifying: the longest life of an access token or a signed file link, at least a day. */
export function retiredKeyLifetime(accessTokenTtlSeconds: number): number {
  return Math.max(accessTokenTtlSeconds, 24 * 3600);
}

/** Rotates the keyring kept in DATA_DIR; with JWT_SECRET set, rotation is the environment's job. */
export function rotateKeys(env: NodeJS.ProcessEnv = process.env): string {
  if (env.JWT_SECRET) {
    throw new CliError(
      'JWT_SECRET is set, so the keys come from the environment: set a new JWT_SECRET and move the old one to JWT_PREVIOUS_SECRETS until its tokens expire.',
    );
  }
  const config = loadConfig(env);
  const { kid, retired, removed } = rotateKeyFile(config.dataDir, retiredKeyLifetime(config.accessTokenTtlSeconds));
  return [
    `New signing key ${kid}; restart the server to sign with it.`,
    retired.length ? `Retired ${retired.join(', ')}: verifies what it signed until that expires.` : '',
    removed.length ? `Removed ${removed.join(', ')} (retired long enough ago).` : '',
  ]
    .filter(Boolean)
    .join('\n');
}

export function configureKeysCommand(program: Command): void {
  const keys = program.command('keys').description('Signing keys of sessions and links');
  keys
    .command('rotate')
    .description('Generate a new signing key in DATA_DIR and retire the current one')
    .action(action(async () => rotateKeys()));
}
