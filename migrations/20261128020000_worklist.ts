import type { Knex } from 'knex';

/**
 * Issue 32, what needs my attention.
 * - A response-due date per event (`communications.response_due_date`) and optionally per action
 *   (`communication_actions.due_date`); the supplier organisation's days per plan (`reminder_defaults.due_days`) give
 *   its default, and `overdue_interval_hours` shortens the reminder plan once a notice is overdue.
 * - provider_communications carry the event's due date and classification rank (1 Class I, 2 Class II, 3 Class III,
 *   4 anything else), kept by triggers, so the worklist orders "Class I first, then the due date" off one partial index
 *   per receiving organisation without joining the event.
 * - "Not affected: we have none of this product" is a provider communication's answer: reason, who and when.
 * - An owner per provider communication (inbox's provider_communication_owners).
 * - communications.product_search: its products' names, catalogue, model, lot and serial numbers, UDI or GTIN (custom
 *   field values included), kept by a trigger on communication_products; the lists' search reaches it (and the event's
 *   name and event id) through pg_trgm GIN indexes.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    ALTER TABLE communications
      ADD COLUMN response_due_date date,
      ADD COLUMN product_search text NOT NULL DEFAULT ''`);
  await knex.raw('ALTER TABLE communication_actions ADD COLUMN due_date date');
  await knex.raw(`
    ALTER TABLE reminder_defaults
      ADD COLUMN due_days integer CHECK (due_days BETWEEN 0 AND 365),
      ADD COLUMN overdue_interval_hours integer CHECK (overdue_interval_hours BETWEEN 1 AND 720)`);
  await knex.raw(`
    ALTER TABLE provider_communications
      ADD COLUMN due_date date,
      ADD COLUMN class_rank smallint NOT NULL DEFAULT 4,
      ADD COLUMN not_affected_reason text,
      ADD COLUMN not_affected_by text,
      ADD COLUMN not_affected_at timestamptz`);

  // The event's fields a provider communication carries: set on insert, followed on change.
  await knex.raw(`
    CREATE FUNCTION communication_class_rank(classification text) RETURNS smallint
      LANGUAGE sql IMMUTABLE AS $$
        SELECT CASE classification WHEN 'CLASSI' THEN 1 WHEN 'CLASSII' THEN 2 WHEN 'CLASSIII' THEN 3 ELSE 4 END::smallint
      $$`);
  await knex.raw(`
    CREATE FUNCTION provider_communications_event_fields() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      SELECT c.response_due_date, communication_class_rank(c.classification)
        INTO NEW.due_date, NEW.class_rank
        FROM communications c WHERE c.id = NEW.communication_id;
      RETURN NEW;
    END $$`);
  await knex.raw(`
    CREATE TRIGGER provider_communications_event_fields BEFORE INSERT ON provider_communications
      FOR EACH ROW EXECUTE FUNCTION provider_communications_event_fields()`);
  await knex.raw(`
    CREATE FUNCTION communications_follow_due_date() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE provider_communications
         SET due_date = NEW.response_due_date, class_rank = communication_class_rank(NEW.classification)
       WHERE communication_id = NEW.id
         AND (due_date IS DISTINCT FROM NEW.response_due_date
              OR class_rank <> communication_class_rank(NEW.classification));
      RETURN NULL;
    END $$`);
  await knex.raw(`
    CREATE TRIGGER communications_follow_due_date AFTER UPDATE OF response_due_date, classification ON communications
      FOR EACH ROW
      WHEN (OLD.response_due_date IS DISTINCT FROM NEW.response_due_date
            OR OLD.classification IS DISTINCT FROM NEW.classification)
      EXECUTE FUNCTION communications_follow_due_date()`);
  await knex.raw(`
    UPDATE provider_communications pc
       SET due_date = c.response_due_date, class_rank = communication_class_rank(c.classification)
      FROM communications c
     WHERE c.id = pc.communication_id AND communication_class_rank(c.classification) <> 4`);
  // Open and unanswered, per receiving organisation, most urgent first: the worklist's sections read this.
  await knex.raw(`CREATE INDEX provider_communications_worklist_idx ON provider_communications
    (provider_organization_id, class_rank, due_date, id)
    WHERE status = 'OPEN' AND response_status = 'NOTCOMPLETED'`);

  // Product identifiers, searchable.
  await knex.raw(`
    CREATE FUNCTION communication_product_search(event_id bigint) RETURNS text LANGUAGE sql STABLE AS $$
      SELECT coalesce(string_agg(concat_ws(' ', p.product_name, p.catalog_number, p.lot_number, p.udi,
               (SELECT string_agg(f.value, ' ') FROM jsonb_each_text(p.custom_fields) f)), ' '), '')
        FROM communication_products p WHERE p.communication_id = event_id
    $$`);
  // Statement-level, over the transition tables: a batch of 10,000 products recomputes its event's text once, not
  // once per row (which made the insert quadratic).
  for (const [op, tables] of [
    ['INSERT', 'NEW TABLE AS changed'],
    ['UPDATE', 'NEW TABLE AS changed OLD TABLE AS before'],
    ['DELETE', 'OLD TABLE AS changed'],
  ] as const) {
    const events =
      op === 'UPDATE'
        ? 'SELECT communication_id FROM changed UNION SELECT communication_id FROM before'
        : 'SELECT DISTINCT communication_id FROM changed';
    await knex.raw(`
      CREATE FUNCTION communication_products_search_${op.toLowerCase()}() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE communications c SET product_search = communication_product_search(c.id)
         WHERE c.id IN (${events});
        RETURN NULL;
      END $$`);
    await knex.raw(`
      CREATE TRIGGER communication_products_search_${op.toLowerCase()} AFTER ${op} ON communication_products
        REFERENCING ${tables} FOR EACH STATEMENT
        EXECUTE FUNCTION communication_products_search_${op.toLowerCase()}()`);
  }
  await knex.raw(`
    UPDATE communications c SET product_search = communication_product_search(c.id)
     WHERE EXISTS (SELECT 1 FROM communication_products p WHERE p.communication_id = c.id)`);
  await knex.raw('CREATE EXTENSION IF NOT EXISTS pg_trgm');
  await knex.raw(
    `CREATE INDEX communications_search_trgm_idx ON communications USING gin
      ((name || ' ' || coalesce(event_id, '') || ' ' || product_search) gin_trgm_ops)`,
  );

  await knex.raw(`
    CREATE TABLE provider_communication_owners (
      provider_communication_id bigint PRIMARY KEY REFERENCES provider_communications(id) ON DELETE CASCADE,
      organization_id bigint NOT NULL REFERENCES organizations(id) ON DELETE RESTRICT,
      user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      assigned_by bigint REFERENCES users(id) ON DELETE SET NULL,
      assigned_at timestamptz NOT NULL DEFAULT now()
    )`);
  await knex.raw(
    'CREATE INDEX provider_communication_owners_user_idx ON provider_communication_owners (user_id, provider_communication_id)',
  );
  await knex.raw(
    'CREATE INDEX provider_communication_owners_organization_idx ON provider_communication_owners (organization_id)',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TABLE provider_communication_owners');
  await knex.raw('DROP INDEX communications_search_trgm_idx');
  for (const op of ['insert', 'update', 'delete']) {
    await knex.raw(`DROP TRIGGER communication_products_search_${op} ON communication_products`);
    await knex.raw(`DROP FUNCTION communication_products_search_${op}()`);
  }
  await knex.raw('DROP FUNCTION communication_product_search(bigint)');
  await knex.raw('DROP INDEX provider_communications_worklist_idx');
  await knex.raw('DROP TRIGGER communications_follow_due_date ON communications');
  await knex.raw('DROP FUNCTION communications_follow_due_date()');
  await knex.raw('DROP TRIGGER provider_communications_event_fields ON provider_communications');
  await knex.raw('DROP FUNCTION provider_communications_event_fields()');
  await knex.raw('DROP FUNCTION communication_class_rank(text)');
  await knex.raw(`
    ALTER TABLE provider_communications
      DROP COLUMN not_affected_at, DROP COLUMN not_affected_by, DROP COLUMN not_affected_reason,
      DROP COLUMN class_rank, DROP COLUMN due_date`);
  await knex.raw(`
    ALTER TABLE reminder_defaults
      DROP COLUMN overdue_interval_hours, DROP COLUMN due_days`);
  await knex.raw('ALTER TABLE communication_actions DROP COLUMN due_date');
  await knex.raw('ALTER TABLE communications DROP COLUMN product_search, DROP COLUMN response_due_date');
}
