import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '@portal/core';

/** The settings named in the first column of README.md's "Configuration" table (a row may name two). */
export function readmeSettings(readme: string): string[] {
  const start = readme.indexOf('\n## Configuration');
  const end = readme.indexOf('\n## ', start + 1);
  const section = readme.slice(start, end === -1 ? undefined : end);
  return section
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .flatMap((line) => [...(line.split('|')[1] ?? '').matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((m) => m[1]!));
}

/** The settings of .env.example: `NAME=value` lines, commented out or not. */
export function envExampleSettings(text: string): string[] {
  return text
    .split('\n')
    .map((line) => /^#?\s*([A-Z][A-Z0-9_]*)=/.exec(line)?.[1])
    .filter((name): name is string => Boolean(name));
}

describe('.env.example', () => {
  it("lists every setting of the README's table, once, and nothing else", () => {
    const readme = readmeSettings(readFileSync(path.join(repoRoot, 'README.md'), 'utf8'));
    const example = envExampleSettings(readFileSync(path.join(repoRoot, '.env.example'), 'utf8'));
    expect(readme.length).toBeGreaterThan(40);
    expect(example.filter((name, i) => example.indexOf(name) !== i)).toEqual([]);
    expect({ missingFromEnvExample: readme.filter((n) => !example.includes(n)) }).toEqual({
      missingFromEnvExample: [],
    });
    expect({ notInReadme: example.filter((n) => !readme.includes(n)) }).toEqual({ notInReadme: [] });
  });

  it('reads a table row naming two settings, and commented or set lines alike', () => {
    expect(readmeSettings('x\n## Configuration\n| `A_B` / `C` | `1` | m |\n| `D` | x |\n## Next\n| `E` | x |')).toEqual(
      ['A_B', 'C', 'D'],
    );
    expect(envExampleSettings('# intro\n# A=1\nB="x y"\n#C=\nnot a setting')).toEqual(['A', 'B', 'C']);
  });
});

describe('license and engines', () => {
  it("names the LICENSE file's license in every workspace package, and pins node and pnpm", () => {
    const root = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
      license?: string;
      engines?: Record<string, string>;
      packageManager?: string;
    };
    expect(root.license).toBe('MIT');
    expect(readFileSync(path.join(repoRoot, 'LICENSE'), 'utf8')).toMatch(/^MIT License\n/);
    expect(root.engines).toMatchObject({ node: expect.stringMatching(/^>=20/), pnpm: expect.stringMatching(/^>=12/) });
    // An exact pnpm for corepack and .ci/run, inside the range engines accepts.
    const pinned = /^pnpm@(\d+)\.(\d+)\.(\d+)$/.exec(root.packageManager ?? '');
    expect(pinned, 'packageManager pins an exact pnpm').not.toBeNull();
    const floor = /^>=(\d+)\.(\d+)\.(\d+) <(\d+)$/.exec(root.engines?.pnpm ?? '');
    expect(floor, 'engines.pnpm is ">=x.y.z <major"').not.toBeNull();
    const [major = 0, minor = 0, patch = 0] = pinned!.slice(1).map(Number);
    const [fMajor = 0, fMinor = 0, fPatch = 0, ceiling = 0] = floor!.slice(1).map(Number);
    expect(major * 1e6 + minor * 1e3 + patch).toBeGreaterThanOrEqual(fMajor * 1e6 + fMinor * 1e3 + fPatch);
    expect(major).toBeLessThan(ceiling);
    const manifests = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '*package.json'], {
      cwd: repoRoot,
      encoding: 'utf8',
    })
      .split('\n')
      .filter((f) => f && !f.includes('node_modules/'));
    expect(manifests.length).toBeGreaterThan(20);
    const unlicensed = manifests.filter(
      (f) =>
        (JSON.parse(readFileSync(path.join(repoRoot, f), 'utf8')) as { license?: string }).license !== root.license,
    );
    expect(unlicensed).toEqual([]);
  });
});
