import type { Knex } from 'knex';
import { communicationsView, talliesView } from '@portal/communications';
import { effectivenessLevel } from './event-reports.js';

export type EffectivenessLevel = ReturnType<typeof effectivenessLevel>;

export interface OpenRecallEffectiveness {
  /** Open recalls per level reached (A–E). */
  levels: Record<EffectivenessLevel, number>;
  /** The most recently sent open recalls with their level. */
  recalls: {
    id: number;
    name: string;
    event_id: string | null;
    supplier_id: number;
    consignees: number;
    acknowledged: number;
    level: EffectivenessLevel;
  }[];
}

/**
 * The FDA effectiveness level of every open recall of some suppliers (all when `supplierIds` is null), sent since
 * `sentFrom` (any time when null), with the level rule of the FDA Effectiveness Report. Consignees and acknowledgements
 * come from the event's list tallies (active affected customers, acknowledged provider communications), so no
 * provider communication is read: open recalls are grouped by their (consignees, acknowledged) pair, each pair's
 * level computed once.
 */
export async function openRecallEffectiveness(
  db: Knex,
  scope: { supplierIds: number[] | null; sentFrom: string | null; recent?: number },
): Promise<OpenRecallEffectiveness> {
  const open = () => {
    const q = db
      .from(communicationsView(db).as('c'))
      .join(talliesView(db).as('t'), 't.communication_id', 'c.id')
      .where({ 'c.type': 'RECALL', 'c.status': 'OPEN' });
    if (scope.supplierIds) q.whereIn('c.organization_id', scope.supplierIds);
    if (scope.sentFrom) q.where('c.first_sent_at', '>=', scope.sentFrom);
    return q;
  };
  // Acknowledgements of customers removed since count in the tallies; the level never reads more than 100%.
  const counts = 't.customers::int AS consignees, least(t.acknowledged, t.customers)::int AS acknowledged';
  const [pairs, recent] = await Promise.all([
    open()
      .select(db.raw(`${counts}, count(*)::int AS n`))
      .groupByRaw('1, 2'),
    open()
      .orderBy('c.id', 'desc')
      .limit(scope.recent ?? 10)
      .select('c.id', 'c.name', 'c.event_id', 'c.organization_id as supplier_id', db.raw(counts)),
  ]);
  const levels: Record<EffectivenessLevel, number> = { A: 0, B: 0, C: 0, D: 0, E: 0 };
  for (const p of pairs as { consignees: number; acknowledged: number; n: number }[])
    levels[effectivenessLevel(p.acknowledged, p.consignees)] += p.n;
  return {
    levels,
    recalls: (recent as Omit<OpenRecallEffectiveness['recalls'][number], 'level'>[]).map((r) => ({
      ...r,
      id: Number(r.id),
      supplier_id: Number(r.supplier_id),
      level: effectivenessLevel(r.acknowledged, r.consignees),
    })),
  };
}
