import type { Knex } from 'knex';

/**
 * Every background job runs on pg-boss (its schema `pgboss` is installed by `migrateLatest` after these migrations,
 * through pg-boss's own migrations). What changes here:
 * - An FDA file dropped into FDA_IMPORT_DIR is recorded QUEUED with its import job, then RUNNING, DONE or FAILED.
 * - `outbox_emails.lease_until` and `preprocessor_jobs.lease_until` are no longer read or written (the queue's jobs
 *   hold the work now). They stay, empty, until no replica of the previous release can be running; a later migration
 *   drops them. Rows in flight at the upgrade (emails, fan-outs, files to match) are given jobs by the `recover` job.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE fda_import_files DROP CONSTRAINT fda_import_files_status_check');
  await knex.raw(
    `ALTER TABLE fda_import_files ADD CONSTRAINT fda_import_files_status_check
       CHECK (status IN ('QUEUED', 'RUNNING', 'DONE', 'FAILED'))`,
  );
  await knex.raw('UPDATE outbox_emails SET lease_until = NULL WHERE lease_until IS NOT NULL');
  await knex.raw('UPDATE preprocessor_jobs SET lease_until = NULL WHERE lease_until IS NOT NULL');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`UPDATE fda_import_files SET status = 'FAILED' WHERE status = 'QUEUED'`);
  await knex.raw('ALTER TABLE fda_import_files DROP CONSTRAINT fda_import_files_status_check');
  await knex.raw(
    `ALTER TABLE fda_import_files ADD CONSTRAINT fda_import_files_status_check
       CHECK (status IN ('RUNNING', 'DONE', 'FAILED'))`,
  );
}
