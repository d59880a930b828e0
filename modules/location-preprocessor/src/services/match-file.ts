import type { Knex } from 'knex';
import { readInputRows, SUPPLIER_FIELDS } from './input.js';
import { Matcher } from './matcher.js';
import type { Decision } from './score.js';
import { syncPortalProviders } from './known-providers.js';
import { toInput } from './worker.js';

/** One matched row as the CLI writes it: known providers by external identifier (KP<id> when they have none). */
export interface MatchedRow {
  rowNumber: number;
  providerId: string;
  confidence: number;
  decision: Decision;
  candidates: { id: string; score: number }[];
}

/**
 * Matches a supplier file without a job (the CLI's `locations match`, the bench): the same reader and matcher as the
 * worker, batch by batch, so memory holds one batch of rows at a time besides the file itself.
 */
export async function* matchFileRows(
  db: Knex,
  extension: 'csv' | 'xlsx',
  data: Buffer,
  supplierId: number | null,
  batchSize = 1000,
): AsyncGenerator<MatchedRow[]> {
  await syncPortalProviders(db);
  const matcher = new Matcher(db, supplierId);
  const label = (id: number) => matcher.known(id)?.externalId ?? `KP${id}`;
  const flush = async (batch: { rowNumber: number; input: ReturnType<typeof toInput> }[]): Promise<MatchedRow[]> => {
    const results = await matcher.matchBatch(batch.map((b) => b.input));
    return batch.map((b, i) => {
      const r = results[i]!;
      return {
        rowNumber: b.rowNumber,
        providerId: r.knownProviderId === null ? '' : label(r.knownProviderId),
        confidence: r.confidence,
        decision: r.decision,
        candidates: r.candidates.map((c) => ({ id: label(c.id), score: c.score })),
      };
    });
  };
  // Two batches in flight: PostgreSQL looks up one batch's candidates while this process scores the other's.
  let pending: Promise<MatchedRow[]> | null = null;
  let batch: { rowNumber: number; input: ReturnType<typeof toInput> }[] = [];
  for await (const row of readInputRows(extension, data, SUPPLIER_FIELDS)) {
    batch.push({ rowNumber: row.rowNumber, input: toInput(row.values) });
    if (batch.length >= batchSize) {
      const next = flush(batch);
      next.catch(() => undefined); // awaited below; no unhandled rejection meanwhile
      batch = [];
      if (pending) yield await pending;
      pending = next;
    }
  }
  const last = batch.length ? flush(batch) : null;
  if (pending) yield await pending;
  if (last) yield await last;
}

/** The CLI's output columns. */
export const MATCH_COLUMNS = ['row', 'provider_id', 'confidence', 'decision', 'candidates'] as const;

const csvField = (v: string) => (/[",\n\r]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

export function matchCsvLine(r: MatchedRow): string {
  return `${[
    String(r.rowNumber),
    r.providerId,
    r.confidence.toFixed(3),
    r.decision,
    r.candidates.map((c) => `${c.id}:${c.score.toFixed(3)}`).join(' '),
  ]
    .map(csvField)
    .join(',')}\n`;
}
