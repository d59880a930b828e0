import type { Knex } from 'knex';

/**
 * A provider user's dismissal of its own submitted response from its eR responses list. Submitted answers are a
 * regulatory record and are never deleted: "Delete" on such a row only hides it for that user, until the user answers again.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('provider_response_dismissals', (t) => {
    t.bigIncrements('id', { primaryKey: true });
    t.bigInteger('provider_communication_id')
      .notNullable()
      .references('provider_communications.id')
      .onDelete('CASCADE');
    t.bigInteger('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.timestamp('dismissed_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['provider_communication_id', 'user_id']);
    t.index('user_id');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('provider_response_dismissals');
}
