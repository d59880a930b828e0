/** What pnpm bench (run.ts) and its sections share: the pg driver, the BENCH_* settings and the log. */
import { createRequire } from 'node:module';
import type PgNamespace from 'pg';

const requireFromCore = createRequire(new URL('../modules/core/package.json', import.meta.url));
export const pg = requireFromCore('pg') as typeof PgNamespace;

export const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
export const RUNS = env('BENCH_RUNS', 30);

export const log = (m: string) => process.stdout.write(`${m}\n`);
