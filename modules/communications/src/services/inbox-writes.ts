import type { Knex } from 'knex';

/*
 * The writes the provider's inbox (`@portal/inbox`) makes on this module's answers and provider communications, in
 * the inbox's transaction. What it reads of them goes through the read views (read-views.ts).
 */

/**
 * Discards a user's draft answers on a provider communication, with the files the user uploaded to actions left
 * without anyone's answer (they were part of the draft). Returns how many files were discarded.
 */
export async function discardUserDrafts(
  trx: Knex.Transaction,
  providerCommunicationId: number,
  userId: number,
  draftIds: number[],
): Promise<number> {
  await trx('provider_responses').whereIn('id', draftIds).delete();
  const files = (await trx('response_files as f')
    .where({ 'f.provider_communication_id': providerCommunicationId, 'f.uploaded_by_user_id': userId })
    .whereNull('f.deleted_at')
    .whereNotExists(
      trx('provider_responses as r').whereRaw(
        'r.provider_communication_id = f.provider_communication_id AND r.action_id = f.action_id',
      ),
    )
    .update({ deleted_at: trx.fn.now() }, ['id'])) as { id: number }[];
  return files.length;
}

/** Moves a provider communication, with its answers, to another organisation of the provider (a site switch). */
export async function moveProviderCommunicationToOrganization(
  trx: Knex.Transaction,
  providerCommunicationId: number,
  organizationId: number,
): Promise<void> {
  await trx('provider_communications')
    .where({ id: providerCommunicationId })
    .update({ provider_organization_id: organizationId, updated_at: trx.fn.now() });
  await trx('provider_responses')
    .where({ provider_communication_id: providerCommunicationId })
    .update({ provider_organization_id: organizationId });
}
