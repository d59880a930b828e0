import type { WorklistItem, WorklistSection } from '../../api/worklist';
import { viewPath } from '../../shared/lists/providerRowActions';

/**
 * The tab of the notice view that each section's work is done on: Acknowledge is on the details, answers on the
 * actions tab, delegations on the delegates tab; an assigned notice opens on its details.
 */
export const SECTION_TAB: Record<WorklistSection, string> = {
  unacknowledged: 'details',
  awaiting: 'actions',
  overdue: 'actions',
  delegated: 'delegates',
  assigned: 'details',
};

/** Where an item of a section opens: the notice view at that section's tab. */
export function worklistItemPath(
  item: Pick<WorklistItem, 'type' | 'communication_id' | 'id'>,
  section: WorklistSection,
) {
  return `${viewPath(item)}?tab=${SECTION_TAB[section]}`;
}
