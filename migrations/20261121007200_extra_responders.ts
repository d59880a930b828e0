import type { Knex } from 'knex';

/**
 * The eR responses list has one row per provider communication and responding person, so its total is the received
 * count plus every person beyond the first. Grouping a large provider's answers for that on every page load cost half a
 * second at a million provider communications (bench/RESULTS.md); instead each provider communication keeps
 * `extra_responders` (distinct people who answered, less one), maintained by a trigger on every answer write, and the
 * few communications with several people are found through a partial index.
 *
 * A person is the answering user, else the (case-insensitive) email of a link answer, exactly as the list groups them.
 * The trigger locks the provider communication before counting, so two people answering at once both get counted.
 */
const PERSON = `coalesce('u' || r.responder_user_id::text, 'e' || lower(r.responder_email), '-')`;

export async function up(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE provider_communications ADD COLUMN extra_responders integer NOT NULL DEFAULT 0');
  await knex.raw(`UPDATE provider_communications pc SET extra_responders = x.people - 1
    FROM (SELECT r.provider_communication_id, count(DISTINCT ${PERSON}) AS people FROM provider_responses r GROUP BY 1) x
    WHERE x.provider_communication_id = pc.id AND x.people > 1`);
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
  await knex.raw(`CREATE INDEX provider_communications_extra_responders_idx ON provider_communications
    (provider_organization_id) INCLUDE (extra_responders, communication_type) WHERE extra_responders > 0 AND status <> 'DELETED'`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TRIGGER IF EXISTS provider_responses_count_people ON provider_responses');
  await knex.raw('DROP FUNCTION IF EXISTS provider_responses_count_people()');
  await knex.raw('DROP INDEX IF EXISTS provider_communications_extra_responders_idx');
  await knex.raw('ALTER TABLE provider_communications DROP COLUMN IF EXISTS extra_responders');
}
