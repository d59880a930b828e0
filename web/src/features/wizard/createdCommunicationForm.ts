import { validate, type ValidationMessages } from '@portal/design-system';
import type { CommunicationType } from '../../api/notices';
import type { ProviderEditData, ProviderCreatedCommunicationInfo } from '../../api/provider';

/** Pure rules of the provider's event form (spec §5). */

export type FieldErrors = Record<string, string | null>;

export function hasFieldErrors(errors: FieldErrors): boolean {
  return Object.values(errors).some((e) => e !== null);
}

/** The event form's values: every text as a string ('' = not given), dates as 'yyyy-MM-dd' or null. */
export interface CommunicationFormValues {
  name: string;
  subtype: string;
  event_id: string;
  classification: string;
  disposition: string;
  lead_time: string;
  reason: string;
  event_date: string | null;
  end_date: string | null;
  supplier_name: string;
  contact_name: string;
  contact_email: string;
  contact_phone: string;
  description: string;
}

export function emptyCommunicationForm(): CommunicationFormValues {
  return {
    name: '',
    subtype: '',
    event_id: '',
    classification: '',
    disposition: '',
    lead_time: '',
    reason: '',
    event_date: null,
    end_date: null,
    supplier_name: '',
    contact_name: '',
    contact_email: '',
    contact_phone: '',
    description: '',
  };
}

/** The edit form's values from GET /provider-edit/:id. */
export function communicationFormFromEdit(data: ProviderEditData): CommunicationFormValues {
  const c = data.communication;
  const text = (v: string | null | undefined) => v ?? '';
  const date = (v: string | null | undefined) => (v ? v.slice(0, 10) : null);
  return {
    name: c.name,
    subtype: text(c.subtype),
    event_id: text(c.event_id),
    classification: text(c.classification),
    disposition: text(c.disposition),
    lead_time: text(c.lead_time),
    reason: text(c.reason),
    event_date: date(c.event_date),
    end_date: date(c.end_date),
    supplier_name: text(c.supplier_name),
    contact_name: text(c.contact_name),
    contact_email: text(c.contact_email),
    contact_phone: text(c.contact_phone),
    description: text(c.description),
  };
}

/**
 * Field errors of the event form (spec §5): name and type always; classification for recalls, lead time for
 * advisories; email and phone by format when given; the end date not before the event date.
 */
export function validateCommunicationForm(
  values: CommunicationFormValues,
  type: CommunicationType,
  messages: ValidationMessages,
  endBeforeStart: string,
): FieldErrors {
  const opts = { messages };
  const recall = type === 'RECALL';
  const dated = (v: string | null) => (v && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : null);
  const start = dated(values.event_date);
  const end = dated(values.end_date);
  return {
    name: validate(values.name, 'required', opts),
    subtype: validate(values.subtype, 'requiredSelect', opts),
    classification: recall ? validate(values.classification, 'requiredSelect', opts) : null,
    lead_time: recall ? null : validate(values.lead_time, 'requiredSelect', opts),
    contact_email: validate(values.contact_email, 'email', opts),
    contact_phone: validate(values.contact_phone, 'phoneNumber', opts),
    end_date: start && end && end < start ? endBeforeStart : null,
  };
}

/** The request body of step0 / update-recall step 0: trimmed texts, blanks as null, fields of the other type dropped. */
export function communicationBody(
  values: CommunicationFormValues,
  type: CommunicationType,
): ProviderCreatedCommunicationInfo {
  const recall = type === 'RECALL';
  const opt = (v: string) => v.trim() || null;
  // The selects offer the vocabularies' codes only, so their values are codes.
  const code = <K extends 'subtype' | 'classification' | 'disposition' | 'lead_time' | 'reason'>(v: string) =>
    opt(v) as NonNullable<ProviderCreatedCommunicationInfo[K]> | null;
  const date = (v: string | null) => (v && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : null);
  return {
    type,
    name: values.name.trim(),
    subtype: code<'subtype'>(values.subtype),
    event_id: opt(values.event_id),
    classification: recall ? code<'classification'>(values.classification) : null,
    disposition: recall ? code<'disposition'>(values.disposition) : null,
    lead_time: recall ? null : code<'lead_time'>(values.lead_time),
    reason: recall ? null : code<'reason'>(values.reason),
    event_date: date(values.event_date),
    end_date: date(values.end_date),
    supplier_name: opt(values.supplier_name),
    contact_name: opt(values.contact_name),
    contact_email: opt(values.contact_email),
    contact_phone: opt(values.contact_phone),
    description: opt(values.description),
  };
}
