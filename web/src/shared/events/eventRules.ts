import {
  validate,
  type ColumnState,
  type FilterModel,
  type SortItem,
  type ValidationMessages,
} from '@portal/design-system';
import { POST_UPDATE_FIELDS, type PostUpdateField } from '../../api/communications';
import type {
  CommunicationAction,
  CommunicationInfo,
  CommunicationType,
  Product,
  ProductField,
} from '../../api/communications';

/** Pure rules of the event forms: wizard validation (spec §5), options, template actions, empty values. */

export type FieldErrors = Record<string, string | null>;

export function errorCount(errors: FieldErrors): number {
  return Object.values(errors).filter((e) => e !== null).length;
}

/** Step 0 (info): name and subtype always; classification for recalls; lead time for advisories; contact email and phone by format. */
export function validateInfo(
  info: CommunicationInfo,
  messages: ValidationMessages,
  endBeforeStart = 'End date cannot be before the event date.',
): FieldErrors {
  const opts = { messages };
  const recall = info.type === 'RECALL';
  return {
    name: validate(info.name, 'required', opts),
    subtype: validate(info.subtype ?? '', 'requiredSelect', opts),
    classification: recall ? validate(info.classification ?? '', 'requiredSelect', opts) : null,
    lead_time: recall ? null : validate(info.lead_time ?? '', 'requiredSelect', opts),
    description: validate(info.description ?? '', 'required_editor', opts),
    contact_email: info.contact_email ? validate(info.contact_email, 'email', opts) : null,
    contact_phone: info.contact_phone ? validate(info.contact_phone, 'phoneNumber', opts) : null,
    end_date: info.event_date && info.end_date && info.end_date < info.event_date ? endBeforeStart : null,
  };
}

/** Step 1 (products): at least one; each needs a name, a whole non-negative quantity when given, and its required custom fields. */
export function validateProducts(
  products: readonly Product[],
  fields: readonly ProductField[],
  messages: ValidationMessages,
): FieldErrors {
  const errors: FieldErrors = {};
  if (products.length === 0) errors.products = messages.required ?? 'Field required';
  products.forEach((p, i) => {
    errors[`${i}.product_name`] = validate(p.product_name, 'required', { messages });
    errors[`${i}.quantity`] =
      p.quantity === null || (Number.isInteger(p.quantity) && p.quantity >= 0)
        ? null
        : (messages.numeric ?? 'Only numeric values are accepted.');
    for (const field of fields) {
      if (!field.is_required) continue;
      const value = p.custom_fields[String(field.id)];
      errors[`${i}.custom.${field.id}`] = validate(value ?? '', 'required', { messages });
    }
  });
  return errors;
}

export const OPTION_TYPES: readonly string[] = ['Checkbox', 'MultipleChoice'];

/** Options typed one per line: trimmed, blanks dropped. */
export function parseOptions(text: string): string[] {
  return text
    .split('\n')
    .map((o) => o.trim())
    .filter((o) => o.length > 0);
}

export interface TemplateActionValues {
  title: string;
  action_type: string;
  options: string;
  description: string;
  is_required: boolean;
}

/** The body of a template action (supplier or provider) from its form values. */
export function templateActionBody(values: TemplateActionValues) {
  return {
    title: values.title.trim(),
    action_type: values.action_type,
    options: OPTION_TYPES.includes(values.action_type) ? parseOptions(values.options) : [],
    description: values.description.trim() || null,
    is_required: values.is_required,
  };
}

/** Step 2 (actions): at least one; each needs a title; Checkbox and MultipleChoice need distinct, non-blank options. */
export function validateActions(actions: readonly CommunicationAction[], messages: ValidationMessages): FieldErrors {
  const errors: FieldErrors = {};
  if (actions.length === 0) errors.actions = messages.required ?? 'Field required';
  actions.forEach((a, i) => {
    errors[`${i}.title`] = validate(a.title, 'required', { messages });
    if (OPTION_TYPES.includes(a.action_type)) {
      const options = a.options.map((o) => o.trim());
      const valid = options.length > 0 && options.every(Boolean) && new Set(options).size === options.length;
      errors[`${i}.options`] = valid ? null : (messages.required ?? 'Field required');
    }
  });
  return errors;
}

export interface TypedRecipient {
  name: string;
  email: string;
}

/** Step 3 (recipients): typed recipients need a name and a valid email; at least one recipient of any kind. */
export function validateRecipients(
  picked: { providers: number; locationFile: boolean; distributionList: boolean; existing: number },
  typed: readonly TypedRecipient[],
  messages: ValidationMessages,
): FieldErrors {
  const errors: FieldErrors = {};
  typed.forEach((r, i) => {
    errors[`${i}.name`] = validate(r.name, 'required', { messages });
    errors[`${i}.email`] = validate(r.email, 'required|email', { messages });
  });
  const any =
    picked.providers > 0 || picked.locationFile || picked.distributionList || picked.existing > 0 || typed.length > 0;
  errors.recipients = any ? null : (messages.required ?? 'Field required');
  return errors;
}

/** Blank strings → null, trimmed, as the step0 schema wants them. */
export function cleanInfo(info: CommunicationInfo): CommunicationInfo {
  const out = { ...info };
  for (const key of Object.keys(out) as (keyof CommunicationInfo)[]) {
    const value = out[key];
    if (typeof value === 'string' && key !== 'type') {
      const trimmed = value.trim();
      (out as Record<string, unknown>)[key] = trimmed === '' && key !== 'name' ? null : trimmed;
    }
  }
  if (out.type === 'RECALL') {
    out.lead_time = null;
    out.reason = null;
  } else {
    out.classification = null;
    out.disposition = null;
  }
  return out;
}

/** The post-approval changes: editable fields whose cleaned value differs from the saved one. */
export function postUpdateChanges(
  saved: CommunicationInfo,
  edited: CommunicationInfo,
): Partial<Pick<CommunicationInfo, PostUpdateField>> {
  const before = cleanInfo(saved);
  const after = cleanInfo(edited);
  const changes: Partial<Record<PostUpdateField, string | null>> = {};
  for (const field of POST_UPDATE_FIELDS) {
    if ((before[field] ?? null) !== (after[field] ?? null)) changes[field] = after[field] ?? null;
  }
  return changes as Partial<Pick<CommunicationInfo, PostUpdateField>>;
}

export function emptyInfo(type: CommunicationType): CommunicationInfo {
  return {
    type,
    name: '',
    subtype: null,
    event_id: null,
    classification: null,
    reason: null,
    description: '',
    disposition: null,
    lead_time: null,
    event_date: null,
    end_date: null,
    contact_name: null,
    contact_email: null,
    contact_phone: null,
  };
}

export function emptyProduct(): Product {
  return {
    product_name: '',
    catalog_number: null,
    lot_number: null,
    udi: null,
    description: null,
    expiration_date: null,
    quantity: null,
    custom_fields: {},
  };
}

export function emptyAction(): CommunicationAction {
  return { action_type: 'Acknowledge', title: '', description: null, options: [], is_required: true };
}

/** Move the item at `index` one place up (-1) or down (+1). */
export function shift<T>(items: readonly T[], index: number, by: -1 | 1): T[] {
  const to = index + by;
  if (to < 0 || to >= items.length) return items.slice();
  const copy = items.slice();
  const [moved] = copy.splice(index, 1);
  if (moved !== undefined) copy.splice(to, 0, moved);
  return copy;
}
