/** Small timing helpers: every figure is printed, nothing asserted. */

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
