import type { Knex } from 'knex';

/**
 * Reminder plans: an interval and a maximum per recall class (and one for supply advisories), set by the
 * supplier organisation in `reminder_defaults` and overridden per event on `communications` (NULL = the organisation's
 * value, else the product's built-in one), and a pause per event. They replace the global REMINDER_INTERVAL_HOURS and
 * REMINDER_MAX.
 *
 * The reminder job looks, per event with something due, for recipients neither acknowledged nor completed, by event and
 * last notice: the partial index replaces the one on `last_notified_at` alone, which made every run read every
 * unacknowledged provider communication of every event. The delivery list reads each recipient address's latest notice
 * email: outbox_emails by (provider_communication_id, to_email, id), whose prefix also serves what the index on
 * provider_communication_id alone served.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    ALTER TABLE communications
      ADD COLUMN reminder_interval_hours integer CHECK (reminder_interval_hours BETWEEN 1 AND 720),
      ADD COLUMN reminder_max integer CHECK (reminder_max BETWEEN 0 AND 20),
      ADD COLUMN reminders_paused boolean NOT NULL DEFAULT false`);
  await knex.raw(`
    CREATE TABLE reminder_defaults (
      organization_id bigint NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      plan text NOT NULL CHECK (plan IN ('CLASSI', 'CLASSII', 'CLASSIII', 'ADVISORY')),
      interval_hours integer NOT NULL CHECK (interval_hours BETWEEN 1 AND 720),
      max_reminders integer NOT NULL CHECK (max_reminders BETWEEN 0 AND 20),
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (organization_id, plan)
    )`);
  await knex.raw('DROP INDEX IF EXISTS provider_communications_unacknowledged_idx');
  await knex.raw(`CREATE INDEX provider_communications_reminder_idx ON provider_communications
    (communication_id, last_notified_at)
    WHERE status = 'OPEN' AND acknowledged_at IS NULL AND response_status = 'NOTCOMPLETED'`);
  await knex.raw('CREATE INDEX outbox_emails_recipient_idx ON outbox_emails (provider_communication_id, to_email, id)');
  await knex.raw('DROP INDEX IF EXISTS outbox_emails_provider_communication_id_index');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(
    'CREATE INDEX outbox_emails_provider_communication_id_index ON outbox_emails (provider_communication_id)',
  );
  await knex.raw('DROP INDEX IF EXISTS outbox_emails_recipient_idx');
  await knex.raw('DROP INDEX IF EXISTS provider_communications_reminder_idx');
  await knex.raw(`CREATE INDEX provider_communications_unacknowledged_idx ON provider_communications (last_notified_at)
    WHERE acknowledged_at IS NULL AND status = 'OPEN'`);
  await knex.raw('DROP TABLE reminder_defaults');
  await knex.raw(`
    ALTER TABLE communications
      DROP COLUMN reminders_paused,
      DROP COLUMN reminder_max,
      DROP COLUMN reminder_interval_hours`);
}
