import type { Knex } from 'knex';

/** What an event's view shows of an FDA recall it names: enough to read it and open the record. */
export interface LinkedFdaRecord {
  recall_number: string;
  /** The operator's page that holds it: devices (Z-) or drugs (D-). */
  list: 'devices' | 'drugs';
  /** False when no imported record has this number (yet). */
  found: boolean;
  status: string | null;
  classification: string | null;
  recalling_firm: string | null;
  product_description: string | null;
  product_code: string | null;
  initiation_date: string | null;
}

/**
 * The FDA records an event names, in the event's order. A device recall takes its classification from the enforcement
 * report of the same number (openFDA's device recall records carry none).
 */
export async function linkedFdaRecords(
  db: Knex | Knex.Transaction,
  numbers: readonly string[],
): Promise<LinkedFdaRecord[]> {
  if (!numbers.length) return [];
  const cols = [
    'status',
    'classification',
    'recalling_firm',
    'product_description',
    'product_code',
    'initiation_date',
  ] as const;
  const [devices, reports] = await Promise.all([
    db('fda_device_recalls')
      .whereIn('product_res_number', numbers)
      .select({ recall_number: 'product_res_number' }, ...cols),
    db('fda_enforcement_reports')
      .whereIn('recall_number', numbers)
      .select('recall_number', ...cols),
  ]);
  type Row = Omit<LinkedFdaRecord, 'list' | 'found'>;
  const device = new Map((devices as Row[]).map((r) => [r.recall_number, r]));
  const report = new Map((reports as Row[]).map((r) => [r.recall_number, r]));
  return numbers.map((n) => {
    const d = device.get(n);
    const e = report.get(n);
    const base = d ?? e;
    return {
      recall_number: n,
      list: n.startsWith('D-') ? 'drugs' : 'devices',
      found: base !== undefined,
      status: base?.status ?? null,
      classification: d?.classification ?? e?.classification ?? null,
      recalling_firm: base?.recalling_firm ?? null,
      product_description: base?.product_description ?? null,
      product_code: base?.product_code ?? null,
      initiation_date: base?.initiation_date ?? null,
    };
  });
}

/** The schema of a LinkedFdaRecord (for the answers that carry `fda_records`). */
export const linkedFdaRecordSchema = {
  type: 'object',
  required: ['recall_number', 'list', 'found', 'status', 'classification'],
  properties: {
    recall_number: { type: 'string' },
    list: { type: 'string', enum: ['devices', 'drugs'] },
    found: { type: 'boolean' },
    status: { type: ['string', 'null'] },
    classification: { type: ['string', 'null'] },
    recalling_firm: { type: ['string', 'null'] },
    product_description: { type: ['string', 'null'] },
    product_code: { type: ['string', 'null'] },
    initiation_date: { type: ['string', 'null'], format: 'date' },
  },
} as const;
