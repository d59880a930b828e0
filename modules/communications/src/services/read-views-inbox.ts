import type { Knex } from 'knex';
import type { ActionType } from '../constants.js';
import { type AffectedLocationFields, AFFECTED_LOCATION_COLUMNS } from './locations.js';

/*
 * What the provider's inbox (`@portal/inbox`) reads and writes of this module's tables: single records,
 * the inbox's own writes on answers, and read views joined by its lists. Pass the caller's `trx` inside a
 * transaction.
 */

/** The first live provider communication of an event among the given provider organisations, or undefined. */
export async function firstProviderCommunicationOf(
  db: Knex | Knex.Transaction,
  communicationId: number,
  providerOrganizationIds: number[],
): Promise<number | undefined> {
  const row = (await db('provider_communications')
    .where({ communication_id: communicationId })
    .whereIn('provider_organization_id', providerOrganizationIds)
    .whereNot({ status: 'DELETED' })
    .orderBy('id')
    .first('id')) as { id: number } | undefined;
  return row?.id;
}

/** One live answer file of the given provider organisations' notices (`onlyDelegates`: uploaded by a delegate). */
export async function findAnswerFileOfProviders<F>(
  db: Knex,
  fileId: number,
  providerOrganizationIds: number[],
  options: { onlyDelegates?: boolean } = {},
): Promise<(F & { provider_communication_id: number }) | undefined> {
  const q = db('response_files as f')
    .join('provider_communications as pc', 'pc.id', 'f.provider_communication_id')
    .where('f.id', fileId)
    .whereIn('pc.provider_organization_id', providerOrganizationIds)
    .whereNull('f.deleted_at')
    .first('f.*');
  if (options.onlyDelegates) q.whereNull('f.uploaded_by_user_id');
  return (await q) as (F & { provider_communication_id: number }) | undefined;
}

export interface OwnAnswer {
  id: number;
  action_id: number;
  status: 'DRAFT' | 'SUBMITTED';
  value: unknown;
}

/** The answers one user gave on a provider communication. */
export async function answersOfUser(
  db: Knex | Knex.Transaction,
  providerCommunicationId: number,
  userId: number,
): Promise<OwnAnswer[]> {
  return (await db('provider_responses')
    .where({ provider_communication_id: providerCommunicationId, responder_user_id: userId })
    .select('id', 'action_id', 'status', 'value')) as OwnAnswer[];
}

/**
 * Discards a user's draft answers on a provider communication, with the files the user uploaded to actions left
 * without anyone's answer (they were part of the draft). Returns how many files were discarded.
 */
export async function discardUserDrafts(
  trx: Knex.Transaction,
  providerCommunicationId: number,
  userId: number,
  draftIds: number[],
): Promise<number> {
  await trx('provider_responses').whereIn('id', draftIds).delete();
  const files = (await trx('response_files as f')
    .where({ 'f.provider_communication_id': providerCommunicationId, 'f.uploaded_by_user_id': userId })
    .whereNull('f.deleted_at')
    .whereNotExists(
      trx('provider_responses as r').whereRaw(
        'r.provider_communication_id = f.provider_communication_id AND r.action_id = f.action_id',
      ),
    )
    .update({ deleted_at: trx.fn.now() }, ['id'])) as { id: number }[];
  return files.length;
}

/** Provider communications as the inbox lists them: one notice to one customer, with its receiver and state. */
export function receivedProviderCommunicationsView(db: Knex): Knex.QueryBuilder {
  return db('provider_communications').select(
    'id',
    'communication_id',
    'supplier_organization_id',
    'provider_organization_id',
    'affected_customer_id',
    'communication_type',
    'status',
    'response_status',
    'extra_responders',
    'sent_at',
    'acknowledged_at',
    'acknowledged_by',
    'completed_at',
    'created_at',
    'updated_at',
  );
}

/** Events as the inbox shows them beside its rows. */
export function receivedCommunicationsView(db: Knex): Knex.QueryBuilder {
  return db('communications').select(
    'id',
    'organization_id',
    'type',
    'subtype',
    'classification',
    'status',
    'name',
    'event_id',
  );
}

/** The answers (one per provider communication, action and person), without their values. */
export function answersView(db: Knex): Knex.QueryBuilder {
  return db('provider_responses').select(
    'id',
    'provider_communication_id',
    'action_id',
    'status',
    'responder_user_id',
    'responder_email',
    'updated_at',
  );
}

export type CustomerLocationRow = AffectedLocationFields;

/** A page (keyset on id) of the affected locations of one customer of an event. */
export async function customerLocationsPage(
  db: Knex,
  communicationId: number,
  affectedCustomerId: number,
  after: number,
  size: number,
): Promise<CustomerLocationRow[]> {
  return (await db('communication_affected_locations as l')
    .where({ 'l.communication_id': communicationId, 'l.affected_customer_id': affectedCustomerId })
    .where('l.id', '>', after)
    .orderBy('l.id')
    .limit(size)
    .select(AFFECTED_LOCATION_COLUMNS)) as CustomerLocationRow[];
}

export interface ProviderCommunicationProductRow {
  id: number;
  product_name: string;
  catalog_number: string | null;
  lot_number: string | null;
  udi: string | null;
  description: string | null;
  expiration_date: string | null;
  quantity: number | null;
  custom_fields: Record<string, unknown>;
  serial_number?: string | null;
}

/**
 * The products a provider communication names, in the supplier's order, as one query to read through a cursor: the
 * event's products, or for a custom-content event the provider's own rows (none without an organisation).
 */
export function noticeProductsQuery(
  db: Knex,
  event: { id: number; custom_content?: boolean },
  providerOrganizationId: number | null,
): Knex.QueryBuilder {
  if (event.custom_content)
    return db('communication_custom_rows')
      .where({ communication_id: event.id, provider_organization_id: providerOrganizationId ?? 0 })
      .orderBy(['sort_order', 'id'])
      .select(
        'id',
        'product_name',
        'catalog_number',
        'lot_number',
        'serial_number',
        'udi',
        db.raw('NULL::text as description'),
        'expiration_date',
        'quantity',
        'custom_fields',
      );
  return db('communication_products')
    .where({ communication_id: event.id })
    .orderBy(['sort_order', 'id'])
    .select(
      'id',
      'product_name',
      'catalog_number',
      'lot_number',
      'udi',
      'description',
      'expiration_date',
      'quantity',
      'custom_fields',
    );
}

/** The per-unit actions of an event, in order. */
export async function perUnitActionsOf(
  db: Knex,
  communicationId: number,
): Promise<{ id: number; title: string; action_type: ActionType }[]> {
  return (await db('communication_actions')
    .where({ communication_id: communicationId, per_unit: true })
    .orderBy(['sort_order', 'id'])
    .select('id', 'title', 'action_type')) as { id: number; title: string; action_type: ActionType }[];
}

/** One action of an event, or undefined. */
export async function findCommunicationAction(
  db: Knex | Knex.Transaction,
  communicationId: number,
  actionId: number,
): Promise<{ id: number; title: string; action_type: ActionType; is_disabled: boolean } | undefined> {
  return (await db('communication_actions')
    .where({ id: actionId, communication_id: communicationId })
    .first('id', 'title', 'action_type', 'is_disabled')) as
    | { id: number; title: string; action_type: ActionType; is_disabled: boolean }
    | undefined;
}

export interface StoredFileRow {
  id: number;
  name: string;
  extension: string;
  mimetype: string;
  size: number;
  file_key: string;
}

/** One live answer file of a provider communication (its stored row), or undefined. */
export async function findAnswerFile(
  db: Knex,
  providerCommunicationId: number,
  fileId: number,
): Promise<(StoredFileRow & { action_id: number }) | undefined> {
  return (await db('response_files')
    .where({ id: fileId, provider_communication_id: providerCommunicationId })
    .whereNull('deleted_at')
    .first()) as (StoredFileRow & { action_id: number }) | undefined;
}

/** The live documents of an event (stored rows, by id), optionally of one kind or only one document. */
export async function communicationDocumentFiles(
  db: Knex,
  communicationId: number,
  only: { kind?: string; documentId?: number } = {},
): Promise<StoredFileRow[]> {
  const q = db('communication_documents').where({ communication_id: communicationId }).whereNull('deleted_at');
  if (only.kind !== undefined) q.where({ kind: only.kind });
  if (only.documentId !== undefined) q.where({ id: only.documentId });
  return (await q.orderBy('id')) as StoredFileRow[];
}

/** Moves a provider communication, with its answers, to another organisation of the provider (a site switch). */
export async function moveProviderCommunicationToOrganization(
  trx: Knex.Transaction,
  providerCommunicationId: number,
  organizationId: number,
): Promise<void> {
  await trx('provider_communications')
    .where({ id: providerCommunicationId })
    .update({ provider_organization_id: organizationId, updated_at: trx.fn.now() });
  await trx('provider_responses')
    .where({ provider_communication_id: providerCommunicationId })
    .update({ provider_organization_id: organizationId });
}

/**
 * Each responding person's answers to provider communications, grouped by provider communication and user (link
 * answers by email), as a derived table `(SELECT …)` with provider_communication_id, userid, responder_email,
 * responded_at and own_status: one grouped pass over the answers (provider_responses' (provider_communication_id,
 * action_id) index), for the lists to hash-join, rather than one aggregate per row. A person's status is ERROR when
 * one of their drafts can no longer be submitted as is (its action was disabled since, or it picks an option the
 * action no longer offers), else DRAFT while any draft remains, else SUBMITTED. A removed action takes its answers
 * with it (ON DELETE CASCADE). The pass reads the answers to the notices of the given provider organisations
 * (`scope`), to the given provider communications (`ids`), or every answer (`all`).
 */
export function responderGroups(
  db: Knex,
  answersOf: { scope: number[] } | { ids: number[] } | { idsFrom: Knex.Raw } | 'all',
): Knex.Raw {
  const where =
    answersOf === 'all'
      ? ''
      : 'scope' in answersOf
        ? 'WHERE r.provider_communication_id IN (SELECT s.id FROM provider_communications s WHERE s.provider_organization_id = ANY(?::bigint[]))'
        : 'ids' in answersOf
          ? 'WHERE r.provider_communication_id = ANY(?::bigint[])'
          : 'WHERE r.provider_communication_id = ANY(ARRAY(?))';
  const bindings =
    answersOf === 'all'
      ? []
      : ['scope' in answersOf ? answersOf.scope : 'ids' in answersOf ? answersOf.ids : answersOf.idsFrom];
  return db.raw(
    `(
  SELECT r.provider_communication_id, r.responder_user_id AS userid, min(r.responder_email) AS responder_email, max(r.updated_at) AS responded_at,
    CASE
      WHEN bool_or(r.status = 'DRAFT' AND (a.is_disabled OR (a.action_type IN ('Checkbox', 'MultipleChoice')
        AND NOT coalesce(r.value -> 'valueCheckbox', r.value -> 'valueMultiChoice', '[]'::jsonb) <@ a.options))) THEN 'ERROR'
      WHEN bool_or(r.status = 'DRAFT') THEN 'DRAFT'
      ELSE 'SUBMITTED'
    END AS own_status
  FROM provider_responses r JOIN communication_actions a ON a.id = r.action_id
  ${where}
  GROUP BY r.provider_communication_id, r.responder_user_id, CASE WHEN r.responder_user_id IS NULL THEN lower(r.responder_email) END
)`,
    bindings,
  );
}

/** An event's products, every column, in the supplier's order. */
export async function communicationProductRows(
  db: Knex | Knex.Transaction,
  communicationId: number,
): Promise<unknown[]> {
  return db('communication_products').where({ communication_id: communicationId }).orderBy(['sort_order', 'id']);
}

/** An event's actions, every column, in order. */
export async function communicationActionRows(
  db: Knex | Knex.Transaction,
  communicationId: number,
): Promise<unknown[]> {
  return db('communication_actions').where({ communication_id: communicationId }).orderBy(['sort_order', 'id']);
}

/** Whether anyone answered anything on a provider communication. */
export async function providerCommunicationHasAnswers(
  db: Knex | Knex.Transaction,
  providerCommunicationId: number,
): Promise<boolean> {
  return Boolean(
    await db('provider_responses').where({ provider_communication_id: providerCommunicationId }).first('id'),
  );
}
