import { describe, expect, it } from 'vitest';
import { BlockCache, type RowsResult } from './blockCache';

interface Pending {
  start: number;
  end: number;
  resolve: (result: RowsResult<number>) => void;
  reject: (error: unknown) => void;
}

function harness(total = 10_000, maxBlocks = 10) {
  const pending: Pending[] = [];
  const calls: Array<[number, number]> = [];
  let active = 0;
  let maxActive = 0;
  const cache = new BlockCache<number>({
    maxBlocks,
    getRows: (start, end) => {
      calls.push([start, end]);
      active += 1;
      maxActive = Math.max(maxActive, active);
      return new Promise((resolve, reject) => {
        pending.push({
          start,
          end,
          resolve: (r) => {
            active -= 1;
            resolve(r);
          },
          reject: (e) => {
            active -= 1;
            reject(e);
          },
        });
      });
    },
  });
  const answer = async (p: Pending | undefined) => {
    if (!p) throw new Error('no pending request');
    const rows = Array.from({ length: Math.max(0, Math.min(p.end, total) - p.start) }, (_, i) => p.start + i);
    p.resolve({ rows, total });
    await Promise.resolve();
    await Promise.resolve();
  };
  return { cache, pending, calls, answer, maxActive: () => maxActive };
}

describe('BlockCache', () => {
  it('fetches 500-row blocks through getRows(startRow, endRow)', async () => {
    const h = harness();
    h.cache.ensureRange(0, 40);
    expect(h.calls).toEqual([[0, 500]]);
    expect(h.cache.getRow(10)).toBeUndefined();
    await h.answer(h.pending.shift());
    expect(h.cache.getRow(10)).toBe(10);
    expect(h.cache.total).toBe(10_000);
  });

  it('runs at most two requests at once and queues the rest', async () => {
    const h = harness();
    h.cache.ensureRange(0, 2500);
    expect(h.calls).toHaveLength(2);
    expect(h.cache.activeRequests).toBe(2);
    await h.answer(h.pending.shift());
    expect(h.calls).toHaveLength(3);
    while (h.pending.length) await h.answer(h.pending.shift());
    expect(h.calls.map(([s]) => s)).toEqual([0, 500, 1000, 1500, 2000]);
    expect(h.maxActive()).toBe(2);
    expect(h.cache.isLoading).toBe(false);
  });

  it('does not request a block twice', async () => {
    const h = harness();
    h.cache.ensureRange(0, 100);
    h.cache.ensureRange(50, 400);
    expect(h.calls).toHaveLength(1);
    await h.answer(h.pending.shift());
    h.cache.ensureRange(0, 500);
    expect(h.calls).toHaveLength(1);
  });

  it('keeps at most ten blocks, evicting the least recently used', async () => {
    const h = harness(100_000);
    for (let b = 0; b < 10; b += 1) {
      h.cache.ensureRange(b * 500, b * 500 + 1);
      await h.answer(h.pending.shift());
    }
    expect(h.cache.loadedBlocks).toHaveLength(10);
    expect(h.cache.getRow(0)).toBe(0); // block 0 becomes most recently used
    h.cache.ensureRange(10 * 500, 10 * 500 + 1);
    await h.answer(h.pending.shift());
    expect(h.cache.loadedBlocks).toHaveLength(10);
    expect(h.cache.loadedBlocks).not.toContain(1);
    expect(h.cache.loadedBlocks).toContain(0);
    expect(h.cache.getRow(5000)).toBe(5000);
  });

  it('stops at the end of the data once the total is known', async () => {
    const h = harness(600);
    h.cache.ensureRange(0, 1);
    await h.answer(h.pending.shift());
    h.cache.ensureRange(0, 5000);
    expect(h.calls).toEqual([
      [0, 500],
      [500, 1000],
    ]);
  });

  it('ignores answers that arrive after a reset', async () => {
    const h = harness();
    let notified = 0;
    h.cache.subscribe(() => {
      notified += 1;
    });
    h.cache.ensureRange(0, 10);
    const stale = h.pending.shift();
    h.cache.reset();
    await h.answer(stale);
    expect(h.cache.getRow(0)).toBeUndefined();
    expect(h.cache.total).toBeNull();
    expect(notified).toBeGreaterThan(0);
  });

  it('records errors and keeps serving the queue', async () => {
    const h = harness();
    h.cache.ensureRange(0, 1500);
    h.pending.shift()?.reject(new Error('boom'));
    await Promise.resolve();
    await Promise.resolve();
    expect(h.cache.error).toBeInstanceOf(Error);
    expect(h.calls).toHaveLength(3);
  });
});
