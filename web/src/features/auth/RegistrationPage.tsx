import { useState, type FormEvent } from 'react';
import { useLocation, useParams } from 'wouter';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, FormField, TextInput } from '@portal/design-system';
import { signUpUser, useOrganizationByLink } from '../../api/auth';
import { usePhoneHint, useValidationMessages, validateForm, hasErrors } from '../../shared/forms/validation';
import { FormError, FormLoading } from '../../shared/forms/FormStates';

type Field = 'first_name' | 'last_name' | 'email' | 'phone' | 'password' | 'confirmation';

const RULES: Record<Field, string> = {
  first_name: 'required',
  last_name: 'required',
  email: 'required|email',
  phone: 'phoneNumber',
  password: 'required|verify_password',
  confirmation: 'required|confirmed:password',
};

/** Self-registration by link: /registration/:name, where name is the organisation's registration link. */
export default function RegistrationPage() {
  const { t } = useLingui();
  const messages = useValidationMessages();
  const phoneHint = usePhoneHint();
  const { name = '' } = useParams<{ name: string }>();
  const [, navigate] = useLocation();
  const { data: organization, error: loadError, isLoading } = useOrganizationByLink(name || null);
  const [values, setValues] = useState<Record<Field, string>>({
    first_name: '',
    last_name: '',
    email: '',
    phone: '',
    password: '',
    confirmation: '',
  });
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const errors = validateForm(values, RULES, messages);
  const set = (field: Field) => (value: string) => setValues((v) => ({ ...v, [field]: value }));
  const shown = (field: Field) => (submitted ? errors[field] : null);

  if (isLoading) {
    return <FormLoading />;
  }
  if (loadError || !organization) {
    return (
      <section className="space-y-2">
        <h1 className="text-xl font-semibold">
          <Trans>Registration</Trans>
        </h1>
        <p role="alert" className="text-sm text-destructive">
          {loadError?.message || t`This registration link is not valid.`}
        </p>
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
      await signUpUser({
        selfregistrationlink: name,
        first_name: values.first_name.trim(),
        last_name: values.last_name.trim(),
        email: values.email.trim(),
        password: values.password,
        ...(values.phone.trim() ? { phone: values.phone.trim() } : {}),
      });
      navigate('/success-signup', { replace: true });
    } catch (err) {
      setError(err instanceof Error ? err.message : t`Unknown error`);
      setBusy(false);
    }
  }

  const organizationName = organization.name;
  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate className="space-y-4">
      <h1 className="text-xl font-semibold">
        <Trans>Register with {organizationName}</Trans>
      </h1>
      {error ? <FormError>{error}</FormError> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t`First name`} required error={shown('first_name')}>
          <TextInput autoComplete="given-name" value={values.first_name} onValueChange={set('first_name')} />
        </FormField>
        <FormField label={t`Last name`} required error={shown('last_name')}>
          <TextInput autoComplete="family-name" value={values.last_name} onValueChange={set('last_name')} />
        </FormField>
      </div>
      <FormField label={t`Email`} required error={shown('email')}>
        <TextInput type="email" autoComplete="email" value={values.email} onValueChange={set('email')} />
      </FormField>
      <FormField label={t`Phone`} error={shown('phone')} description={phoneHint}>
        <TextInput type="tel" autoComplete="tel" value={values.phone} onValueChange={set('phone')} />
      </FormField>
      <FormField label={t`Password`} required error={shown('password')}>
        <TextInput
          type="password"
          autoComplete="new-password"
          value={values.password}
          onValueChange={set('password')}
        />
      </FormField>
      <FormField label={t`Confirm password`} required error={shown('confirmation')}>
        <TextInput
          type="password"
          autoComplete="new-password"
          value={values.confirmation}
          onValueChange={set('confirmation')}
        />
      </FormField>
      <Button type="submit" className="w-full" loading={busy} loadingLabel={t`Loading...`}>
        <Trans>Register</Trans>
      </Button>
    </form>
  );
}
