import type { Knex } from 'knex';

/** What matching a recall against an item master reads of an FDA record: its free text and its firm (issue 38). */
export interface FdaMatchText {
  recall_number: string;
  recalling_firm: string | null;
  product_description: string | null;
  code_info: string | null;
}

/**
 * The free text of the FDA records an event names (device recalls by `product_res_number`, enforcement reports by
 * `recall_number`), in the event's order; a number both hold gives both texts, numbers no record has give nothing.
 */
export async function fdaMatchTexts(db: Knex | Knex.Transaction, numbers: readonly string[]): Promise<FdaMatchText[]> {
  if (!numbers.length) return [];
  const cols = ['recalling_firm', 'product_description', 'code_info'] as const;
  const [devices, reports] = await Promise.all([
    db('fda_device_recalls')
      .whereIn('product_res_number', numbers)
      .select({ recall_number: 'product_res_number' }, ...cols),
    db('fda_enforcement_reports')
      .whereIn('recall_number', numbers)
      .select('recall_number', ...cols),
  ]);
  const all = [...(devices as FdaMatchText[]), ...(reports as FdaMatchText[])];
  return numbers.flatMap((n) => all.filter((r) => r.recall_number === n));
}
