import { NOT_APPLICABLE } from '@portal/design-system';

/** The value of a select's "none" choice (a select cannot hold an empty value). */
export const NONE = '__none__';

/**
 * A date picker's value as the server takes it: 'Not Applicable' (no date applies, e.g. a product that does not expire)
 * is sent as no date; the server keeps dates only.
 */
export function dateValue(value: string | null): string | null {
  return value === NOT_APPLICABLE ? null : value;
}

/** Action types a per-unit action may have (the server's rule). */
export const PER_UNIT_TYPES: readonly string[] = ['Text', 'Numeric', 'YesNo'];
