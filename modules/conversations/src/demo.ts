import type { Knex } from 'knex';
import { communicationsView, providerCommunicationsView } from '@portal/communications';
import type { Config, FileStore } from '@portal/core';
import { actorByEmail } from '@portal/organizations';
import { postMessage, startConversation } from './services/conversation-writes.js';
import { providerParty, supplierParty } from './services/conversations.js';

/** The demo messages carry no files, so nothing is ever stored. */
const noFiles: FileStore = {
  put: () => Promise.reject(new Error('the demo conversation stores no files')),
  read: () => Promise.reject(new Error('no files')),
  stream: () => {
    throw new Error('no files');
  },
  size: async () => null,
  remove: async () => undefined,
};

/**
 * One conversation of the demo world (DESIGN §6), through the same services as the API: Acme asks Riverside about
 * its open recall and Riverside answers. Skipped when the demo world lacks any of them.
 */
export async function seedDemoConversations(db: Knex, config: Config): Promise<void> {
  const supplier = await actorByEmail(db, 'recalls@acme.demo');
  const provider = await actorByEmail(db, 'admin@riverside.demo');
  if (!supplier || !provider) return;
  const pc = (await db
    .from(providerCommunicationsView(db).as('pc'))
    .join(communicationsView(db).as('c'), 'c.id', 'pc.communication_id')
    .where({ 'c.organization_id': supplier.organizationId, 'c.type': 'RECALL', 'c.status': 'OPEN' })
    .where('pc.provider_organization_id', provider.organizationId)
    .orderBy('pc.id')
    .first('pc.id', 'pc.communication_id')) as { id: number; communication_id: number } | undefined;
  if (!pc) return;
  const thread = await startConversation(
    db,
    noFiles,
    config,
    await supplierParty(db, supplier, pc.communication_id),
    { pcId: pc.id, providerOrganizationId: provider.organizationId },
    { subject: 'Units found', message: 'How many units of the affected lot did you find at Riverside?' },
    [],
  );
  await postMessage(
    db,
    noFiles,
    config,
    await providerParty(db, provider, pc.communication_id, pc.id),
    thread.id,
    { message: 'We found 12 units and quarantined them. Could you send return labels?' },
    [],
  );
}
