import type { Knex } from 'knex';

/**
 * The arrival port (issue 38, item 4): what else happens when a send creates provider communications (a notice arrives
 * at a provider). The item master's matching (@portal/inventory, which depends on this module) registers a listener
 * that adds its job; the send calls every listener inside its transaction, so the job exists exactly when the notices
 * do. With no listener (a process that loads no matching), nothing else happens.
 */
export interface NoticesArrived {
  communicationId: number;
  /** The provider communications this send created. */
  providerCommunicationIds: number[];
}

export type ArrivalListener = (trx: Knex.Transaction, arrived: NoticesArrived) => Promise<void>;

const listeners: ArrivalListener[] = [];

export function registerArrivalListener(listener: ArrivalListener): void {
  if (!listeners.includes(listener)) listeners.push(listener);
}

export async function noticesArrived(trx: Knex.Transaction, arrived: NoticesArrived): Promise<void> {
  if (!arrived.providerCommunicationIds.length) return;
  for (const listener of listeners) await listener(trx, arrived);
}
