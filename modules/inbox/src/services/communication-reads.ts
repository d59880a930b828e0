import type { Knex } from 'knex';
import {
  type ActionType,
  actionsView,
  AFFECTED_LOCATION_COLUMNS,
  affectedLocationsView,
  answerFilesView,
  answersView,
  communicationsView,
  customRowsView,
  documentsView,
  type LocationColumnsRow,
  productsView,
  providerCommunicationsView,
} from '@portal/communications';

/*
 * What the inbox reads of communications' rows, through the read views communications exports (one per table, plain
 * sub-queries PostgreSQL pulls up: each statement keeps the filters and indexes it had on the tables). Its writes on
 * them are communications' functions. Pass the caller's `trx` inside a transaction.
 */

/** The first live provider communication of a communication among the given provider organisations, or undefined. */
export async function firstProviderCommunicationOf(
  db: Knex,
  communicationId: number,
  providerOrganizationIds: number[],
): Promise<number | undefined> {
  const row = (await db
    .from(providerCommunicationsView(db).as('pc'))
    .where({ communication_id: communicationId })
    .whereIn('provider_organization_id', providerOrganizationIds)
    .whereNot({ status: 'DELETED' })
    .orderBy('id')
    .first('id')) as { id: number } | undefined;
  return row?.id;
}

/** One live answer file of the given provider organisations' provider communications (`onlyDelegates`: a delegate's). */
export async function findAnswerFileOfProviders<F>(
  db: Knex,
  fileId: number,
  providerOrganizationIds: number[],
  options: { onlyDelegates?: boolean } = {},
): Promise<(F & { provider_communication_id: number }) | undefined> {
  const q = db
    .from(answerFilesView(db).as('f'))
    .join(providerCommunicationsView(db).as('pc'), 'pc.id', 'f.provider_communication_id')
    .where('f.id', fileId)
    .whereIn('pc.provider_organization_id', providerOrganizationIds)
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
export async function answersOfUser(db: Knex, providerCommunicationId: number, userId: number): Promise<OwnAnswer[]> {
  return (await db
    .from(answersView(db).as('r'))
    .where({ provider_communication_id: providerCommunicationId, responder_user_id: userId })
    .select('id', 'action_id', 'status', 'value')) as OwnAnswer[];
}

/** Whether anyone answered anything on a provider communication. */
export async function providerCommunicationHasAnswers(db: Knex, providerCommunicationId: number): Promise<boolean> {
  return Boolean(
    await db.from(answersView(db).as('r')).where({ provider_communication_id: providerCommunicationId }).first('id'),
  );
}

export type CustomerLocationRow = LocationColumnsRow & { id: number };

/** A page (keyset on id) of the affected locations of one customer of a communication. */
export async function customerLocationsPage(
  db: Knex,
  communicationId: number,
  affectedCustomerId: number,
  after: number,
  size: number,
): Promise<CustomerLocationRow[]> {
  return (await db
    .from(affectedLocationsView(db).as('l'))
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
 * communication's products, or for a custom-content one the provider's own rows (none without an organisation).
 */
export function noticeProductsQuery(
  db: Knex,
  event: { id: number; custom_content?: boolean },
  providerOrganizationId: number | null,
): Knex.QueryBuilder {
  if (event.custom_content)
    return db
      .from(customRowsView(db).as('r'))
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
  return db
    .from(productsView(db).as('p'))
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

/** A communication's products, every column, in the supplier's order. */
export async function communicationProductRows(db: Knex, communicationId: number): Promise<unknown[]> {
  return db.from(productsView(db).as('p')).where({ communication_id: communicationId }).orderBy(['sort_order', 'id']);
}

/** A communication's actions, every column, in order. */
export async function communicationActionRows(db: Knex, communicationId: number): Promise<unknown[]> {
  return db.from(actionsView(db).as('a')).where({ communication_id: communicationId }).orderBy(['sort_order', 'id']);
}

/** The per-unit actions of a communication, in order. */
export async function perUnitActionsOf(
  db: Knex,
  communicationId: number,
): Promise<{ id: number; title: string; action_type: ActionType }[]> {
  return (await db
    .from(actionsView(db).as('a'))
    .where({ communication_id: communicationId, per_unit: true })
    .orderBy(['sort_order', 'id'])
    .select('id', 'title', 'action_type')) as { id: number; title: string; action_type: ActionType }[];
}

/** One action of a communication, or undefined. */
export async function findCommunicationAction(
  db: Knex,
  communicationId: number,
  actionId: number,
): Promise<{ id: number; title: string; action_type: ActionType; is_disabled: boolean } | undefined> {
  return (await db
    .from(actionsView(db).as('a'))
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
  return (await db
    .from(answerFilesView(db).as('f'))
    .where({ id: fileId, provider_communication_id: providerCommunicationId })
    .first()) as (StoredFileRow & { action_id: number }) | undefined;
}

/** The live documents of a communication (stored rows, by id), optionally of one kind or only one document. */
export async function communicationDocumentFiles(
  db: Knex,
  communicationId: number,
  only: { kind?: string; documentId?: number } = {},
): Promise<StoredFileRow[]> {
  const q = db.from(documentsView(db).as('d')).where({ communication_id: communicationId });
  if (only.kind !== undefined) q.where({ kind: only.kind });
  if (only.documentId !== undefined) q.where({ id: only.documentId });
  return (await q.orderBy('id')) as StoredFileRow[];
}

/**
 * What the communications a provider received name (the provider's FDA card): their suppliers and their FDA recall
 * numbers, over live provider communications of sent communications.
 */
export async function receivedCommunicationTraits(
  db: Knex,
  providerOrganizationIds: number[],
): Promise<{ supplierIds: number[]; recallNumbers: string[] }> {
  const received = () =>
    db
      .from(providerCommunicationsView(db).as('pc'))
      .join(communicationsView(db).as('c'), 'c.id', 'pc.communication_id')
      .whereIn('pc.provider_organization_id', providerOrganizationIds)
      .whereNot('pc.status', 'DELETED')
      .whereIn('c.status', ['OPEN', 'CLOSED']);
  const [suppliers, numbers] = await Promise.all([
    received().distinct('pc.supplier_organization_id') as Promise<{ supplier_organization_id: number }[]>,
    received()
      .whereRaw(`c.fda_recall_numbers <> '{}'`)
      .distinct(db.raw('unnest(c.fda_recall_numbers) AS recall_number')) as Promise<{ recall_number: string }[]>,
  ]);
  return {
    supplierIds: suppliers.map((s) => Number(s.supplier_organization_id)),
    recallNumbers: numbers.map((n) => n.recall_number),
  };
}
