/** The verify_password rule of spec §5, enforced by the server with the spec's message. */
export const PASSWORD_RULE_MESSAGE =
  'Minimum 8 characters, must contain at least: 1 uppercase letter, 1 lowercase letter, 1 number, and one special character (!@#$%^&*)';

export function isStrongPassword(value: string): boolean {
  return (
    value.length >= 8 && /[A-Z]/.test(value) && /[a-z]/.test(value) && /[0-9]/.test(value) && /[!@#$%^&*]/.test(value)
  );
}
