import { useLingui } from '@lingui/react/macro';
import { FormField, SimpleSelect } from '@portal/design-system';

export type TwoFactor = 'NONE' | 'EMAIL_CODE' | 'TOTP';
const VALUES: readonly TwoFactor[] = ['NONE', 'EMAIL_CODE', 'TOTP'];

export const isTwoFactor = (v: unknown): v is TwoFactor => VALUES.includes(v as TwoFactor);

/** An organisation's second factor at sign-in (`two_factor`): the operator's dialog and the administrator's profile. */
export function TwoFactorSelect({ value, onChange }: { value: TwoFactor; onChange: (value: TwoFactor) => void }) {
  const { t } = useLingui();
  return (
    <FormField label={t`Second factor at sign-in`}>
      <SimpleSelect
        value={value}
        onValueChange={(v) => {
          if (isTwoFactor(v)) onChange(v);
        }}
        options={[
          { value: 'NONE', label: t`None` },
          { value: 'EMAIL_CODE', label: t`Code sent by email` },
          { value: 'TOTP', label: t`Authenticator app (required)` },
        ]}
      />
    </FormField>
  );
}
