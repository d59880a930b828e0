import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  countDrift,
  type LoadWorld,
  prepareLoadWorld,
  runMixedLoad,
  startTestApp,
  type TestApp,
} from '@portal/testing';

/**
 * The short version of `pnpm bench:load`: 50 users with no think time on three recalls sent to a health system, its
 * two sites and another provider, acknowledging, drafting and submitting answers and reading at once. No answer may be
 * a 5xx (deadlocks and transactions that went on after an error were), and every counter the triggers keep must
 * still equal the rows afterwards.
 */
let t: TestApp;
let lw: LoadWorld;

beforeAll(async () => {
  t = await startTestApp();
  lw = await prepareLoadWorld(t);
});
afterAll(() => t.close());

describe('under load', () => {
  it('answers no 5xx to 50 concurrent users and keeps every count exact', { timeout: 240_000 }, async () => {
    const result = await runMixedLoad(t, lw, { users: 50, rounds: 30 });
    expect(result.failures).toEqual([]);
    expect(result.serverErrors).toBe(0);
    expect(result.requests).toBe(50 * 30);
    // Nothing refused either: every user acts on notices its organisation received, and they stay open.
    expect(result.ops.flatMap((o) => Object.keys(o.clientMessages))).toEqual([]);
    // Every provider operation ran, so the concurrency the counts are checked against happened.
    expect(result.ops.map((o) => o.name)).toEqual(
      expect.arrayContaining(['acknowledge', 'draft answer', 'submit answer']),
    );
    expect(await countDrift(t.db, lw.events)).toEqual([]);
    const acknowledged = await t
      .db('provider_communications')
      .whereIn('communication_id', lw.events)
      .whereNotNull('acknowledged_at')
      .count<{ n: number }[]>({ n: '*' });
    expect(Number(acknowledged[0]!.n)).toBeGreaterThan(0);
  });
});
