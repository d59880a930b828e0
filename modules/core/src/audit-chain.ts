import type { Knex } from 'knex';

/** The first entry whose link does not hold: its table, id and organisation (null: the platform's audit chain). */
export interface ChainBreak {
  table: string;
  id: number;
  organization_id: number | null;
}

/** What recomputing one or more hash chains found: how many entries were checked and the first broken link. */
export interface ChainCheck {
  ok: boolean;
  checked: number;
  broken: ChainBreak | null;
}

/** The tables written as hash chains (migration `20261128040000_audit_append_only`). */
export type ChainTable = 'audit_events' | 'communication_history';

/**
 * Recomputes a table's hash chains (all organisations, or one) and names the first broken link in chain order: an
 * entry whose hash is not sha256(prev_hash || `<table>_chain_content(row)`), whose prev_hash is not the previous
 * entry's hash, or whose chain_seq skips (an entry removed before it). One ordered scan of the chain index, in SQL:
 * the same content function the insert trigger uses. The owner of each table calls it for its own table.
 */
export async function checkChain(
  db: Knex | Knex.Transaction,
  table: ChainTable,
  organizationId: number | null = null,
): Promise<ChainCheck> {
  const { rows } = (await db.raw(
    `SELECT count(*)::int AS checked,
       min(ARRAY[coalesce(organization_id, 0), chain_seq, id]) FILTER (WHERE NOT ok) AS first_broken
     FROM (
       SELECT id, organization_id, chain_seq,
         coalesce(hash = sha256(coalesce(prev_hash, ''::bytea) || convert_to(${table}_chain_content(t), 'UTF8'))
           AND prev_hash IS NOT DISTINCT FROM lag(hash) OVER w
           AND chain_seq = coalesce(lag(chain_seq) OVER w, 0) + 1, false) AS ok
       FROM ${table} t
       WHERE (:org::bigint IS NULL OR organization_id = :org::bigint)
       WINDOW w AS (PARTITION BY organization_id ORDER BY chain_seq)
     ) x`,
    { org: organizationId },
  )) as { rows: { checked: number; first_broken: string[] | null }[] };
  const row = rows[0] ?? { checked: 0, first_broken: null };
  const broken = row.first_broken
    ? { table, id: Number(row.first_broken[2]), organization_id: Number(row.first_broken[0]) || null }
    : null;
  return { ok: broken === null, checked: row.checked, broken };
}

/** The audit history's chains (core's `audit_events`). */
export function checkAuditChain(
  db: Knex | Knex.Transaction,
  organizationId: number | null = null,
): Promise<ChainCheck> {
  return checkChain(db, 'audit_events', organizationId);
}

/** Several chain checks as one answer: every entry counted, the first table's first break named. */
export function combineChainChecks(checks: ChainCheck[]): ChainCheck {
  const broken = checks.find((c) => c.broken)?.broken ?? null;
  return { ok: broken === null, checked: checks.reduce((n, c) => n + c.checked, 0), broken };
}
