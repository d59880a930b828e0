import { useAtomValue } from 'jotai';
import { apiRequest, formData, useApi } from './client';
import type { ResponseData } from './contract';
import { listQuery, type ListState } from './provider';
import { authAtom } from '../state/auth';

/** Organisation account link shown as an image in the header (provider and supplier users); generated. */
export type AccountLink = ResponseData<'getNotisphereQuickLinksAccountLinks'>[number];

/** The links targeted at the caller's organisation (GET /notisphere/quickLinks/account-links); a failing call means no links. */
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

// ---- the operator's management (spec 001 §7.12; operator-only on the server) ----

const BASE = '/notisphere/quickLinks';
export type QuickLink = ResponseData<'getNotisphereQuickLinksId'>;
export type QuickLinkPage = ResponseData<'getNotisphereQuickLinks'>;
export type QuickLinkMeta = ResponseData<'getNotisphereQuickLinksMeta'>;
export type QuickLinkStatus = QuickLink['status'];

/** The list with its two filters: status, and url (matching the address or a targeted organisation's name). */
export function useQuickLinks(state: ListState, filters: { status?: QuickLinkStatus; url?: string }) {
  return useApi<QuickLinkPage>(
    BASE,
    { ...listQuery(state, null), status: filters.status, url: filters.url?.trim() || undefined },
    { swr: { keepPreviousData: true } },
  );
}

export function useQuickLinkMeta() {
  return useApi<QuickLinkMeta>(`${BASE}/meta`);
}

export interface QuickLinkInput {
  id?: number;
  url: string;
  organization_ids: number[];
  status?: QuickLinkStatus;
}

/** POST /create: a new link (image required) or, with `id`, an edit (a new image optional). */
export function saveQuickLink(input: QuickLinkInput, image: File | null) {
  const fields: Record<string, string | Blob> = {
    url: input.url.trim(),
    organization_ids: input.organization_ids.join(','),
  };
  if (input.id) fields.id = String(input.id);
  if (input.status) fields.status = input.status;
  if (image) fields.file = image;
  return apiRequest<QuickLink>(`${BASE}/create`, { method: 'POST', body: formData(fields), errorModal: false });
}

/** PUT /delete/{id}: the link stops showing (INACTIVE). */
export function deleteQuickLink(id: number) {
  return apiRequest<QuickLink>(`${BASE}/delete/${id}`, { method: 'PUT', body: {}, errorModal: false });
}
