import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { progressBar } from './progress.js';

/** A stream that says whether it is a terminal, and what was written to it. */
function stream(isTTY: boolean): { out: NodeJS.WriteStream; text: () => string } {
  const s = Object.assign(new PassThrough(), { isTTY, columns: 120 });
  const chunks: string[] = [];
  s.on('data', (c: Buffer) => chunks.push(c.toString()));
  return { out: s as unknown as NodeJS.WriteStream, text: () => chunks.join('') };
}

describe('the CLI progress bar', () => {
  it('draws one bar in place on a terminal, with the values a command gives it', () => {
    const { out, text } = stream(true);
    const bar = progressBar({ stream: out, total: 200, format: '{bar} {percentage}% | {value}/{total} rows {file}' });
    bar.update(50, { file: 'a.csv' });
    bar.update(200, { file: 'a.csv' });
    bar.stop();
    expect(text()).toContain('25% | 50/200 rows a.csv');
    expect(text()).toContain('100% | 200/200 rows a.csv');
    expect(text()).toContain('█');
  });

  it('takes a total that changes (the next file of known size)', () => {
    const { out, text } = stream(true);
    const bar = progressBar({ stream: out, total: 0, format: '{percentage}% {value}/{total}' });
    bar.update(10, { total: 40 });
    bar.update(20, { total: 80 });
    bar.stop();
    expect(text()).toContain('25% 10/40');
    expect(text()).toContain('25% 20/80');
  });

  it('prints nothing in a pipe, or a line per tenth of the way when the command asks', () => {
    const quiet = stream(false);
    const none = progressBar({ stream: quiet.out, total: 10, format: '{bar}' });
    for (let i = 1; i <= 10; i++) none.update(i);
    none.stop();
    expect(quiet.text()).toBe('');

    const log = stream(false);
    const lines = progressBar({ stream: log.out, total: 0, format: '{bar}', pipedLabel: 'files' });
    for (let i = 1; i <= 20; i++) lines.update(i, { total: 20 });
    lines.stop();
    const printed = log.text().trim().split('\n');
    expect(printed).toHaveLength(11);
    expect(printed[0]).toBe('files: 1/20 (5%)');
    expect(printed.at(-1)).toBe('files: 20/20 (100%)');
  });
});
