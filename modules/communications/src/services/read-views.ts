import type { Knex } from 'knex';
import type { ProviderCommunicationRow } from './provider-communications.js';

/*
 * Read views of this module's tables, one per table other modules read: plain sub-queries with a fixed projection
 * (the columns others may read), joined beside their own rows as `.join(providerCommunicationsView(db).as('pc'), …)`
 * or read as `db.from(answersView(db).as('r'))`, also inside raw SQL (`FROM ? r`, the view as the binding). Each is
 * one table and no DISTINCT, LIMIT, aggregate or window, so PostgreSQL pulls it up into the outer query: the plan is
 * the one of the same query naming the table, with the same filters and indexes (read-view-plans tests of the inbox
 * and the paper responses hold it). A filter in a view (live rows only) joins the outer query's filters. The
 * statements themselves live with the modules that need them. Pass the caller's `trx` inside a transaction.
 */

/** Communications: who sent what, of which type and class, in which state, and when. */
export function communicationsView(db: Knex): Knex.QueryBuilder {
  return db('communications').select(
    'id',
    'organization_id',
    'type',
    'subtype',
    'classification',
    'status',
    'name',
    'event_id',
    'event_date',
    'response_due_date',
    'approved_at',
    'first_sent_at',
    'closed_at',
    'fda_recall_numbers',
    'custom_content',
    // Its products' names and identifiers, for the lists' search (communications_search_trgm_idx).
    'product_search',
  );
}

/** A communication's list tallies, kept by triggers: active affected customers, sent, acknowledged, completed. */
export function talliesView(db: Knex): Knex.QueryBuilder {
  return db('communication_tallies').select('communication_id', 'customers', 'sent', 'acknowledged', 'completed');
}

/** Provider communications (one communication to one affected customer): sender, receiver, progress. */
export function providerCommunicationsView(db: Knex): Knex.QueryBuilder {
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
    'last_notified_at',
    'acknowledged_at',
    'acknowledged_by',
    'completed_at',
    'reminder_count',
    'created_at',
    'updated_at',
    'due_date',
    'not_affected_reason',
    'not_affected_by',
    'not_affected_at',
    // The event's classification rank (1 Class I .. 4 other), kept by a trigger: the worklist's order.
    'class_rank',
  );
}

/** Affected customers of communications: their name, emails, source and whether they are still on it. */
export function affectedCustomersView(db: Knex): Knex.QueryBuilder {
  return db('communication_affected_customers').select(
    'id',
    'communication_id',
    'organization_id',
    'provider_organization_id',
    'name',
    'emails',
    'source',
    'status',
  );
}

/** Affected locations of communications, with their customer and address. */
export function affectedLocationsView(db: Knex): Knex.QueryBuilder {
  return db('communication_affected_locations').select(
    'id',
    'communication_id',
    'organization_id',
    'affected_customer_id',
    'location_id',
    'location_name',
    'idn',
    'address1',
    'address2',
    'city',
    'state',
    'zip',
    'type',
    'email',
    'status',
  );
}

/** The actions of communications, every column, in the table's order (a provider-created communication's edit form). */
export function actionsView(db: Knex): Knex.QueryBuilder {
  return db('communication_actions').select(
    'id',
    'communication_id',
    'organization_id',
    'sort_order',
    'action_type',
    'title',
    'description',
    'options',
    'is_required',
    'is_disabled',
    'created_at',
    'updated_at',
    'per_unit',
    'due_date',
  );
}

/** The products of communications, every column, in the table's order (a provider-created communication's edit form). */
export function productsView(db: Knex): Knex.QueryBuilder {
  return db('communication_products').select(
    'id',
    'communication_id',
    'organization_id',
    'sort_order',
    'product_name',
    'catalog_number',
    'lot_number',
    'udi',
    'description',
    'expiration_date',
    'quantity',
    'custom_fields',
    'created_at',
    'updated_at',
  );
}

/** The rows of custom-content communications, each of one provider organisation. */
export function customRowsView(db: Knex): Knex.QueryBuilder {
  return db('communication_custom_rows').select(
    'id',
    'communication_id',
    'organization_id',
    'provider_organization_id',
    'customer_key',
    'sort_order',
    'product_name',
    'catalog_number',
    'lot_number',
    'serial_number',
    'udi',
    'quantity',
    'expiration_date',
    'custom_fields',
  );
}

/** The live (not removed) documents of communications, with what their signed links need. */
export function documentsView(db: Knex): Knex.QueryBuilder {
  return db('communication_documents')
    .whereNull('deleted_at')
    .select('id', 'communication_id', 'organization_id', 'kind', 'name', 'extension', 'mimetype', 'size', 'file_key');
}

/** The answers: one per provider communication and action (and person, for link answers), with their values. */
export function answersView(db: Knex): Knex.QueryBuilder {
  return db('provider_responses').select(
    'id',
    'provider_communication_id',
    'communication_id',
    'action_id',
    'supplier_organization_id',
    'provider_organization_id',
    'value',
    'status',
    'source',
    'responder_user_id',
    'responder_email',
    'submitted_at',
    'updated_at',
    'paper_response_id',
  );
}

/** The answers of per-unit actions, one per custom row. */
export function unitAnswersView(db: Knex): Knex.QueryBuilder {
  return db('provider_unit_answers').select(
    'id',
    'provider_communication_id',
    'communication_id',
    'action_id',
    'custom_row_id',
    'value',
    'paper_response_id',
  );
}

/** The live (not removed) answer files, with who uploaded them and what their signed links need. */
export function answerFilesView(db: Knex): Knex.QueryBuilder {
  return db('response_files')
    .whereNull('deleted_at')
    .select(
      'id',
      'provider_communication_id',
      'action_id',
      'supplier_organization_id',
      'paper_response_id',
      'name',
      'extension',
      'mimetype',
      'size',
      'file_key',
      'uploaded_by_email',
      'uploaded_by_user_id',
      'created_at',
    );
}

/** The history of communications: who did what, on which record, with the values before and after. */
export function historyView(db: Knex): Knex.QueryBuilder {
  return db('communication_history').select(
    'id',
    'communication_id',
    'organization_id',
    'provider_communication_id',
    'actor_user_id',
    'actor_email',
    'action',
    'entity_type',
    'entity_id',
    'before',
    'after',
    'is_change',
    'created_at',
  );
}

/** One provider communication, whatever its status, or undefined. */
export async function findProviderCommunication(db: Knex, id: number): Promise<ProviderCommunicationRow | undefined> {
  return (await db('provider_communications').where({ id }).first()) as ProviderCommunicationRow | undefined;
}
