import type { Knex } from 'knex';
import { up as upgradeNoticeTemplates } from './20261126030000_notice_custom_rows.js';

/**
 * Issue 32: the notice and reminder templates say when the response is due ("Please respond by {{ due_date }}", or
 * once it has passed "Your response was due on …"). As for the customer's rows: a platform notice template whose
 * current version the platform wrote gets the new default as its next version; one an operator edited is left as
 * written (the `due_date` and `overdue` placeholders are offered to it). A template already at the default is left.
 */
export async function up(knex: Knex): Promise<void> {
  await upgradeNoticeTemplates(knex);
}

/** The versions stay: outbox emails name the version they were built from. */
export async function down(): Promise<void> {}
