import type { Knex } from 'knex';
import { registerArrivalListener } from '@portal/communications';
import type { ModuleDeps } from '@portal/core';
import { registerInventoryChangeListener } from './changes.js';
import { enqueueEventMatching, enqueueOrganizationMatching, INVENTORY_MATCH_QUEUE } from './matching-runs.js';

/*
 * Matching's two triggers, registered when the module is made: a notice arrives (communications' arrival port) and an
 * item master changes (this module's change port). Each adds the job in the transaction that caused it, and once that
 * commits asks this process's workers to take it at once (other replicas find it at their next poll).
 */

let jobs: ModuleDeps['jobs'] | undefined;

function wakeAfter(trx: Knex.Transaction): void {
  const queue = jobs;
  if (!queue) return;
  trx.executionPromise.then(
    () => queue.wake(INVENTORY_MATCH_QUEUE),
    () => undefined,
  );
}

export function setUpMatching(deps: Pick<ModuleDeps, 'jobs'>): void {
  jobs = deps.jobs;
  registerArrivalListener(arrived);
  registerInventoryChangeListener(changed);
}

async function arrived(trx: Knex.Transaction, a: { communicationId: number }): Promise<void> {
  await enqueueEventMatching(trx, a.communicationId);
  wakeAfter(trx);
}

async function changed(trx: Knex.Transaction, c: { organizationId: number }): Promise<void> {
  await enqueueOrganizationMatching(trx, c.organizationId);
  wakeAfter(trx);
}
