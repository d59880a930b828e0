import { describe, expect, it } from 'vitest';
import { lintSource } from './transaction-lint.js';

const rules = (source: string) => lintSource('probe.ts', source).map((f) => `${f.line} ${f.rule}`);

describe('the transaction lint', () => {
  it('refuses a catch that carries on inside a transaction, in its callback or in a function taking one', () => {
    expect(
      rules(`
await transaction(db, async (trx) => {
  try {
    await trx('a').insert({});
  } catch {}
  await trx('b').insert({});
});
async function helper(trx: Knex.Transaction) {
  await trx('a').insert({}).catch(() => undefined);
}
await db.transaction(async (tx) => {
  try { await tx.raw('x'); } catch (e) { log(e); }
});`),
    ).toEqual(['3 catch-in-transaction', '9 catch-in-transaction', '12 catch-in-transaction']);
  });

  it('lets a savepoint fail alone, a catch that only rethrows, and a catch around code that is not the transaction', () => {
    expect(
      rules(`
await transaction(db, async (trx) => {
  try {
    await trx.transaction(async (sp) => sp('a').insert({}));
  } catch (error) {
    errors.push(error);
  }
  try {
    await trx('a').insert({});
  } catch (error) {
    if (error instanceof NotFoundError) throw new NotFoundError('Gone.');
    throw error;
  }
  const row = await trx('a').first().catch((error) => {
    throw mapped(error);
  });
  try {
    JSON.parse(text);
  } catch {
    problems.push('not JSON');
  }
});
async function reader(db: Knex | Knex.Transaction) {
  try { await db('a'); } catch { return null; }
}`),
    ).toEqual([]);
  });

  it("refuses knex's stream and lets a file store's stream be", () => {
    expect(
      rules(`
const rows = db('a').select('*').stream({ batchSize: 100 });
const all = query.stream();
const file = store.stream(key);
const copy = o.to.stream(row.file_key);`),
    ).toEqual(['2 knex-stream', '3 knex-stream']);
  });
});
