import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Command } from 'commander';
import { repoRoot } from '@portal/core';
import { action, CliError } from '../context.js';

const SEMVER = /^(\d+)\.(\d+)\.(\d+)$/;

/** The next version: a bump kind, or an explicit x.y.z that must be newer than the current one. */
export function nextVersion(current: string, bump: string): string {
  const m = SEMVER.exec(current);
  if (!m) throw new CliError(`The current version "${current}" is not x.y.z`);
  const [major, minor, patch] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (bump === 'patch') return `${major}.${minor}.${patch + 1}`;
  if (bump === 'minor') return `${major}.${minor + 1}.0`;
  if (bump === 'major') return `${major + 1}.0.0`;
  const e = SEMVER.exec(bump);
  if (!e) throw new CliError(`Expected patch, minor, major or x.y.z, got "${bump}"`);
  const newer = [Number(e[1]) - major, Number(e[2]) - minor, Number(e[3]) - patch].find((d) => d !== 0) ?? 0;
  if (newer <= 0) throw new CliError(`${bump} is not newer than the current version ${current}`);
  return bump;
}

/** The product version lives only in the root package.json (read by the BFF and built into the web app). */
export function bumpVersion(bump: string, file = path.join(repoRoot, 'package.json')): { from: string; to: string } {
  const text = readFileSync(file, 'utf8');
  const pkg = JSON.parse(text) as { version: string };
  const to = nextVersion(pkg.version, bump);
  writeFileSync(file, text.replace(`"version": "${pkg.version}"`, `"version": "${to}"`));
  return { from: pkg.version, to };
}

export function configureVersionCommand(program: Command): void {
  program
    .command('version')
    .description('Product version')
    .command('bump')
    .description('Raise the product version (root package.json)')
    .argument('<bump>', 'patch, minor, major or an explicit x.y.z')
    .action(
      action(async (bump: string) => {
        const { from, to } = bumpVersion(bump);
        return `Version ${from} -> ${to}`;
      }),
    );
}
