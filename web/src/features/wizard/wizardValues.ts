/** The value of a select's "none" choice (a select cannot hold an empty value). */
export const NONE = '__none__';

/** Action types a per-unit action may have (the server's rule). */
export const PER_UNIT_TYPES: readonly string[] = ['Text', 'Numeric', 'YesNo'];
