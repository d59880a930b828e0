import { MESSAGES } from '@portal/vocabulary';

/** The verify_password rule of spec §5, enforced by the server with the spec's message (`PASSWORD_TOO_WEAK`). */
export const PASSWORD_RULE_MESSAGE = MESSAGES.PASSWORD_TOO_WEAK;

export function isStrongPassword(value: string): boolean {
  return (
    value.length >= 8 && /[A-Z]/.test(value) && /[a-z]/.test(value) && /[0-9]/.test(value) && /[!@#$%^&*]/.test(value)
  );
}
