import type { Knex } from 'knex';
import type { TemplateLanguage } from '@portal/notifications';

/** The language preference of the users behind these (lower-cased) addresses; addresses with no account are absent. */
export async function userLanguages(
  db: Knex | Knex.Transaction,
  emails: readonly string[],
): Promise<Map<string, TemplateLanguage>> {
  const rows = (await db('users')
    .whereRaw('lower(email) = any(?)', [[...emails]])
    .select(db.raw('lower(email) as email'), 'language')) as { email: string; language: TemplateLanguage }[];
  return new Map(rows.map((r) => [r.email, r.language]));
}
