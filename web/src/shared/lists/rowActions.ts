/** Which actions a row offers by its status (spec §4), and the view page's header actions. */

export type CommunicationRowAction = 'view' | 'edit' | 'delete';

/** Recall and advisory rows (spec §4): CLOSED → View; OPEN → View, Edit; any other status → View, Edit, Delete. */
export function communicationRowActions(status: string | null | undefined): CommunicationRowAction[] {
  if (status === 'CLOSED') return ['view'];
  if (status === 'OPEN') return ['view', 'edit'];
  return ['view', 'edit', 'delete'];
}

export type MasterRowAction = 'edit' | 'inactivate' | 'activate' | 'delete';

/**
 * Master records (spec §4): ACTIVE → Edit, Inactivate; a pending record (stt PENDING) → Edit, Delete; any other →
 * Activate only. A record in use is inactivated, not deleted, so its history keeps its name.
 */
export function masterRowActions(status: string | null | undefined): MasterRowAction[] {
  if (status === 'ACTIVE') return ['edit', 'inactivate'];
  if (status === 'PENDING') return ['edit', 'delete'];
  return ['activate'];
}

/** Header actions of the view page by event status (decisions.md: DRAFT → OPEN → CLOSED ⇄ OPEN; delete drafts only). */
export function headerActions(
  status: string | null | undefined,
): ('approve' | 'send' | 'close' | 'reopen' | 'delete' | 'edit')[] {
  if (status === 'DRAFT') return ['edit', 'approve', 'delete'];
  if (status === 'OPEN') return ['edit', 'send', 'close'];
  if (status === 'CLOSED') return ['reopen'];
  return [];
}
