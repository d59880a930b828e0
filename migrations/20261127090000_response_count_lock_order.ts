import type { Knex } from 'knex';

/**
 * `extra_responders` (distinct people who answered a provider communication, less one) was kept by a row-level
 * trigger that locked each answer's provider communication FOR UPDATE as the statement's rows came: a statement
 * writing answers of several provider communications locked them in row order, and FOR UPDATE also waits for the
 * foreign-key checks (FOR KEY SHARE) of every concurrent insert that references the row (answers, history, files).
 * Two such statements could each hold what the other waited for: a deadlock.
 *
 * Now one statement-level trigger per operation collects every provider communication the statement touched, locks
 * them all at once in ascending id order, FOR NO KEY UPDATE (which still queues writers of the same row, so the count
 * stays exact, but not the foreign-key checks), and recounts them. An update recounts only when an answer changed
 * hands or moved. The count itself is the same as before.
 */
const PERSON = `coalesce('u' || r.responder_user_id::text, 'e' || lower(r.responder_email), '-')`;

type Op = 'INSERT' | 'UPDATE' | 'DELETE';

/** The provider communications whose people may have changed, as `SELECT id`. */
const TOUCHED: Record<Op, string> = {
  INSERT: 'SELECT provider_communication_id FROM new_rows',
  DELETE: 'SELECT provider_communication_id FROM old_rows',
  UPDATE: `SELECT unnest(ARRAY[n.provider_communication_id, o.provider_communication_id])
    FROM new_rows n JOIN old_rows o USING (id)
    WHERE (n.provider_communication_id, n.responder_user_id, lower(n.responder_email))
      IS DISTINCT FROM (o.provider_communication_id, o.responder_user_id, lower(o.responder_email))`,
};

const REFERENCING: Record<Op, string> = {
  INSERT: 'REFERENCING NEW TABLE AS new_rows',
  UPDATE: 'REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows',
  DELETE: 'REFERENCING OLD TABLE AS old_rows',
};

const OPS: Op[] = ['INSERT', 'UPDATE', 'DELETE'];
const fn = (op: Op) => `provider_responses_people_${op.toLowerCase()}`;

export async function up(knex: Knex): Promise<void> {
  await knex.raw('DROP TRIGGER IF EXISTS provider_responses_count_people ON provider_responses');
  await knex.raw('DROP FUNCTION IF EXISTS provider_responses_count_people()');
  for (const op of OPS) {
    await knex.raw(`CREATE FUNCTION ${fn(op)}() RETURNS trigger LANGUAGE plpgsql AS $fn$
      DECLARE
        ids bigint[];
      BEGIN
        SELECT array_agg(DISTINCT t.id ORDER BY t.id) INTO ids FROM (${TOUCHED[op]}) AS t(id) WHERE t.id IS NOT NULL;
        IF ids IS NULL THEN RETURN NULL; END IF;
        PERFORM 1 FROM provider_communications WHERE id = ANY(ids) ORDER BY id FOR NO KEY UPDATE;
        UPDATE provider_communications pc SET extra_responders = x.extra
        FROM (
          SELECT i AS id, greatest(0, (SELECT count(DISTINCT ${PERSON}) FROM provider_responses r WHERE r.provider_communication_id = i) - 1) AS extra
          FROM unnest(ids) AS i
        ) x
        WHERE pc.id = x.id AND pc.extra_responders <> x.extra;
        RETURN NULL;
      END $fn$`);
    await knex.raw(
      `CREATE TRIGGER ${fn(op)} AFTER ${op} ON provider_responses ${REFERENCING[op]} FOR EACH STATEMENT EXECUTE FUNCTION ${fn(op)}()`,
    );
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const op of OPS) {
    await knex.raw(`DROP TRIGGER IF EXISTS ${fn(op)} ON provider_responses`);
    await knex.raw(`DROP FUNCTION IF EXISTS ${fn(op)}()`);
  }
  await knex.raw(`CREATE FUNCTION provider_responses_count_people() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      ids bigint[] := '{}';
    BEGIN
      IF TG_OP <> 'DELETE' THEN ids := ids || NEW.provider_communication_id; END IF;
      IF TG_OP <> 'INSERT' THEN ids := ids || OLD.provider_communication_id; END IF;
      PERFORM 1 FROM provider_communications WHERE id = ANY(ids) ORDER BY id FOR UPDATE;
      UPDATE provider_communications pc SET extra_responders = x.extra
      FROM (
        SELECT i AS id, greatest(0, (SELECT count(DISTINCT ${PERSON}) FROM provider_responses r WHERE r.provider_communication_id = i) - 1) AS extra
        FROM unnest(ids) AS i
      ) x
      WHERE pc.id = x.id AND pc.extra_responders <> x.extra;
      RETURN NULL;
    END $$`);
  await knex.raw(`CREATE TRIGGER provider_responses_count_people
    AFTER INSERT OR DELETE OR UPDATE OF provider_communication_id, responder_user_id, responder_email ON provider_responses
    FOR EACH ROW EXECUTE FUNCTION provider_responses_count_people()`);
}
