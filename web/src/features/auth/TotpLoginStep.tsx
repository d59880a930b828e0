import { useState, type FormEvent, type ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, FormField, TextInput } from '@portal/design-system';
import type { TokenAnswer } from '../../api/auth';
import { RecoveryCodesView, TotpSecretView } from '../../shared/totp/TotpSecretView';
import { useValidationMessages } from '../../shared/forms/validation';

export type TotpChallenge = NonNullable<TokenAnswer['Challenge']>;
/** What the step sends with the password: the app's six digits, or a recovery code. */
export type TotpAnswer = { verification_code: string } | { recovery_code: string };

/** Six digits are the app's code; anything else is taken as a recovery code (`abcde-fghjk`). */
export function totpAnswerOf(input: string): TotpAnswer {
  const code = input.replace(/\s/g, '');
  return /^\d{6}$/.test(code) ? { verification_code: code } : { recovery_code: code };
}

/**
 * The sign-in step after the password for an authenticator app: its code (or a recovery code), or, when the
 * organisation requires an app the user has not set up, the enrolment first (QR code and key, then the first code).
 */
export function TotpLoginStep({
  challenge,
  busy,
  errorBox,
  onSubmit,
  onBack,
}: {
  challenge: TotpChallenge;
  busy: boolean;
  errorBox: ReactNode;
  onSubmit: (answer: TotpAnswer) => void;
  onBack: () => void;
}) {
  const { t } = useLingui();
  const messages = useValidationMessages();
  const [code, setCode] = useState('');
  const [missing, setMissing] = useState(false);
  const enrollment = challenge.type === 'TOTP_ENROLL' ? challenge.enrollment : null;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!code.trim()) {
      setMissing(true);
      return;
    }
    setMissing(false);
    onSubmit(enrollment ? { verification_code: code.replace(/\s/g, '') } : totpAnswerOf(code));
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-labelledby="login-totp-title">
      <h1 id="login-totp-title" className="text-xl font-semibold">
        {enrollment ? <Trans>Set up your authenticator app</Trans> : <Trans>Authenticator code</Trans>}
      </h1>
      <p className="text-sm text-muted-foreground">
        {enrollment ? (
          <Trans>
            Your organization requires an authenticator app. Add this account to your app, then enter the code it shows.
          </Trans>
        ) : (
          <Trans>Enter the code from your authenticator app, or one of your recovery codes.</Trans>
        )}
      </p>
      {enrollment?.secret && enrollment.otpauth_uri ? (
        <TotpSecretView secret={enrollment.secret} uri={enrollment.otpauth_uri} />
      ) : null}
      {errorBox}
      <FormField
        label={enrollment ? t`Code from the app` : t`Authenticator or recovery code`}
        required
        error={missing ? messages.required : null}
      >
        <TextInput
          value={code}
          onValueChange={setCode}
          autoComplete="one-time-code"
          inputMode={enrollment ? 'numeric' : 'text'}
          autoFocus
        />
      </FormField>
      {enrollment ? (
        <p className="text-sm text-muted-foreground">
          <Trans>Next you will get your recovery codes, for when the app is not at hand.</Trans>
        </p>
      ) : null}
      <div className="flex gap-2">
        <Button type="submit" loading={busy} loadingLabel={t`Loading...`}>
          <Trans>Verify</Trans>
        </Button>
        <Button type="button" variant="ghost" onClick={onBack}>
          <Trans>Back</Trans>
        </Button>
      </div>
    </form>
  );
}

/**
 * Right after enrolling an app at sign-in: its ten recovery codes, shown this once, before the session starts. The
 * person continues once they have kept them (the account page can make new ones later, with a code from the app).
 */
export function TotpRecoveryCodesStep({ codes, onContinue }: { codes: readonly string[]; onContinue: () => void }) {
  return (
    <section className="space-y-4" aria-labelledby="login-recovery-title">
      <h1 id="login-recovery-title" className="text-xl font-semibold">
        <Trans>Your recovery codes</Trans>
      </h1>
      <p className="text-sm text-muted-foreground">
        <Trans>Your authenticator app is set up.</Trans>
      </p>
      <RecoveryCodesView codes={codes} />
      <Button type="button" className="w-full" onClick={onContinue} autoFocus>
        <Trans>I have saved them</Trans>
      </Button>
    </section>
  );
}
