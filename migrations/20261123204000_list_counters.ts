import type { Knex } from 'knex';

/**
 * Exact list totals without scanning. A list's unfiltered total was a `count(*)` over every row of the tenant:
 * 99% of the provider list's SQL at a million provider communications. Instead PostgreSQL keeps counters, written by
 * statement-level triggers in the same transaction as the rows (so a count can never disagree with a committed state):
 * - `communication_counts`: the supplier's events per (organisation, type, status);
 * - `provider_communication_counts`: provider communications per (receiving organisation, type, status);
 * - `communication_tallies`: per event, its active affected customers and its provider communications sent,
 *   acknowledged and completed (the supplier list's per-row counts, which grouped every row of the page's events).
 *
 * Each trigger sees the statement's old and new rows (transition tables), groups them into deltas per counter key, and
 * adds the non-zero ones with INSERT ... ON CONFLICT DO UPDATE in key order (one bulk send is one upsert per key, and two
 * statements touching the same keys lock them in the same order, so they cannot deadlock). The price: a counter row stays
 * locked by a writing transaction until it commits, so concurrent writers of the same key (two sends to one provider,
 * two acknowledgements of one event) queue on it for the rest of the other's transaction.
 */

const PC_DELTAS = {
  counts: `provider_organization_id, communication_type, status`,
  tallies: `communication_id,
    (status <> 'DELETED')::int AS sent,
    (status <> 'DELETED' AND acknowledged_at IS NOT NULL)::int AS acknowledged,
    (status <> 'DELETED' AND response_status = 'COMPLETED')::int AS completed`,
};

/** The rows of the statement, each with its sign: +1 for a new row, -1 for an old one. */
function signed(op: 'INSERT' | 'UPDATE' | 'DELETE', columns: string): string {
  const parts: string[] = [];
  if (op !== 'DELETE') parts.push(`SELECT ${columns}, 1 AS sign FROM new_rows`);
  if (op !== 'INSERT') parts.push(`SELECT ${columns}, -1 AS sign FROM old_rows`);
  return parts.join(' UNION ALL ');
}

function communicationCountsBody(op: 'INSERT' | 'UPDATE' | 'DELETE'): string {
  return `INSERT INTO communication_counts AS k (organization_id, type, status, n)
    SELECT organization_id, type, status, sum(sign) FROM (${signed(op, 'organization_id, type, status')}) d
    GROUP BY 1, 2, 3 HAVING sum(sign) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT (organization_id, type, status) DO UPDATE SET n = k.n + EXCLUDED.n;`;
}

function providerCountsBody(op: 'INSERT' | 'UPDATE' | 'DELETE'): string {
  return `INSERT INTO provider_communication_counts AS k (provider_organization_id, communication_type, status, n)
    SELECT provider_organization_id, communication_type, status, sum(sign) FROM (${signed(op, PC_DELTAS.counts)}) d
    WHERE provider_organization_id IS NOT NULL
    GROUP BY 1, 2, 3 HAVING sum(sign) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT (provider_organization_id, communication_type, status) DO UPDATE SET n = k.n + EXCLUDED.n;
  INSERT INTO communication_tallies AS k (communication_id, sent, acknowledged, completed)
    SELECT communication_id, sum(sent * sign), sum(acknowledged * sign), sum(completed * sign) FROM (${signed(op, PC_DELTAS.tallies)}) d
    WHERE EXISTS (SELECT 1 FROM communications c WHERE c.id = d.communication_id)
    GROUP BY 1 HAVING sum(sent * sign) <> 0 OR sum(acknowledged * sign) <> 0 OR sum(completed * sign) <> 0 ORDER BY 1
    ON CONFLICT (communication_id) DO UPDATE SET sent = k.sent + EXCLUDED.sent, acknowledged = k.acknowledged + EXCLUDED.acknowledged,
      completed = k.completed + EXCLUDED.completed;`;
}

function customersBody(op: 'INSERT' | 'UPDATE' | 'DELETE'): string {
  return `INSERT INTO communication_tallies AS k (communication_id, customers)
    SELECT communication_id, sum(sign) FROM (${signed(op, `communication_id, status = 'ACTIVE' AS active`)}) d
    WHERE active AND EXISTS (SELECT 1 FROM communications c WHERE c.id = d.communication_id)
    GROUP BY 1 HAVING sum(sign) <> 0 ORDER BY 1
    ON CONFLICT (communication_id) DO UPDATE SET customers = k.customers + EXCLUDED.customers;`;
}

const TRIGGERS: { table: string; name: string; body: (op: 'INSERT' | 'UPDATE' | 'DELETE') => string }[] = [
  { table: 'communications', name: 'communication_counts', body: communicationCountsBody },
  { table: 'provider_communications', name: 'provider_communication_counts', body: providerCountsBody },
  { table: 'communication_affected_customers', name: 'communication_customer_tallies', body: customersBody },
];

const OPS = ['INSERT', 'UPDATE', 'DELETE'] as const;
const fn = (name: string, op: string) => `${name}_${op.toLowerCase()}`;

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`CREATE TABLE communication_counts (
    organization_id bigint NOT NULL, type text NOT NULL, status text NOT NULL, n bigint NOT NULL DEFAULT 0,
    PRIMARY KEY (organization_id, type, status))`);
  await knex.raw(`CREATE TABLE provider_communication_counts (
    provider_organization_id bigint NOT NULL, communication_type text NOT NULL, status text NOT NULL, n bigint NOT NULL DEFAULT 0,
    PRIMARY KEY (provider_organization_id, communication_type, status))`);
  await knex.raw(`CREATE TABLE communication_tallies (
    communication_id bigint PRIMARY KEY REFERENCES communications(id) ON DELETE CASCADE,
    customers integer NOT NULL DEFAULT 0, sent integer NOT NULL DEFAULT 0, acknowledged integer NOT NULL DEFAULT 0, completed integer NOT NULL DEFAULT 0)`);

  // Backfill before the triggers exist; the migration runs in one transaction, so no write falls between the two.
  await knex.raw(`INSERT INTO communication_counts (organization_id, type, status, n)
    SELECT organization_id, type, status, count(*) FROM communications GROUP BY 1, 2, 3`);
  await knex.raw(`INSERT INTO provider_communication_counts (provider_organization_id, communication_type, status, n)
    SELECT provider_organization_id, communication_type, status, count(*) FROM provider_communications
    WHERE provider_organization_id IS NOT NULL GROUP BY 1, 2, 3`);
  await knex.raw(`INSERT INTO communication_tallies (communication_id, customers, sent, acknowledged, completed)
    SELECT c.id,
      (SELECT count(*) FROM communication_affected_customers ac WHERE ac.communication_id = c.id AND ac.status = 'ACTIVE'),
      p.sent, p.acknowledged, p.completed
    FROM communications c
    LEFT JOIN LATERAL (SELECT count(*) AS sent, count(acknowledged_at) AS acknowledged, count(*) FILTER (WHERE response_status = 'COMPLETED') AS completed
      FROM provider_communications pc WHERE pc.communication_id = c.id AND pc.status <> 'DELETED') p ON true
    WHERE EXISTS (SELECT 1 FROM communication_affected_customers ac WHERE ac.communication_id = c.id)
       OR EXISTS (SELECT 1 FROM provider_communications pc WHERE pc.communication_id = c.id)`);

  for (const t of TRIGGERS) {
    for (const op of OPS) {
      const body = t.body(op);
      await knex.raw(`CREATE FUNCTION ${fn(t.name, op)}() RETURNS trigger LANGUAGE plpgsql AS $fn$
        BEGIN
          ${body}
          RETURN NULL;
        END $fn$`);
      const referencing = {
        INSERT: 'REFERENCING NEW TABLE AS new_rows',
        UPDATE: 'REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows',
        DELETE: 'REFERENCING OLD TABLE AS old_rows',
      }[op];
      await knex.raw(
        `CREATE TRIGGER ${fn(t.name, op)} AFTER ${op} ON ${t.table} ${referencing} FOR EACH STATEMENT EXECUTE FUNCTION ${fn(t.name, op)}()`,
      );
    }
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const t of TRIGGERS) {
    for (const op of OPS) {
      await knex.raw(`DROP TRIGGER IF EXISTS ${fn(t.name, op)} ON ${t.table}`);
      await knex.raw(`DROP FUNCTION IF EXISTS ${fn(t.name, op)}()`);
    }
  }
  await knex.raw('DROP TABLE IF EXISTS communication_tallies');
  await knex.raw('DROP TABLE IF EXISTS provider_communication_counts');
  await knex.raw('DROP TABLE IF EXISTS communication_counts');
}
