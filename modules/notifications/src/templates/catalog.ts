import type { RowOf } from '@portal/core';
import type { templateDetail } from './output-schemas.js';
/** The shapes of the email catalogue (kinds.ts): its languages, a kind's placeholders and default wording. */
export const TEMPLATE_LANGUAGES = ['en', 'vi'] as const;
export type TemplateLanguage = (typeof TEMPLATE_LANGUAGES)[number];

export type Placeholder = RowOf<(typeof templateDetail)['properties']['placeholders']['items']>;

export interface TemplateContent {
  subject: string;
  body: string;
}

export interface TemplateKind {
  key: string;
  name: string;
  description: string;
  /** The outbox `kind` of the emails built from it. */
  outboxKind: string;
  /** A provider may override it for the mail its own users receive (internal notification and workflow mail). */
  providerOverridable: boolean;
  placeholders: Placeholder[];
  defaults: Record<TemplateLanguage, TemplateContent>;
}

/** The sample values of a kind's placeholders (previews and test sends). */
export function sampleValues(kind: TemplateKind): Record<string, string> {
  return Object.fromEntries(kind.placeholders.map((ph) => [ph.name, ph.sample]));
}
