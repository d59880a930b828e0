import { useLingui } from '@lingui/react/macro';
import { plural } from '@lingui/core/macro';
import { useWorklistCounts } from '../api/worklist';
import { isAllowed } from '../shared/session/permissions';
import type { UserType } from '../state/token';
import { findRoute } from './routes';

/** The worklist's permissions (any of), as its route declares them. */
const WORKLIST_PERMISSIONS = findRoute('/provider/worklist')?.route.permissions ?? [];

export interface MenuBadge {
  count: number;
  /** What the count means, for screen readers. */
  label: string;
}

/**
 * Counts the sidebar shows beside its entries, by menu id: the provider's Worklist shows the open notices that need the
 * team (not yet acknowledged, or acknowledged and awaiting answers: two sections that do not overlap). Read again
 * after every change to the provider's lists (the bulk actions, the notice view).
 */
export function useMenuBadges(userType: UserType | null, permissions: readonly string[]): Record<string, MenuBadge> {
  const { t } = useLingui();
  const worklist = userType === 'PROV' && isAllowed(permissions, WORKLIST_PERMISSIONS);
  const { data } = useWorklistCounts(worklist);
  if (!worklist || !data) return {};
  const count = (Number(data.unacknowledged) || 0) + (Number(data.awaiting) || 0);
  return {
    worklist: {
      count,
      label: t`${plural(count, { one: '# notice needs attention', other: '# notices need attention' })}`,
    },
  };
}
