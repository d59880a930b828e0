import { useAtomValue } from 'jotai';
import { useApi } from './client';
import { authAtom } from '../state/auth';

/** Organisation account link shown as an image in the header (provider and supplier users). */
export interface AccountLink {
  path: string;
  url: string;
}

/** A failing call (the endpoint may not exist yet) simply means no links. */
export function useAccountLinks(): AccountLink[] {
  const { isAuth, userType } = useAtomValue(authAtom);
  const enabled = isAuth && (userType === 'PROV' || userType === 'SUPP');
  const { data, error } = useApi<unknown>(enabled ? '/notisphere/quickLinks/account-links' : null, undefined, {
    errorModal: false,
    swr: { shouldRetryOnError: false, revalidateOnFocus: false },
  });
  if (error) return [];
  return accountLinksFrom(data);
}

/** Accepts a plain list or a list answer ({ items }); anything else means no links. */
export function accountLinksFrom(data: unknown): AccountLink[] {
  const list = Array.isArray(data)
    ? data
    : typeof data === 'object' && data !== null && Array.isArray((data as { items?: unknown }).items)
      ? (data as { items: unknown[] }).items
      : [];
  return list.filter(
    (x): x is AccountLink =>
      typeof x === 'object' &&
      x !== null &&
      typeof (x as AccountLink).path === 'string' &&
      typeof (x as AccountLink).url === 'string',
  );
}
