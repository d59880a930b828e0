import type { Knex } from 'knex';
import { type Actor, recordAudit, transaction } from '@portal/core';
import { HelpSettings } from '../models/HelpSettings.js';
import { assertOperator } from './common.js';

const FIELDS = [
  'contact_email',
  'contact_phone',
  'contact_address',
  'contact_hours',
  'knowledge_base_url',
  'faq_url',
  'contact_url',
] as const;
export type HelpInput = Partial<Record<(typeof FIELDS)[number], string>>;
export type HelpView = Record<(typeof FIELDS)[number], string | null>;

/** Contact information and help links (one row, the same for every user type). */
export async function getHelp(db: Knex): Promise<HelpView> {
  const row = await HelpSettings.query(db).findById(1).select(FIELDS);
  return Object.fromEntries(FIELDS.map((f) => [f, row?.[f] ?? null])) as HelpView;
}

/** Sets the fields sent (an empty text clears one); audited. */
export async function updateHelp(db: Knex, actor: Actor, input: HelpInput): Promise<HelpView> {
  assertOperator(actor);
  const values = Object.fromEntries(
    FIELDS.filter((f) => input[f] !== undefined).map((f) => [f, input[f]!.trim() || null]),
  );
  await transaction(db, async (trx) => {
    const before = await HelpSettings.query(trx).findById(1).forUpdate().select(FIELDS);
    await HelpSettings.query(trx)
      .findById(1)
      .patch({ ...values, updated_by: actor.userId });
    await recordAudit(trx, actor, {
      organizationId: null,
      action: 'HELP_SETTINGS_UPDATED',
      entityType: 'help_settings',
      entityId: 1,
      before: before ? { ...before } : null,
      after: values,
    });
  });
  return getHelp(db);
}
