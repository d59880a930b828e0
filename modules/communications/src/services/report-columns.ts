import { vocabularyLabel } from '@portal/vocabulary';
import type { ReportColumn } from '@portal/core';
import type { AffectedLocationFields } from './locations.js';
import { fieldText, type ProductField } from './product-fields.js';

/**
 * Report columns that more than one report shows, defined once (one way to do each thing), beside the views
 * their rows come from. The supplier's reports (`@portal/reports`), the provider's downloads (`@portal/inbox`) and the
 * operator's Recalls Report pick from them, so a header or a width cannot drift between two files that show the same
 * thing. Each column reads only the fields it names, so any row that has them fits.
 */

/** An affected location as both the supplier's and the provider's Affected Locations Report open their rows. */
export type LocationColumnsRow = Omit<AffectedLocationFields, 'id'>;

export const affectedLocationColumns: ReportColumn<LocationColumnsRow>[] = [
  { header: 'Location ID', value: (r) => r.location_id, width: 16 },
  { header: 'Location Name', value: (r) => r.location_name, width: 32 },
  { header: 'IDN', value: (r) => r.idn },
  { header: 'Address 1', value: (r) => r.address1, width: 28 },
  { header: 'Address 2', value: (r) => r.address2 },
  { header: 'City', value: (r) => r.city },
  { header: 'State', value: (r) => r.state, width: 8 },
  { header: 'Zip', value: (r) => r.zip, width: 10 },
  { header: 'Type', value: (r) => r.type },
  { header: 'Email', value: (r) => r.email, width: 30 },
  { header: 'Status', value: (r) => vocabularyLabel('locationStatus', r.status), width: 14 },
];

/** When and who of a history row, the first columns of the Audit and both Change History reports. */
export interface HistoryActorRow {
  created_at: Date;
  actor_name: string | null;
  actor_email: string | null;
}

export const historyActorColumns: ReportColumn<HistoryActorRow>[] = [
  { header: 'Date', value: (r) => r.created_at, kind: 'datetime' },
  { header: 'User', value: (r) => r.actor_name ?? r.actor_email, width: 24 },
  { header: 'Email', value: (r) => r.actor_email, width: 28 },
];

/**
 * One column per custom product field, named by its label, wide enough for the label. `value` gives the cell:
 * a product's own value, or whatever the report shows for the field.
 */
export function productFieldColumns<R>(
  fields: ProductField[],
  value: (field: ProductField, row: R) => unknown,
): ReportColumn<R>[] {
  return fields.map((f) => ({ header: f.name, value: (r: R) => value(f, r), width: Math.max(14, f.name.length + 4) }));
}

/** A product's own value of a custom field, as text. */
export const ownFieldValue = (f: ProductField, r: { custom_fields?: Record<string, unknown> | null }): string =>
  fieldText(f, r.custom_fields?.[String(f.id)]);

/** An event and its tallies as the operator's Recalls Report and the Event Summary Report show them. */
export interface CommunicationColumnsRow {
  name: string;
  event_id: string | null;
  type: string;
  subtype: string | null;
  classification: string | null;
  event_date: string | null;
  /** Instants as pg reads them, or as epoch milliseconds where the statement selects them so (`epochMsSql`). */
  approved_at: Date | number | null;
  first_sent_at: Date | number | null;
  closed_at: Date | number | null;
  customers: number;
  acknowledged: number;
  completed: number;
}

/** Each report orders them its own way, between its own columns. */
export const communicationColumn: Record<
  | 'name'
  | 'eventId'
  | 'subtype'
  | 'classification'
  | 'eventDate'
  | 'approvedAt'
  | 'firstSentAt'
  | 'closedAt'
  | 'customers'
  | 'acknowledged'
  | 'completed',
  ReportColumn<CommunicationColumnsRow>
> = {
  name: { header: 'Event Name', value: (r) => r.name, width: 36 },
  eventId: { header: 'Event ID', value: (r) => r.event_id, width: 14 },
  subtype: {
    header: 'Subtype',
    value: (r) => vocabularyLabel(r.type === 'RECALL' ? 'recallSubtype' : 'disruptionSubtype', r.subtype),
    width: 18,
  },
  classification: {
    header: 'Classification',
    value: (r) => vocabularyLabel('classification', r.classification),
    width: 14,
  },
  eventDate: { header: 'Event Date', value: (r) => r.event_date, kind: 'date', width: 12 },
  approvedAt: { header: 'Approved At', value: (r) => r.approved_at, kind: 'datetime' },
  firstSentAt: { header: 'First Sent At', value: (r) => r.first_sent_at, kind: 'datetime' },
  closedAt: { header: 'Closed At', value: (r) => r.closed_at, kind: 'datetime' },
  customers: { header: 'Customers', value: (r) => r.customers, kind: 'number', width: 11 },
  acknowledged: { header: 'Acknowledged', value: (r) => r.acknowledged, kind: 'number', width: 13 },
  completed: { header: 'Completed', value: (r) => r.completed, kind: 'number', width: 11 },
};
