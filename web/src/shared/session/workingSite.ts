import { useAtom, useAtomValue } from 'jotai';
import { authAtom } from '../../state/auth';
import { workingSitesAtom } from '../../state/site';
import { useMetaSites, type MetaSite } from '../../api/provider';
import { hasAnyPermission } from './permissions';

/** Who reads the provider lists (and so meta-sites): the list permissions of the provider's routes. */
export const PROVIDER_LIST_PERMISSIONS = [
  'Provider_ManageRecalls',
  'Provider_ManageDisruption',
  'Provider_ResponderRole',
];

/** Whether the signed-in person is a provider user who reads the lists. */
export function useReadsProviderLists(): boolean {
  const { userType, permissions } = useAtomValue(authAtom);
  return userType === 'PROV' && hasAnyPermission(permissions, PROVIDER_LIST_PERMISSIONS);
}

export interface WorkingSite {
  /** The organisation and its sites (meta-sites); undefined while loading or for someone who reads no lists. */
  sites: readonly MetaSite[] | undefined;
  /** meta-sites could not be read. */
  sitesError: unknown;
  /** The site (or the organisation itself) the lists show; null for the organisation and all its sites. */
  siteId: number | null;
  setSiteId: (siteId: number | null) => void;
}

/**
 * The site a provider user of a health system works on: chosen in the header's site switcher (or a list's Site filter,
 * the same choice), kept per user, and applied by the provider's lists. A saved site no longer among the
 * organisation's (a site removed since, another sign-in) counts as none.
 */
export function useWorkingSite(): WorkingSite {
  const reads = useReadsProviderLists();
  const { userId } = useAtomValue(authAtom);
  const [chosen, setChosen] = useAtom(workingSitesAtom);
  const { data, error: sitesError } = useMetaSites(reads);
  // Anything but a list (an answer of another shape) counts as no sites.
  const sites = data === undefined ? undefined : Array.isArray(data) ? data : [];
  const saved = userId ? chosen[userId] : undefined;
  const siteId = saved !== undefined && sites?.some((s) => s.id === saved) ? saved : null;
  return {
    sites,
    sitesError,
    siteId,
    setSiteId: (next) => {
      if (!userId) return;
      setChosen((all) => {
        const { [userId]: _previous, ...others } = all;
        return next === null ? others : { ...others, [userId]: next };
      });
    },
  };
}
