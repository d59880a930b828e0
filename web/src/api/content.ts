import { apiRequest, formData, useApi } from './client';
import type { RequestBody, ResponseData } from './contract';
import { listQuery, type ListState } from './provider';

/**
 * Platform content (docs/decisions.md "Content and quick links"): the operator manages news cards, FAQs and user
 * guides per user type under /notisphere/content/...; every signed-in user reads those of their own user type under
 * /content/....
 */
export type ContentEntry = ResponseData<'getNotisphereContentFaqsId'>;
export type ContentPage = ResponseData<'getNotisphereContentFaqs'>;
export type HelpSettings = ResponseData<'getContentContact'>;
export type ContentUserType = ContentEntry['user_type'];
export type ContentStatus = ContentEntry['status'];

/** The three kinds and their path segment. */
export const CONTENT_PATHS = { NEWS: 'news-cards', FAQ: 'faqs', GUIDE: 'user-guides' } as const;
export type ContentKind = keyof typeof CONTENT_PATHS;

const manage = (kind: ContentKind) => `/notisphere/content/${CONTENT_PATHS[kind]}`;

export function useContentPage(
  kind: ContentKind,
  state: ListState,
  filters: { user_type?: ContentUserType; status?: ContentStatus },
) {
  return useApi<ContentPage>(
    manage(kind),
    { ...listQuery(state, null), user_type: filters.user_type, status: filters.status },
    { swr: { keepPreviousData: true } },
  );
}

/** An entry's fields as the FAQ body takes them (cards and guides send the same fields as multipart). */
export type ContentInput = RequestBody<'postNotisphereContentFaqs'>;

/** Adds (id null) or edits an entry; cards and guides go as multipart with their file as the part `file`. */
export function saveContent(kind: ContentKind, id: number | null, input: ContentInput, file: File | null) {
  const path = id === null ? manage(kind) : `${manage(kind)}/${id}`;
  const method = id === null ? 'POST' : 'PUT';
  const fields = { ...input, sort_order: String(input.sort_order ?? 0) } as Record<string, string>;
  if (!input.status) delete fields.status;
  const body = kind === 'FAQ' ? input : formData(file ? { ...fields, file } : fields);
  return apiRequest<ContentEntry>(path, { method, body, errorModal: false });
}

export function setContentStatus(kind: ContentKind, id: number, status: ContentStatus) {
  return apiRequest<ContentEntry>(`${manage(kind)}/${id}/status`, {
    method: 'PUT',
    body: { status },
    errorModal: false,
  });
}

export function useHelpSettingsForEdit() {
  return useApi<HelpSettings>('/notisphere/content/contact');
}

export function saveHelpSettings(body: Partial<Record<keyof HelpSettings, string>>) {
  return apiRequest<HelpSettings>('/notisphere/content/contact', { method: 'PUT', body, errorModal: false });
}

// ---- reading (any signed-in user, their own user type) ----

export function useNewsCards() {
  return useApi<ContentEntry[]>('/content/news-cards', undefined, { errorModal: false });
}

export function useFaqs(search: string) {
  return useApi<ContentEntry[]>(
    '/content/faqs',
    { search: search.trim() || undefined },
    {
      swr: { keepPreviousData: true },
    },
  );
}

export function useUserGuides() {
  return useApi<ContentEntry[]>('/content/user-guides');
}

/** Contact information and help links; `quiet` (the sidebar's use) shows no error: the Help pages are the fallback. */
export function useHelpSettings(enabled = true, quiet = false) {
  return useApi<HelpSettings>(
    enabled ? '/content/contact' : null,
    undefined,
    quiet ? { errorModal: false, swr: { shouldRetryOnError: false, revalidateOnFocus: false } } : {},
  );
}
