import type { Knex } from 'knex';

/**
 * Emails leave at the relay's speed: the sender claims a batch of due emails with a lease and commits the
 * claim, so no transaction stays open while SMTP runs. `lease_until` says an email is in flight and until when; the
 * claim also moves `next_attempt_at` to the lease's end, so an email whose sender died is due again when the lease
 * expires, with no other clock to watch. The due index gains `id`: the claim reads due emails in
 * (next_attempt_at, id) order, and a bulk send queues thousands with one next_attempt_at, which would otherwise be
 * sorted on every claim.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE outbox_emails ADD COLUMN lease_until timestamptz');
  await knex.raw('DROP INDEX outbox_emails_due_idx');
  await knex.raw(`CREATE INDEX outbox_emails_due_idx ON outbox_emails (next_attempt_at, id) WHERE status = 'DELIVERY'`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX outbox_emails_due_idx');
  await knex.raw(`CREATE INDEX outbox_emails_due_idx ON outbox_emails (next_attempt_at) WHERE status = 'DELIVERY'`);
  await knex.raw('ALTER TABLE outbox_emails DROP COLUMN lease_until');
}
