import { apiRequest, useApi } from './client';
import type { RequestBody, ResponseData } from './contract';

/** Email templates: the operator's (by id, /notisphere/email-templates) and a provider's overrides (by key). */

export type TemplateLanguage = NonNullable<RequestBody<'postNotisphereEmailTemplatesIdTestSend'>['language']>;

/** The editable content: subject and HTML body in each language (the save body). */
export type EmailTemplateContent = RequestBody<'putNotisphereEmailTemplatesId'>;

/** A row of the list (generated): the operator's carry the template id, a provider's say whether it has its own. */
export type EmailTemplateRow =
  | ResponseData<'getNotisphereEmailTemplates'>['data'][number]
  | ResponseData<'getProviderEmailTemplates'>['data'][number];

/** One template with its placeholders and versions (generated). */
export type EmailTemplateDetail = ResponseData<'getNotisphereEmailTemplatesId'>;
export type Placeholder = EmailTemplateDetail['placeholders'][number];
export type TemplateVersion = EmailTemplateDetail['versions'][number];

export type EmailPreview = ResponseData<'postNotisphereEmailTemplatesIdPreview'>;
export type RenderedEmail = EmailPreview[TemplateLanguage];

/** Where a template lives: the operator's platform template by id, or the provider's by key. */
export type TemplateScope = { side: 'operator'; id: number } | { side: 'provider'; key: string };

const base = (side: TemplateScope['side']) =>
  side === 'operator' ? '/notisphere/email-templates' : '/provider/email-templates';
const pathOf = (scope: TemplateScope) =>
  `${base(scope.side)}/${scope.side === 'operator' ? scope.id : encodeURIComponent(scope.key)}`;

export function useEmailTemplates(side: TemplateScope['side'], search: string) {
  return useApi<ResponseData<'getNotisphereEmailTemplates'> | ResponseData<'getProviderEmailTemplates'>>(
    base(side),
    { search },
    { swr: { keepPreviousData: true } },
  );
}

/** Template keys as the server names them (`NOTICE_REMINDER`); anything else in a URL is a page that does not exist. */
export const TEMPLATE_KEY = /^[A-Z_]{1,64}$/;

/** One template; a missing one is the page's not-found, not an error dialog. */
export function useEmailTemplate(scope: TemplateScope | null) {
  return useApi<EmailTemplateDetail>(scope ? pathOf(scope) : null, undefined, { errorModal: false });
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
  return apiRequest<ResponseData<'postNotisphereEmailTemplatesIdTestSend'>>(`${pathOf(scope)}/test-send`, {
    method: 'POST',
    body: content ? { language, content } : { language },
    errorModal: false,
  });
}
