import type { Knex } from 'knex';

/**
 * The delegates port: the supplier may delegate a provider communication's answers, but the delegates
 * (`provider_delegates`) are the inbox's, which depends on this module. The inbox registers how a delegate is
 * recorded when it loads; unregistered, a supplier delegation throws rather than write the inbox's table.
 */
export interface NewDelegate {
  organizationId: number;
  providerCommunicationId: number;
  communicationId: number;
  actionId: number | null;
  email: string;
  message: string | null;
  createdBy: number;
  noticeLinkId: number;
}

export type DelegateRecorder = (trx: Knex.Transaction, delegate: NewDelegate) => Promise<number>;

let recorder: DelegateRecorder | undefined;

export function registerDelegateRecorder(fn: DelegateRecorder): void {
  recorder = fn;
}

export function recordDelegate(trx: Knex.Transaction, delegate: NewDelegate): Promise<number> {
  if (!recorder) throw new Error('communications: no delegate recorder registered; the inbox module registers it');
  return recorder(trx, delegate);
}
