import type { Knex } from 'knex';

/**
 * A tamper-evident audit trail (issue 34 §2): `audit_events` and `communication_history` are append-only, and each
 * entry carries a hash chain per organisation.
 *
 * - Triggers refuse UPDATE, DELETE and TRUNCATE on both tables (as `conversation_messages` already did).
 * - The foreign keys that nulled an entry out (SET NULL) or deleted it with its event (CASCADE) become NO ACTION:
 *   subjects are soft-deleted (status DELETED, users and organisations deactivated), so an entry keeps what it names,
 *   and a hard delete of a subject that has entries is refused.
 * - `chain_seq` is the entry's place in its organisation's chain (1, 2, …; audit entries without an organisation form
 *   a chain of their own), `prev_hash` the hash of the entry before it, and `hash` = sha256(prev_hash || content),
 *   content being `<table>_chain_content(row)`: every column but the hashes, as canonical text (timestamps in UTC).
 *   A BEFORE INSERT trigger computes them under a per-organisation advisory transaction lock, so concurrent writers,
 *   raw SQL and bulk inserts all extend the chain one at a time; the unique (organization_id, chain_seq) index makes a
 *   fork impossible rather than silent. `audit verify` (cli) and GET /notisphere/audit/verify recompute the chains.
 * - Rows written before this migration are chained here, in id order.
 */

/** The advisory lock classes of the two chains (the second key is hashint8 of the organisation). */
export const AUDIT_CHAIN_LOCK = 1_096_107_361;
export const HISTORY_CHAIN_LOCK = 1_096_107_362;

const CHAINS = [
  {
    table: 'audit_events',
    lock: AUDIT_CHAIN_LOCK,
    nullableOrg: true,
    content: `jsonb_build_array(r.id, to_char(r.occurred_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
      r.organization_id, r.actor_user_id, r.actor_organization_id, r.actor_email, r.action, r.entity_type, r.entity_id,
      r.before, r.after, r.request_id, r.chain_seq)::text`,
    keys: [
      ['organization_id', 'organizations', 'SET NULL'],
      ['actor_user_id', 'users', 'SET NULL'],
      ['actor_organization_id', 'organizations', 'SET NULL'],
    ],
  },
  {
    table: 'communication_history',
    lock: HISTORY_CHAIN_LOCK,
    nullableOrg: false,
    content: `jsonb_build_array(r.id, to_char(r.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
      r.communication_id, r.organization_id, r.provider_communication_id, r.actor_user_id, r.actor_email, r.action,
      r.entity_type, r.entity_id, r.before, r.after, r.is_change, r.chain_seq)::text`,
    keys: [
      ['communication_id', 'communications', 'CASCADE'],
      ['provider_communication_id', 'provider_communications', 'CASCADE'],
      ['actor_user_id', 'users', 'SET NULL'],
    ],
  },
] as const;

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE FUNCTION audit_record_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION '% entries are never edited or deleted', TG_TABLE_NAME USING ERRCODE = 'P0001';
    END $$;
  `);
  for (const c of CHAINS) {
    const t = c.table;
    for (const [column, parent] of c.keys) {
      await knex.raw(`ALTER TABLE ${t} DROP CONSTRAINT ${t}_${column}_foreign,
        ADD CONSTRAINT ${t}_${column}_foreign FOREIGN KEY (${column}) REFERENCES ${parent} (id) ON DELETE NO ACTION`);
    }
    await knex.raw(`ALTER TABLE ${t} ADD COLUMN chain_seq bigint, ADD COLUMN prev_hash bytea, ADD COLUMN hash bytea`);
    await knex.raw(`
      CREATE FUNCTION ${t}_chain_content(r ${t}) RETURNS text LANGUAGE sql STABLE PARALLEL SAFE AS $$
        SELECT ${c.content}
      $$;
    `);
    // The rows already there, chained in id order per organisation.
    await knex.raw(`
      DO $$
      DECLARE
        r ${t}%ROWTYPE;
        prev bytea;
        prev_org bigint;
        seq bigint := 0;
        started boolean := false;
      BEGIN
        FOR r IN SELECT * FROM ${t} ORDER BY organization_id NULLS FIRST, id LOOP
          IF NOT started OR r.organization_id IS DISTINCT FROM prev_org THEN
            prev := NULL;
            seq := 0;
          END IF;
          started := true;
          prev_org := r.organization_id;
          seq := seq + 1;
          r.chain_seq := seq;
          r.prev_hash := prev;
          r.hash := sha256(coalesce(prev, ''::bytea) || convert_to(${t}_chain_content(r), 'UTF8'));
          UPDATE ${t} SET chain_seq = r.chain_seq, prev_hash = r.prev_hash, hash = r.hash WHERE id = r.id;
          prev := r.hash;
        END LOOP;
      END $$;
    `);
    await knex.raw(`ALTER TABLE ${t} ALTER COLUMN chain_seq SET NOT NULL, ALTER COLUMN hash SET NOT NULL`);
    await knex.raw(
      `CREATE UNIQUE INDEX ${t}_chain_idx ON ${t} (organization_id, chain_seq)${c.nullableOrg ? ' NULLS NOT DISTINCT' : ''}`,
    );
    const last = (where: string) =>
      `SELECT chain_seq, hash INTO last_seq, last_hash FROM ${t} WHERE ${where} ORDER BY chain_seq DESC LIMIT 1;`;
    await knex.raw(`
      CREATE FUNCTION ${t}_chain() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        last_seq bigint;
        last_hash bytea;
      BEGIN
        PERFORM pg_advisory_xact_lock(${c.lock}, hashint8(coalesce(NEW.organization_id, 0)));
        ${
          c.nullableOrg
            ? `IF NEW.organization_id IS NULL THEN ${last('organization_id IS NULL')} ELSE ${last('organization_id = NEW.organization_id')} END IF;`
            : last('organization_id = NEW.organization_id')
        }
        NEW.chain_seq := coalesce(last_seq, 0) + 1;
        NEW.prev_hash := last_hash;
        NEW.hash := sha256(coalesce(last_hash, ''::bytea) || convert_to(${t}_chain_content(NEW), 'UTF8'));
        RETURN NEW;
      END $$;
      CREATE TRIGGER ${t}_chain BEFORE INSERT ON ${t} FOR EACH ROW EXECUTE FUNCTION ${t}_chain();
      CREATE TRIGGER ${t}_append_only BEFORE UPDATE OR DELETE ON ${t}
        FOR EACH ROW EXECUTE FUNCTION audit_record_append_only();
      CREATE TRIGGER ${t}_no_truncate BEFORE TRUNCATE ON ${t}
        FOR EACH STATEMENT EXECUTE FUNCTION audit_record_append_only();
    `);
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const c of CHAINS) {
    const t = c.table;
    await knex.raw(`
      DROP TRIGGER IF EXISTS ${t}_no_truncate ON ${t};
      DROP TRIGGER IF EXISTS ${t}_append_only ON ${t};
      DROP TRIGGER IF EXISTS ${t}_chain ON ${t};
      DROP FUNCTION IF EXISTS ${t}_chain();
      DROP INDEX IF EXISTS ${t}_chain_idx;
      ALTER TABLE ${t} DROP COLUMN chain_seq, DROP COLUMN prev_hash, DROP COLUMN hash;
      DROP FUNCTION IF EXISTS ${t}_chain_content(${t});
    `);
    for (const [column, parent, onDelete] of c.keys) {
      await knex.raw(`ALTER TABLE ${t} DROP CONSTRAINT ${t}_${column}_foreign,
        ADD CONSTRAINT ${t}_${column}_foreign FOREIGN KEY (${column}) REFERENCES ${parent} (id) ON DELETE ${onDelete}`);
    }
  }
  await knex.raw('DROP FUNCTION IF EXISTS audit_record_append_only()');
}
