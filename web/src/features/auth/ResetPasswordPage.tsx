import { useState, type FormEvent } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, FormField, TextInput } from '@portal/design-system';
import { resetPassword } from '../../api/auth';
import { useValidationMessages, validateForm, hasErrors } from '../../shared/forms/validation';
import { FormError } from '../../shared/forms/FormStates';

export default function ResetPasswordPage() {
  const { t } = useLingui();
  const messages = useValidationMessages();
  const search = useSearch();
  const token = new URLSearchParams(search).get('token') ?? '';
  const [, navigate] = useLocation();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const errors = validateForm(
    { password, confirmation },
    { password: 'required|verify_password', confirmation: 'required|confirmed:password' },
    messages,
  );

  if (!token) {
    return (
      <section className="space-y-3">
        <h1 className="text-xl font-semibold">
          <Trans>Reset password</Trans>
        </h1>
        <p role="alert" className="text-sm text-destructive">
          <Trans>This reset link is not valid. Request a new one.</Trans>
        </p>
        <Link href="/forgot-password" className="text-sm text-primary underline-offset-4 hover:underline">
          <Trans>Forgot password</Trans>
        </Link>
      </section>
    );
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    if (hasErrors(errors)) return;
    setBusy(true);
    setError(null);
    try {
      await resetPassword(token, password);
      navigate('/success?reason=password-reset', { replace: true });
    } catch (err) {
      setError(err instanceof Error ? err.message : t`Unknown error`);
      setBusy(false);
    }
  }

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate className="space-y-4">
      <h1 className="text-xl font-semibold">
        <Trans>Reset password</Trans>
      </h1>
      {error ? <FormError>{error}</FormError> : null}
      <FormField label={t`New password`} required error={submitted ? errors.password : null}>
        <TextInput type="password" autoComplete="new-password" value={password} onValueChange={setPassword} autoFocus />
      </FormField>
      <FormField label={t`Confirm password`} required error={submitted ? errors.confirmation : null}>
        <TextInput type="password" autoComplete="new-password" value={confirmation} onValueChange={setConfirmation} />
      </FormField>
      <Button type="submit" className="w-full" loading={busy} loadingLabel={t`Loading...`}>
        <Trans>Reset password</Trans>
      </Button>
    </form>
  );
}
