import type { ProviderListFilters } from '../../api/worklist';

const STATUSES = ['OPEN', 'CLOSED'] as const;
const RESPONSES = ['NOTCOMPLETED', 'COMPLETED', 'NOT_AFFECTED'] as const;
const CLASSIFICATIONS = ['CLASSI', 'CLASSII', 'CLASSIII', 'NOT_YET_CLASSIFIED'] as const;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

const oneOf = <T extends string>(list: readonly T[], value: unknown): T | undefined => list.find((v) => v === value);
const id = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : undefined;
const date = (value: unknown): string | undefined =>
  typeof value === 'string' && DATE.test(value) ? value : undefined;

/**
 * The provider list's own filters as saved (spec 000 §3), each checked again: a value the list no longer offers is
 * dropped rather than sent. The site is not among them: it is the working site (the header's site switcher).
 */
export function readProviderFilters(saved: Record<string, unknown>): ProviderListFilters {
  const owner = saved.ownerId === 'me' || saved.ownerId === 'none' ? saved.ownerId : id(saved.ownerId);
  const filters: ProviderListFilters = {
    status: oneOf(STATUSES, saved.status),
    responseStatus: oneOf(RESPONSES, saved.responseStatus),
    classification: oneOf(CLASSIFICATIONS, saved.classification),
    supplierId: id(saved.supplierId),
    ownerId: owner,
    overdue: saved.overdue === true ? true : undefined,
    dueFrom: date(saved.dueFrom),
    dueTo: date(saved.dueTo),
  };
  return Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined)) as ProviderListFilters;
}
