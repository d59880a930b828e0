import type { Knex } from 'knex';

/**
 * Per-unit answers keyed in from a paper response: tagged with it, like its provider_responses rows, so
 * deleting the paper response removes them and an electronic unit answer is never overwritten by paper.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('provider_unit_answers', (t) => {
    t.bigInteger('paper_response_id').references('paper_responses.id').onDelete('SET NULL');
    t.index(['paper_response_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('provider_unit_answers', (t) => {
    t.dropColumn('paper_response_id');
  });
}
