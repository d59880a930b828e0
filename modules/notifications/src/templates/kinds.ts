/**
 * Every email the product sends, by template key: what it is, the placeholders its template may use (with sample
 * values for previews and test sends) and the platform's default wording in English and Vietnamese. The defaults
 * are today's emails word for word (English); the migration that creates the templates seeds them, so a later
 * change to a default here needs its own migration.
 */
import type { TemplateKind } from './catalog.js';
import { ACCOUNT_EMAILS } from './account-emails.js';
import { NOTICE_EMAILS } from './notice-emails.js';
import { WORKFLOW_EMAILS } from './workflow-emails.js';

export const TEMPLATE_KINDS: readonly TemplateKind[] = [...ACCOUNT_EMAILS, ...NOTICE_EMAILS, ...WORKFLOW_EMAILS];

export type TemplateKey = string;

const BY_KEY = new Map(TEMPLATE_KINDS.map((k) => [k.key, k]));

export function templateKind(key: string): TemplateKind | undefined {
  return BY_KEY.get(key);
}
