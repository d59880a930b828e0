/** Small timing helpers: every figure is printed, nothing asserted. */
import { readFileSync } from 'node:fs';

export interface Stats {
  n: number;
  median: number;
  p95: number;
  min: number;
}

export function stats(samples: number[]): Stats {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
  return { n: sorted.length, median: at(0.5), p95: at(0.95), min: sorted[0]! };
}

export async function time<T>(fn: () => Promise<T>): Promise<{ ms: number; result: T }> {
  const started = process.hrtime.bigint();
  const result = await fn();
  return { ms: Number(process.hrtime.bigint() - started) / 1e6, result };
}

/** Runs `fn` `warmup` times unmeasured, then `runs` times measured. */
export async function repeat(runs: number, fn: () => Promise<unknown>, warmup = 2): Promise<Stats> {
  for (let i = 0; i < warmup; i++) await fn();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) samples.push((await time(fn)).ms);
  return stats(samples);
}

/** Samples the resident set size every `everyMs` while `fn` runs; answers the peak. */
export async function peakRss<T>(
  fn: () => Promise<T>,
  everyMs = 5,
): Promise<{ result: T; baseline: number; peak: number }> {
  const baseline = process.memoryUsage().rss;
  let peak = baseline;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, everyMs);
  try {
    const result = await fn();
    peak = Math.max(peak, process.memoryUsage().rss);
    return { result, baseline, peak };
  } finally {
    clearInterval(timer);
  }
}

export const ms = (v: number) => `${v.toFixed(1)} ms`;
export const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
export const ratio = (a: number, b: number) => (b > 0 ? `${(a / b).toFixed(2)}x` : 'n/a');

/** A plain text table (also valid Markdown). */
export function table(headers: string[], rows: string[][]): string {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  return [line(headers), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...rows.map(line)].join('\n');
}

/** The machine's CPU time (jiffies) from /proc/stat: all of it, and what the hypervisor stole (Linux only). */
function machineCpu(): { total: number; steal: number } | null {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0]!.trim().split(/\s+/).slice(1).map(Number);
    // user nice system idle iowait irq softirq steal (guest time is already inside user and nice).
    return { total: fields.slice(0, 8).reduce((a, b) => a + b, 0), steal: fields[7] ?? 0 };
  } catch {
    return null;
  }
}

/**
 * Runs `fn` and answers the share of the machine's CPU time the hypervisor stole meanwhile: a virtual machine's
 * neighbours show up as steal, and make every CPU figure of that window larger.
 */
export async function withSteal<T>(fn: () => Promise<T>): Promise<{ result: T; steal: string }> {
  const before = machineCpu();
  const result = await fn();
  const after = machineCpu();
  if (!before || !after || after.total <= before.total) return { result, steal: '–' };
  return { result, steal: `${((100 * (after.steal - before.steal)) / (after.total - before.total)).toFixed(1)}%` };
}

/**
 * This process's CPU for a fixed piece of JavaScript work (serialising and parsing a list-sized JSON page 200 times),
 * median of 5: how fast the machine runs at the moment, to compare CPU figures of different runs.
 */
export function machineSpeed(): number {
  const page = Array.from({ length: 50 }, (_, i) => ({
    id: i,
    name: `Event ${i}`,
    created_at: new Date(1_700_000_000_000 + i).toISOString(),
    status: 'OPEN',
    counts: [i, i * 2, i * 3],
  }));
  const samples: number[] = [];
  for (let run = 0; run < 5; run++) {
    const started = process.cpuUsage();
    for (let i = 0; i < 200; i++) JSON.parse(JSON.stringify(page));
    const used = process.cpuUsage(started);
    samples.push((used.user + used.system) / 1000);
  }
  return stats(samples).median;
}
