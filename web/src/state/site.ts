import { atomWithStorage } from 'jotai/utils';

export const SITE_STORAGE_KEY = 'portal.site';

/**
 * The site each provider user of a health system works on (the site switcher), by user id: absent for "the
 * organisation and all its sites". Kept locally, like the lists' saved filters.
 */
export const workingSitesAtom = atomWithStorage<Record<string, number>>(SITE_STORAGE_KEY, {}, undefined, {
  getOnInit: true,
});
