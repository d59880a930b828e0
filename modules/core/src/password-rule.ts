import { dictionary } from '@zxcvbn-ts/language-common';
import { MESSAGES } from '@portal/vocabulary';

/** The verify_password rule of spec §5, enforced by the server with the spec's message (`PASSWORD_TOO_WEAK`). */
export const PASSWORD_RULE_MESSAGE = MESSAGES.PASSWORD_TOO_WEAK;
/** Beside the spec's rule: a common or breached password is refused (`PASSWORD_TOO_COMMON`). */
export const PASSWORD_COMMON_MESSAGE = MESSAGES.PASSWORD_TOO_COMMON;

export function isStrongPassword(value: string): boolean {
  return (
    value.length >= 8 && /[A-Z]/.test(value) && /[a-z]/.test(value) && /[0-9]/.test(value) && /[!@#$%^&*]/.test(value)
  );
}

// The ~49,000 most common passwords of the public breach corpora, as zxcvbn-ts ships them (MIT, lower case): an
// offline list, read once per process into a set (a few MiB).
let common: Set<string> | undefined;
const commonPasswords = () => {
  common ??= new Set(dictionary['passwords-common']);
  return common;
};

/** Digits and the rule's symbols around a word: what people add to a common password to pass a composition rule. */
const DECORATION = /^[0-9!@#$%^&*]+|[0-9!@#$%^&*]+$/g;

/**
 * Whether a password is common or breached: it is on the list, whatever its case, or it is a listed password with
 * digits and symbols added before or after it ("Password1!", "Summer2024!", "P@ssw0rd#1"), the shapes that password
 * spraying tries first.
 */
export function isCommonPassword(value: string): boolean {
  const lower = value.toLowerCase();
  const list = commonPasswords();
  if (list.has(lower)) return true;
  const core = lower.replace(DECORATION, '');
  return core.length > 0 && core !== lower && list.has(core);
}
