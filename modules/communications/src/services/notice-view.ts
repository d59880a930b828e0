import type { Knex } from 'knex';
import { vocabularyLabel } from '@portal/vocabulary';
import { customRowsOf } from './custom-content.js';
import { fieldValues, type ProductField, productFieldsOfCommunication } from './product-fields.js';
import { signedUrls, type RowOf } from '@portal/core';
import { findOrganizationCard, usersView } from '@portal/organizations';
import type { ActionType } from '../constants.js';
import type { CommunicationRow } from './access.js';
import type { AnswerValue } from './answers.js';
import type { NoticeContext, ProviderCommunicationRow } from './provider-communications.js';
import type { fileViewSchema } from '../notice-output-schemas.js';
import { daysLeft, dueFacts, today } from './due-dates.js';

// ---------- reading ----------

export interface ActionView {
  id: number;
  sort_order: number;
  action_type: ActionType;
  title: string;
  description: string | null;
  options: string[];
  is_required: boolean;
  is_disabled: boolean;
  /** Answered per customer row; `unit_answers` then holds the answers given so far, by row. */
  per_unit: boolean;
  /** Issue 32: the action's own due date, if it has one. */
  due_date: string | null;
  unit_answers: { row_id: number; value: AnswerValue }[];
  response: {
    status: 'DRAFT' | 'SUBMITTED';
    value: AnswerValue;
    responder_email: string | null;
    submitted_at: Date | null;
    updated_at: Date;
  } | null;
  files: FileView[];
}

export type FileView = RowOf<typeof fileViewSchema>;

type Words = { en: string; vi: string } | null;
/** The managed lookup values' words for the event's codes: public forms have no signed-in label load. */
export interface NoticeLabels {
  subtype: Words;
  classification: Words;
  reason: Words;
  disposition: Words;
  lead_time: Words;
}

export function noticeLabels(
  event: Pick<CommunicationRow, 'type' | 'subtype' | 'classification' | 'reason' | 'disposition' | 'lead_time'>,
): NoticeLabels {
  const words = (vocabulary: Parameters<typeof vocabularyLabel>[0], code: string | null): Words =>
    code ? { en: vocabularyLabel(vocabulary, code, 'en'), vi: vocabularyLabel(vocabulary, code, 'vi') } : null;
  return {
    subtype: words(event.type === 'RECALL' ? 'recallSubtype' : 'disruptionSubtype', event.subtype),
    classification: words('classification', event.classification),
    reason: words('reason', event.reason),
    disposition: words('disposition', event.disposition),
    lead_time: words('leadTime', event.lead_time),
  };
}

export interface NoticeView {
  communication: Pick<
    CommunicationRow,
    | 'id'
    | 'type'
    | 'subtype'
    | 'name'
    | 'event_id'
    | 'classification'
    | 'reason'
    | 'description'
    | 'disposition'
    | 'lead_time'
    | 'event_date'
    | 'end_date'
    | 'contact_name'
    | 'contact_email'
    | 'contact_phone'
    | 'status'
    | 'response_due_date'
  > & {
    supplier_name: string;
    organization_id: number;
    labels: NoticeLabels;
    /** Issue 32: days from today to the response-due date (negative once past; null without one). */
    days_left: number | null;
  };
  provider_communication: ProviderCommunicationRow & {
    /** Issue 32: the response-due date, the days left to it, and whether it is past with the notice open and unanswered. */
    due_date: string | null;
    days_left: number | null;
    overdue: boolean;
    customer_name: string;
    acknowledged_by_name: string | null;
    response_label: 'In Progress' | 'Completed';
    not_affected_reason: string | null;
    not_affected_at: Date | null;
  };
  /** Each product with `fields`: its custom field values in the spec's value fields. */
  products: Record<string, unknown>[];
  /** The custom fields the products are shown with (a column each), in order. */
  product_fields: ProductField[];
  actions: ActionView[];
  documents: FileView[];
  email: string;
}

export const fileView =
  (secret: string) =>
  (f: { id: number; name: string; extension: string; mimetype: string; size: number; file_key: string }): FileView => ({
    id: f.id,
    name: f.name,
    extension: f.extension,
    type: f.mimetype,
    size: Number(f.size),
    ...signedUrls(secret, f.file_key, f.name),
  });

export async function noticeView(db: Knex, secret: string, ctx: NoticeContext): Promise<NoticeView> {
  const { pc, event } = ctx;
  const [
    supplier,
    customer,
    products,
    actions,
    responses,
    files,
    documents,
    productFields,
    unitAnswers,
    acknowledger,
    now,
  ] = await Promise.all([
    findOrganizationCard(db, event.organization_id),
    db('communication_affected_customers').where({ id: pc.affected_customer_id }).first('name'),
    // A custom-content event shows each customer its own rows, never another's.
    event.custom_content
      ? customRowsOf(db, event, pc)
      : db('communication_products')
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
          ),
    db('communication_actions')
      .where({ communication_id: event.id })
      .orderBy(['sort_order', 'id'])
      .select(
        'id',
        'sort_order',
        'action_type',
        'title',
        'description',
        'options',
        'is_required',
        'is_disabled',
        'per_unit',
        'due_date',
      ),
    db('provider_responses')
      .where({ provider_communication_id: pc.id })
      .select('action_id', 'status', 'value', 'responder_email', 'submitted_at', 'updated_at'),
    db('response_files').where({ provider_communication_id: pc.id }).whereNull('deleted_at').orderBy('id'),
    db('communication_documents').where({ communication_id: event.id }).whereNull('deleted_at').orderBy('id'),
    productFieldsOfCommunication(db, event.id, event.organization_id),
    event.custom_content
      ? (db('provider_unit_answers')
          .where({ provider_communication_id: pc.id })
          .orderBy('id')
          .select('action_id', 'custom_row_id', 'value') as Promise<
          { action_id: number; custom_row_id: number; value: AnswerValue }[]
        >)
      : Promise.resolve([]),
    // Who acknowledged, by name when they have an account (a recipient without one is known by address only).
    pc.acknowledged_by
      ? (db
          .from(usersView(db).as('u'))
          .whereRaw('lower(u.email) = lower(?)', [pc.acknowledged_by])
          .first('first_name', 'last_name') as Promise<{ first_name: string; last_name: string } | undefined>)
      : Promise.resolve(undefined),
    today(db),
  ]);
  const toFile = fileView(secret);
  const acknowledgedByName = acknowledger
    ? `${acknowledger.first_name} ${acknowledger.last_name}`.trim() || null
    : null;
  return {
    communication: {
      id: event.id,
      type: event.type,
      subtype: event.subtype,
      name: event.name,
      event_id: event.event_id,
      classification: event.classification,
      reason: event.reason,
      description: event.description,
      disposition: event.disposition,
      lead_time: event.lead_time,
      event_date: event.event_date,
      end_date: event.end_date,
      response_due_date: event.response_due_date,
      days_left: daysLeft(event.response_due_date, now),
      contact_name: event.contact_name,
      contact_email: event.contact_email,
      contact_phone: event.contact_phone,
      status: event.status,
      supplier_name: (supplier as { name: string }).name,
      organization_id: event.organization_id,
      labels: noticeLabels(event),
    },
    provider_communication: {
      ...pc,
      // The event's date, which a trigger copies onto each provider communication (however `pc` was read).
      ...dueFacts({ status: pc.status, response_status: pc.response_status, due_date: event.response_due_date }, now),
      customer_name: (customer as { name: string } | undefined)?.name ?? '',
      acknowledged_by_name: acknowledgedByName,
      response_label: pc.response_status === 'COMPLETED' ? 'Completed' : 'In Progress',
      not_affected_reason: pc.not_affected_reason ?? null,
      not_affected_at: pc.not_affected_at ?? null,
    },
    products: (products as { custom_fields: Record<string, unknown> | null }[]).map((p) => ({
      ...p,
      fields: fieldValues(productFields, p.custom_fields),
    })),
    product_fields: productFields,
    actions: (actions as Omit<ActionView, 'response' | 'files' | 'unit_answers'>[]).map((a) => {
      const r = (
        responses as {
          action_id: number;
          status: 'DRAFT' | 'SUBMITTED';
          value: AnswerValue;
          responder_email: string | null;
          submitted_at: Date | null;
          updated_at: Date;
        }[]
      ).find((x) => x.action_id === a.id);
      return {
        ...a,
        unit_answers: unitAnswers
          .filter((u) => Number(u.action_id) === Number(a.id))
          .map((u) => ({ row_id: Number(u.custom_row_id), value: u.value })),
        response: r
          ? {
              status: r.status,
              value: r.value,
              responder_email: r.responder_email,
              submitted_at: r.submitted_at,
              updated_at: r.updated_at,
            }
          : null,
        files: (
          files as {
            id: number;
            action_id: number;
            name: string;
            extension: string;
            mimetype: string;
            size: number;
            file_key: string;
          }[]
        )
          .filter((f) => f.action_id === a.id)
          .map(toFile),
      };
    }),
    documents: (
      documents as { id: number; name: string; extension: string; mimetype: string; size: number; file_key: string }[]
    ).map(toFile),
    email: ctx.respondent.email,
  };
}
