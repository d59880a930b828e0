import type { Knex } from 'knex';

/**
 * Conversations between a supplier and one provider communication (spec 001 §7.2), owned by
 * `modules/conversations`.
 * - `conversations`: one thread about one provider communication (optionally about one of the event's actions),
 *   OPEN or CLOSED. The read markers are per side (`supplier_read_message_id`, `provider_read_message_id`): the
 *   last message each side has opened, so the unread count of a side is the other side's messages after its marker.
 * - `conversation_messages` and `conversation_files`: the record. Append-only: a trigger refuses UPDATE and DELETE,
 *   so not even a bug in the service can edit or remove a message once written.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('conversations', (t) => {
    t.bigIncrements('id', { primaryKey: true });
    t.bigInteger('communication_id').notNullable().references('communications.id').onDelete('RESTRICT');
    t.bigInteger('provider_communication_id')
      .notNullable()
      .references('provider_communications.id')
      .onDelete('RESTRICT');
    t.bigInteger('supplier_organization_id').notNullable().references('organizations.id').onDelete('RESTRICT');
    t.bigInteger('action_id').references('communication_actions.id').onDelete('SET NULL');
    t.text('subject').notNullable();
    t.text('status').notNullable().defaultTo('OPEN').checkIn(['OPEN', 'CLOSED'], 'conversations_status_check');
    t.text('started_by_side').notNullable().checkIn(['SUPPLIER', 'PROVIDER'], 'conversations_side_check');
    t.bigInteger('started_by_user_id').references('users.id').onDelete('SET NULL');
    t.bigInteger('supplier_read_message_id');
    t.bigInteger('provider_read_message_id');
    t.integer('message_count').notNullable().defaultTo(0);
    t.timestamp('last_message_at', { useTz: true });
    t.timestamp('closed_at', { useTz: true });
    t.bigInteger('closed_by_user_id').references('users.id').onDelete('SET NULL');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['communication_id', 'last_message_at']);
    t.index(['provider_communication_id', 'last_message_at']);
    t.index('supplier_organization_id');
    t.index('action_id');
    t.index('started_by_user_id');
    t.index('closed_by_user_id');
  });

  await knex.schema.createTable('conversation_messages', (t) => {
    t.bigIncrements('id', { primaryKey: true });
    t.bigInteger('conversation_id').notNullable().references('conversations.id').onDelete('RESTRICT');
    t.text('sender_side').notNullable().checkIn(['SUPPLIER', 'PROVIDER'], 'conversation_messages_side_check');
    t.bigInteger('sender_organization_id').notNullable().references('organizations.id').onDelete('RESTRICT');
    t.bigInteger('sender_user_id').references('users.id').onDelete('SET NULL');
    t.text('sender_email').notNullable();
    t.text('body').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['conversation_id', 'id']);
    t.index('sender_organization_id');
    t.index('sender_user_id');
  });

  await knex.schema.createTable('conversation_files', (t) => {
    t.bigIncrements('id', { primaryKey: true });
    t.bigInteger('conversation_id').notNullable().references('conversations.id').onDelete('RESTRICT');
    t.bigInteger('message_id').notNullable().references('conversation_messages.id').onDelete('RESTRICT');
    t.text('name').notNullable();
    t.text('extension').notNullable();
    t.text('mimetype').notNullable();
    t.bigInteger('size').notNullable();
    t.text('file_key').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['conversation_id', 'id']);
    t.index('message_id');
  });

  await knex.raw(`
    CREATE FUNCTION conversation_record_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'conversation messages and files are never edited or deleted' USING ERRCODE = 'P0001';
    END $$;
    CREATE TRIGGER conversation_messages_append_only BEFORE UPDATE OR DELETE ON conversation_messages
      FOR EACH ROW EXECUTE FUNCTION conversation_record_append_only();
    CREATE TRIGGER conversation_files_append_only BEFORE UPDATE OR DELETE ON conversation_files
      FOR EACH ROW EXECUTE FUNCTION conversation_record_append_only();
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('conversation_files');
  await knex.schema.dropTableIfExists('conversation_messages');
  await knex.schema.dropTableIfExists('conversations');
  await knex.raw('DROP FUNCTION IF EXISTS conversation_record_append_only()');
}
