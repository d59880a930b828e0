import { existsSync, readFileSync, writeFileSync } from 'node:fs';
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

const CHANGELOG_HEAD = `# Changelog

What changed in each version of the portal, newest first. Write under "Unreleased" as you change things;
\`pnpm cli version bump\` turns that part into the new version's dated section.
`;

const UNRELEASED = /^## \[?unreleased\]?[^\n]*\n/im;

/**
 * The changelog with a section for `version` dated `date` (YYYY-MM-DD): what stood under "Unreleased" moves into it,
 * and an empty "Unreleased" stays on top. A version already in the file is refused.
 */
export function addChangelogSection(text: string, version: string, date: string): string {
  if (new RegExp(`^## \\[?${version.replace(/\./g, '\\.')}\\]?(\\s|$)`, 'm').test(text))
    throw new CliError(`The changelog already has a section for ${version}`);
  const base = text.trim() ? text : CHANGELOG_HEAD;
  const unreleased = UNRELEASED.exec(base);
  // Where the released part begins: after the "Unreleased" heading, else before the first version's heading.
  const start = unreleased ? unreleased.index + unreleased[0].length : (/^## /m.exec(base)?.index ?? base.length);
  const next = /^## /m.exec(base.slice(start));
  const end = next ? start + next.index : base.length;
  const notes = base.slice(start, end).trim() || '- No changes were written down for this version.';
  const before = unreleased ? base.slice(0, unreleased.index) : base.slice(0, start);
  const after = base.slice(end).trimStart();
  return `${before.trimEnd()}\n\n## [Unreleased]\n\n## [${version}] - ${date}\n\n${notes}\n${after ? `\n${after}` : ''}`;
}

/**
 * The product version lives only in the root package.json (read by the BFF and built into the web app); the
 * changelog beside it gets the new version's dated section.
 */
export function bumpVersion(
  bump: string,
  file = path.join(repoRoot, 'package.json'),
  today = new Date(),
): { from: string; to: string } {
  const text = readFileSync(file, 'utf8');
  const pkg = JSON.parse(text) as { version: string };
  const to = nextVersion(pkg.version, bump);
  const changelogFile = path.join(path.dirname(file), 'CHANGELOG.md');
  const changelog = addChangelogSection(
    existsSync(changelogFile) ? readFileSync(changelogFile, 'utf8') : '',
    to,
    today.toISOString().slice(0, 10),
  );
  writeFileSync(file, text.replace(`"version": "${pkg.version}"`, `"version": "${to}"`));
  writeFileSync(changelogFile, changelog);
  return { from: pkg.version, to };
}

export function configureVersionCommand(program: Command): void {
  program
    .command('version')
    .description('Product version')
    .command('bump')
    .description('Raise the product version (root package.json) and date its section of CHANGELOG.md')
    .argument('<bump>', 'patch, minor, major or an explicit x.y.z')
    .action(
      action(async (bump: string) => {
        const { from, to } = bumpVersion(bump);
        return `Version ${from} -> ${to}`;
      }),
    );
}
