import { DEFAULT_PAGE_SIZE, GRID_PAGE_SIZE_OPTIONS, type SortItem } from '@portal/design-system';
import type { SavedListDefaults } from './savedList';

/**
 * Spec 000 §3: saved filters and customised headers are kept per user and page, "with defaults per role (provider,
 * supplier, operator)". These are the provider's and operator's defaults, one entry per list page (the supplier's are
 * its pages' `useListState` defaults): what a list shows before its user saves anything, and what Reset goes back to.
 * Every filter starts at "All": the provider's Recalls filters are status, supplier, recall name (the search), site and
 * the rest of its filter bar; the operator's are category, status, provider status and supplier. The order is the one an
 * index serves at any size.
 */
const newestReceived: SortItem[] = [{ field: 'sent_at', direction: 'desc' }];
/** The server's own order (newest change first), served off an index across every tenant. */
const serverOrder: SortItem[] = [];

export const LIST_DEFAULTS = {
  // ---- provider ----
  'provider-recalls': { sort: newestReceived, filters: {} },
  'provider-advisories': { sort: newestReceived, filters: {} },
  'provider-er-responses': { sort: newestReceived, filters: {} },
  // ---- operator ----
  'operator-recalls': { sort: serverOrder, filters: {} },
  'operator-er-responses': { sort: serverOrder, filters: {} },
  'operator-fda-devices': { sort: serverOrder, filters: {} },
  'operator-fda-drugs': { sort: serverOrder, filters: {} },
  'operator-fda-device-enforcement': { sort: serverOrder, filters: {} },
} as const satisfies Record<string, SavedListDefaults<object>>;

export type ListPage = keyof typeof LIST_DEFAULTS;

/** A master list's defaults (operator master records, quick links): its grid's first page size, no filters. */
export function masterListDefaults<F extends object>(filters: F): SavedListDefaults<F> {
  return { sort: serverOrder, filters, pageSize: GRID_PAGE_SIZE_OPTIONS[0] };
}

/** The defaults of a list page with the page's own filters' starting values. */
export function listDefaults<F extends object>(page: ListPage, filters?: F): SavedListDefaults<F> {
  const d = LIST_DEFAULTS[page];
  return { sort: [...d.sort], filters: (filters ?? d.filters) as F, pageSize: DEFAULT_PAGE_SIZE };
}
