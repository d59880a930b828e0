import { apiRequest, useApi } from './client';

/** Email templates: the operator's (by id, /notisphere/email-templates) and a provider's overrides (by key). */

export type TemplateLanguage = 'en' | 'vi';

export interface EmailTemplateContent {
  subject_en: string;
  body_en: string;
  subject_vi: string;
  body_vi: string;
}

export interface EmailTemplateRow {
  id?: number | null;
  key: string;
  name: string;
  description: string;
  provider_overridable: boolean;
  subject_en: string | null;
  subject_vi: string | null;
  version: number | null;
  updated_at: string | null;
  /** Provider list only: the provider has its own version. */
  overridden?: boolean;
}

export interface Placeholder {
  name: string;
  description: string;
  sample: string;
}

export interface TemplateVersion extends EmailTemplateContent {
  id: number;
  version: number;
  created_at: string;
  created_by_email: string | null;
}

export interface EmailTemplateDetail extends EmailTemplateContent {
  id: number;
  key: string;
  name: string;
  description: string;
  provider_overridable: boolean;
  version: number;
  updated_at: string;
  placeholders: Placeholder[];
  versions: TemplateVersion[];
  overridden?: boolean;
}

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

export type EmailPreview = Record<TemplateLanguage, RenderedEmail>;

/** Where a template lives: the operator's platform template by id, or the provider's by key. */
export type TemplateScope = { side: 'operator'; id: number } | { side: 'provider'; key: string };

const base = (side: TemplateScope['side']) =>
  side === 'operator' ? '/notisphere/email-templates' : '/provider/email-templates';
const pathOf = (scope: TemplateScope) =>
  `${base(scope.side)}/${scope.side === 'operator' ? scope.id : encodeURIComponent(scope.key)}`;

export function useEmailTemplates(side: TemplateScope['side'], search: string) {
  return useApi<{ data: EmailTemplateRow[]; total: number }>(
    base(side),
    { search },
    { swr: { keepPreviousData: true } },
  );
}

export function useEmailTemplate(scope: TemplateScope | null) {
  return useApi<EmailTemplateDetail>(scope ? pathOf(scope) : null);
}

export function saveEmailTemplate(scope: TemplateScope, content: EmailTemplateContent) {
  return apiRequest<EmailTemplateDetail>(pathOf(scope), { method: 'PUT', body: content, errorModal: false });
}

/** Provider only: sets its own version aside, back to the platform's. */
export function resetEmailTemplate(key: string) {
  return apiRequest<EmailTemplateDetail>(`/provider/email-templates/${encodeURIComponent(key)}`, {
    method: 'DELETE',
    errorModal: false,
  });
}

export function previewEmailTemplate(scope: TemplateScope, content?: EmailTemplateContent) {
  return apiRequest<EmailPreview>(`${pathOf(scope)}/preview`, {
    method: 'POST',
    body: content ? { content } : {},
    errorModal: false,
  });
}

export function testSendEmailTemplate(
  scope: TemplateScope,
  language: TemplateLanguage,
  content?: EmailTemplateContent,
) {
  return apiRequest<{ outbox_id: number; to: string }>(`${pathOf(scope)}/test-send`, {
    method: 'POST',
    body: content ? { language, content } : { language },
    errorModal: false,
  });
}
