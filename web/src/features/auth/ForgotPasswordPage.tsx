import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'wouter';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, FormField, TextInput } from '@portal/design-system';
import { forgotPassword } from '../../api/auth';
import { useValidationMessages, validateForm, hasErrors } from '../../shared/forms/validation';
import { FormError } from '../../shared/forms/FormStates';

export default function ForgotPasswordPage() {
  const { t } = useLingui();
  const messages = useValidationMessages();
  const [, navigate] = useLocation();
  const [email, setEmail] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const errors = validateForm({ email }, { email: 'required|email' }, messages);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    if (hasErrors(errors)) return;
    setBusy(true);
    setError(null);
    try {
      await forgotPassword(email.trim());
      navigate('/success?reason=forgot-password', { replace: true });
    } catch (err) {
      setError(err instanceof Error ? err.message : t`Unknown error`);
      setBusy(false);
    }
  }

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate className="space-y-4">
      <h1 className="text-xl font-semibold">
        <Trans>Forgot password</Trans>
      </h1>
      <p className="text-sm text-muted-foreground">
        <Trans>Enter the email of your account and we will send you a link to reset your password.</Trans>
      </p>
      {error ? <FormError>{error}</FormError> : null}
      <FormField label={t`Email`} required error={submitted ? errors.email : null}>
        <TextInput type="email" autoComplete="email" value={email} onValueChange={setEmail} autoFocus />
      </FormField>
      <Button type="submit" className="w-full" loading={busy} loadingLabel={t`Loading...`}>
        <Trans>Send reset link</Trans>
      </Button>
      <p className="text-center text-sm">
        <Link href="/login" className="text-primary underline-offset-4 hover:underline">
          <Trans>Back to sign in</Trans>
        </Link>
      </p>
    </form>
  );
}
