/**
 * Field validation rules of the product (spec §5). Rules come as a string such as
 * 'required|email' or 'required|min:8'; the first failing rule's message is returned.
 * Every rule except the required family passes on an empty value, so 'email' alone
 * accepts a blank field and 'required|email' does not.
 */

export type RuleName =
  | 'required'
  | 'requiredSelect'
  | 'required_editor'
  | 'field_required'
  | 'email'
  | 'erEmail'
  | 'phoneNumber'
  | 'verify_password'
  | 'domain'
  | 'url'
  | 'min'
  | 'confirmed'
  | 'alphanumeric'
  | 'numeric'
  | 'conversation_error'
  | 'notrequired';

/** Message per rule; `{n}` in the 'min' message is replaced by the minimum length. */
export type ValidationMessages = Record<RuleName, string>;

export const defaultValidationMessages: ValidationMessages = {
  required: 'Field required',
  requiredSelect: 'Field required',
  required_editor: 'Field required',
  field_required: 'Field required',
  email: 'Email not valid',
  erEmail: 'Email not valid',
  phoneNumber: 'Invalid phone number',
  verify_password:
    'Minimum 8 characters, must contain at least: 1 uppercase letter, 1 lowercase letter, 1 number, and one special character (!@#$%^&*)',
  domain: 'Invalid domain name.',
  url: 'Url is not valid',
  min: 'Minimum {n} characters',
  confirmed: "Password doesn't match",
  alphanumeric: 'Only Alphanumeric and special characters like \\+/-_)([]:{}<>. are accepted.',
  numeric: 'Only numeric values are accepted.',
  conversation_error: 'Field required.',
  notrequired: '',
};

export interface ValidateOptions {
  /** Overrides (e.g. translations) for some or all messages. */
  messages?: Partial<ValidationMessages>;
  /** Values of sibling fields, for 'confirmed:otherField'. */
  values?: Record<string, unknown>;
  /** The value a bare 'confirmed' rule compares with (e.g. the password). */
  confirmWith?: unknown;
}

export interface ParsedRule {
  name: RuleName;
  param?: string;
}

const RULE_NAMES = new Set<string>(Object.keys(defaultValidationMessages));

function isRuleName(name: string): name is RuleName {
  return RULE_NAMES.has(name);
}

/** Parse 'required|min:8' into [{name:'required'},{name:'min',param:'8'}]. Unknown rules throw. */
export function parseRules(rules: string): ParsedRule[] {
  return rules
    .split('|')
    .map((part) => part.trim())
    .filter((part) => part.length > 0)
    .map((part) => {
      const colon = part.indexOf(':');
      const name = colon === -1 ? part : part.slice(0, colon);
      const param = colon === -1 ? undefined : part.slice(colon + 1);
      if (!isRuleName(name)) throw new Error(`Unknown validation rule: ${name}`);
      return param === undefined ? { name } : { name, param };
    });
}

const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)*\.[A-Za-z]{2,}$/;
const PHONE_US = /^(\+?1[\s.-]?)?(\(\d{3}\)|\d{3})[\s.-]?\d{3}[\s.-]?\d{4}$/;
const STRONG_PASSWORD = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[!@#$%^&*]).{8,}$/;
const DOMAIN = /^(?=.{1,253}$)((?!-)[A-Za-z0-9-]{1,63}(?<!-)\.)+[A-Za-z]{2,63}$/;
const URL_PATTERN = /^(https?:\/\/)?((?!-)[A-Za-z0-9-]{1,63}(?<!-)\.)+[A-Za-z]{2,63}(:\d{1,5})?([/?#][^\s]*)?$/i;
const ALPHANUMERIC = /^[\p{L}\p{N}\s\\+/\-_)([\]:{}<>.]*$/u;
const NUMERIC = /^\d+$/;

/** Text content of an HTML string (rich text editor output). */
export function htmlToText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;|&#160;/gi, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

export function isEmptyValue(value: unknown): boolean {
  if (value === null || value === undefined || value === false) return true;
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'string') return value.trim().length === 0;
  return false;
}

function asText(value: unknown): string {
  if (value === null || value === undefined) return '';
  return String(value);
}

function passes(rule: ParsedRule, value: unknown, opts: ValidateOptions): boolean {
  switch (rule.name) {
    case 'required':
    case 'requiredSelect':
    case 'field_required':
    case 'conversation_error':
      return !isEmptyValue(value);
    case 'required_editor':
      return htmlToText(asText(value)).length > 0;
    case 'notrequired':
      return true;
    default:
      break;
  }
  if (isEmptyValue(value)) return true;
  const text = asText(value);
  switch (rule.name) {
    case 'email':
    case 'erEmail':
      return EMAIL.test(text.trim());
    case 'phoneNumber':
      return PHONE_US.test(text.trim());
    case 'verify_password':
      return STRONG_PASSWORD.test(text);
    case 'domain': {
      // An organisation may list several domains, separated by commas or spaces.
      const domains = text.split(/[,;\s]+/).filter(Boolean);
      return domains.length > 0 && domains.every((d) => DOMAIN.test(d));
    }
    case 'url':
      return URL_PATTERN.test(text.trim());
    case 'min': {
      const n = Number(rule.param ?? '0');
      return text.length >= n;
    }
    case 'confirmed': {
      const other = rule.param !== undefined ? opts.values?.[rule.param] : opts.confirmWith;
      return text === asText(other);
    }
    case 'alphanumeric':
      return ALPHANUMERIC.test(text);
    case 'numeric':
      return NUMERIC.test(text.trim());
  }
  return true;
}

function messageFor(rule: ParsedRule, opts: ValidateOptions): string {
  const template = opts.messages?.[rule.name] ?? defaultValidationMessages[rule.name];
  return template.replace('{n}', rule.param ?? '');
}

/**
 * Validate a value against a rules string. Returns the first failing rule's message, or null.
 * Without rules (undefined or '') the field is not validated.
 */
export function validate(value: unknown, rules: string | undefined, opts: ValidateOptions = {}): string | null {
  if (!rules) return null;
  for (const rule of parseRules(rules)) {
    if (!passes(rule, value, opts)) return messageFor(rule, opts);
  }
  return null;
}
