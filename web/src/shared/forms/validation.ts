import { useMemo } from 'react';
import { useLingui } from '@lingui/react/macro';
import { validate, type ValidationMessages } from '@portal/design-system';

/** What a phone field expects, shown under it: the rule (spec §5, US-style 10 digits) refuses anything else. */
export function usePhoneHint(): string {
  const { t } = useLingui();
  return t`10 digits, for example (555) 555-0100; +1 in front is optional.`;
}

/** The validation messages of spec §5, translated. */
export function useValidationMessages(): ValidationMessages {
  const { t } = useLingui();
  return useMemo(
    () => ({
      required: t`Field required`,
      requiredSelect: t`Field required`,
      required_editor: t`Field required`,
      field_required: t`Field required`,
      email: t`Email not valid`,
      erEmail: t`Email not valid`,
      phoneNumber: t`Invalid phone number`,
      verify_password: t`Minimum 8 characters, must contain at least: 1 uppercase letter, 1 lowercase letter, 1 number, and one special character (!@#$%^&*)`,
      domain: t`Invalid domain name.`,
      url: t`Url is not valid`,
      // The validator fills {n}: a named value keeps it (lingui would fill a bare {n} with nothing).
      min: t`Minimum ${{ n: '{n}' }} characters`,
      confirmed: t`Password doesn't match`,
      alphanumeric: t`Only Alphanumeric and special characters like \\+/-_)([]:{}<>. are accepted.`,
      numeric: t`Only numeric values are accepted.`,
      conversation_error: t`Field required.`,
      notrequired: '',
    }),
    [t],
  );
}

export type FieldRules<K extends string> = Record<K, string>;

/** Validates a whole form: field name → first error (or null). `confirmed:other` compares with other fields. */
export function validateForm<K extends string>(
  values: Record<K, string>,
  rules: FieldRules<K>,
  messages: ValidationMessages,
): Record<K, string | null> {
  const out = {} as Record<K, string | null>;
  for (const key of Object.keys(rules) as K[]) {
    out[key] = validate(values[key], rules[key], { messages, values });
  }
  return out;
}

export function hasErrors(errors: Record<string, string | null>): boolean {
  return Object.values(errors).some((e) => e !== null);
}
