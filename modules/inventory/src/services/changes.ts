import type { Knex } from 'knex';

/**
 * A port (docs/architecture.md §2): what should happen when an organisation's item master or purchase history changes
 * (matching recalls again, issue 38 item 4). The matching module registers its listener when it loads; the import
 * calls every listener inside the transaction that finishes it (so a job the listener adds exists exactly when the
 * change commits). With no listener, nothing else happens.
 */
export interface InventoryChange {
  organizationId: number;
  kind: 'items' | 'purchases';
  importId: number;
  created: number;
  updated: number;
}

export type InventoryChangeListener = (trx: Knex.Transaction, change: InventoryChange) => Promise<void>;

const listeners: InventoryChangeListener[] = [];

export function registerInventoryChangeListener(listener: InventoryChangeListener): void {
  if (!listeners.includes(listener)) listeners.push(listener);
}

export async function inventoryChanged(trx: Knex.Transaction, change: InventoryChange): Promise<void> {
  for (const listener of listeners) await listener(trx, change);
}
