import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@portal/testing';
import { copyInto } from './bulk-insert.js';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.drop());

describe('copyInto', () => {
  it("loads rows through COPY inside the caller's transaction: awkward text intact, NULLs kept, rolled back with it", async () => {
    await t.db.raw('CREATE TABLE copy_probe (id bigint PRIMARY KEY, name text, at timestamptz)');
    const awkward = [
      'plain',
      'a,b',
      'quote " and \'',
      'back\\slash',
      '\\N',
      '',
      'tab\there',
      'line\nbreak\r\n',
      'ünïcødé ✓',
    ];
    const at = new Date('2026-11-01T06:30:00.250Z');
    const rows = awkward.map((name, i) => ({ id: i + 1, name, at: i % 2 ? at : null }));
    await t.db
      .transaction(async (trx) => {
        await copyInto(trx, 'copy_probe', ['id', 'name', 'at'], rows);
        expect(Number((await trx('copy_probe').count<{ count: string }[]>('* as count'))[0]!.count)).toBe(
          awkward.length,
        );
        await trx.rollback();
      })
      .catch(() => undefined);
    expect(Number((await t.db('copy_probe').count<{ count: string }[]>('* as count'))[0]!.count)).toBe(0);
    await copyInto(t.db, 'copy_probe', ['id', 'name', 'at'], [...rows, { id: 99, name: null, at: null }]);
    const back = (await t.db('copy_probe').orderBy('id').select('name', 'at')) as {
      name: string | null;
      at: Date | null;
    }[];
    expect(back.map((r) => r.name)).toEqual([...awkward, null]);
    expect(back.map((r) => r.at?.toISOString() ?? null)).toEqual([
      ...rows.map((r) => r.at?.toISOString() ?? null),
      null,
    ]);
  });
});
