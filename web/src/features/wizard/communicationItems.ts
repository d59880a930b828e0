import { validate, type ValidationMessages } from '@portal/design-system';
import { ACTION_TYPES, type ActionType, type CommunicationAction } from '../../api/communications';
import type {
  ProviderEditData,
  ProviderCreatedCommunicationAction,
  ProviderCreatedCommunicationProduct,
} from '../../api/provider';
import { OPTION_TYPES, validateActions } from '../../shared/events/eventRules';
import type { FieldErrors } from './createdCommunicationForm';

/**
 * Products (update-recall step 1) and actions (step 2) of a provider-created event. Unlike the supplier wizard an
 * internal event may have no product and no action, so only the rows are checked, never their count.
 */

/** A product row as the form holds it: texts as strings ('' = not given), the quantity as typed. */
export interface ProductRow {
  product_name: string;
  catalog_number: string;
  lot_number: string;
  udi: string;
  description: string;
  expiration_date: string | null;
  quantity: string;
}

export function emptyProductRow(): ProductRow {
  return {
    product_name: '',
    catalog_number: '',
    lot_number: '',
    udi: '',
    description: '',
    expiration_date: null,
    quantity: '',
  };
}

const text = (v: string | null | undefined) => v ?? '';
const day = (v: string | null | undefined) => (v ? v.slice(0, 10) : null);

export function productRowsFromEdit(data: Pick<ProviderEditData, 'products'>): ProductRow[] {
  return (data.products ?? []).map((p) => ({
    product_name: p.product_name,
    catalog_number: text(p.catalog_number),
    lot_number: text(p.lot_number),
    udi: text(p.udi),
    description: text(p.description),
    expiration_date: day(p.expiration_date),
    quantity: p.quantity === null || p.quantity === undefined ? '' : String(p.quantity),
  }));
}

/** Each product needs a name; a quantity, when given, is digits only. Keys: `${index}.product_name`, `${index}.quantity`. */
export function validateProductRows(rows: readonly ProductRow[], messages: ValidationMessages): FieldErrors {
  const errors: FieldErrors = {};
  rows.forEach((p, i) => {
    errors[`${i}.product_name`] = validate(p.product_name, 'required', { messages });
    errors[`${i}.quantity`] = validate(p.quantity, 'numeric', { messages });
  });
  return errors;
}

/** The body of update-recall step 1: trimmed texts, blanks as null, the quantity as a number. */
export function productsBody(rows: readonly ProductRow[]): ProviderCreatedCommunicationProduct[] {
  const opt = (v: string) => v.trim() || null;
  return rows.map((p) => ({
    product_name: p.product_name.trim(),
    catalog_number: opt(p.catalog_number),
    lot_number: opt(p.lot_number),
    udi: opt(p.udi),
    description: opt(p.description),
    expiration_date: p.expiration_date && /^\d{4}-\d{2}-\d{2}$/.test(p.expiration_date) ? p.expiration_date : null,
    quantity: p.quantity.trim() === '' ? null : Number(p.quantity.trim()),
  }));
}

/** An action row is the supplier wizard's action (options one per line while typing). */
export type ActionRow = CommunicationAction;

function isActionType(value: string): value is ActionType {
  return (ACTION_TYPES as readonly string[]).includes(value);
}

/** Options are a jsonb array; anything else reads as none. */
function optionList(options: unknown): string[] {
  return Array.isArray(options) ? options.filter((o): o is string => typeof o === 'string') : [];
}

export function actionRowsFromEdit(data: Pick<ProviderEditData, 'actions'>): ActionRow[] {
  return (data.actions ?? []).map((a) => ({
    action_type: isActionType(a.action_type) ? a.action_type : 'Acknowledge',
    title: a.title,
    description: a.description ?? null,
    options: optionList(a.options),
    is_required: a.is_required ?? true,
  }));
}

function cleanOptions(action: ActionRow): string[] {
  return OPTION_TYPES.includes(action.action_type) ? action.options.map((o) => o.trim()).filter(Boolean) : [];
}

/**
 * Each action needs a title; Checkbox and MultipleChoice need at least one option, all distinct (blank lines are
 * ignored). The supplier's rules, without its "at least one action". Keys: `${index}.title`, `${index}.options`.
 */
export function validateActionRows(rows: readonly ActionRow[], messages: ValidationMessages): FieldErrors {
  const errors = validateActions(
    rows.map((a) => ({ ...a, options: cleanOptions(a) })),
    messages,
  );
  delete errors.actions;
  return errors;
}

/** The body of update-recall step 2, in the rows' order: trimmed title, options only for the choice types. */
export function actionsBody(rows: readonly ActionRow[]): ProviderCreatedCommunicationAction[] {
  return rows.map((a) => ({
    action_type: a.action_type,
    title: a.title.trim(),
    description: a.description?.trim() || null,
    options: cleanOptions(a),
    is_required: a.is_required,
  }));
}
