import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, FormField, TextInput, useToast } from '@portal/design-system';
import { changePassword, updateMe, useMe } from '../../api/me';
import { usePhoneHint, useValidationMessages, validateForm, hasErrors } from '../../shared/forms/validation';
import { FormLoading } from '../../shared/forms/FormStates';

type ProfileField = 'first_name' | 'last_name' | 'phone';
type PasswordField = 'current_password' | 'password' | 'password_confirmation';

const PROFILE_RULES: Record<ProfileField, string> = {
  first_name: 'required',
  last_name: 'required',
  phone: 'phoneNumber',
};
const PASSWORD_RULES: Record<PasswordField, string> = {
  current_password: 'required',
  password: 'required|verify_password',
  password_confirmation: 'required|confirmed:password',
};

function Status({ ok, message }: { ok: boolean; message: string }) {
  return (
    <p
      role={ok ? 'status' : 'alert'}
      className={
        ok
          ? 'rounded-md bg-success/10 px-3 py-2 text-sm text-success'
          : 'rounded-md bg-destructive/10 px-3 py-2 text-sm text-destructive'
      }
    >
      {message}
    </p>
  );
}

function ProfileForm() {
  const { t } = useLingui();
  const toast = useToast();
  const messages = useValidationMessages();
  const phoneHint = usePhoneHint();
  const { data: me, mutate } = useMe();
  const [values, setValues] = useState<Record<ProfileField, string>>({ first_name: '', last_name: '', phone: '' });
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);

  useEffect(() => {
    if (me) setValues({ first_name: me.first_name ?? '', last_name: me.last_name ?? '', phone: me.phone ?? '' });
  }, [me]);

  const errors = validateForm(values, PROFILE_RULES, messages);
  const set = (field: ProfileField) => (value: string) => setValues((v) => ({ ...v, [field]: value }));

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    if (hasErrors(errors)) return;
    setBusy(true);
    setResult(null);
    try {
      const updated = await updateMe({
        first_name: values.first_name.trim(),
        last_name: values.last_name.trim(),
        phone: values.phone.trim(),
      });
      await mutate(updated && typeof updated === 'object' && 'email' in updated ? updated : undefined);
      setResult(null);
      toast.success(t`Your profile was saved.`);
    } catch (err) {
      setResult({ ok: false, message: err instanceof Error ? err.message : t`Unknown error` });
    } finally {
      setBusy(false);
    }
  }

  if (!me) {
    return <FormLoading />;
  }

  return (
    <form
      onSubmit={(e) => void onSubmit(e)}
      noValidate
      className="space-y-4 rounded-md border p-4"
      aria-labelledby="profile-title"
    >
      <h2 id="profile-title" className="text-lg font-semibold">
        <Trans>Profile</Trans>
      </h2>
      {result ? <Status {...result} /> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t`First name`} required error={submitted ? errors.first_name : null}>
          <TextInput autoComplete="given-name" value={values.first_name} onValueChange={set('first_name')} />
        </FormField>
        <FormField label={t`Last name`} required error={submitted ? errors.last_name : null}>
          <TextInput autoComplete="family-name" value={values.last_name} onValueChange={set('last_name')} />
        </FormField>
      </div>
      <FormField label={t`Email`}>
        <TextInput value={me.email} disabled readOnly />
      </FormField>
      <FormField label={t`Phone`} error={submitted ? errors.phone : null} description={phoneHint}>
        <TextInput type="tel" autoComplete="tel" value={values.phone} onValueChange={set('phone')} />
      </FormField>
      <Button type="submit" loading={busy} loadingLabel={t`Loading...`}>
        <Trans>Save profile</Trans>
      </Button>
    </form>
  );
}

function PasswordForm() {
  const { t } = useLingui();
  const toast = useToast();
  const messages = useValidationMessages();
  const empty: Record<PasswordField, string> = { current_password: '', password: '', password_confirmation: '' };
  const [values, setValues] = useState(empty);
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  const errors = validateForm(values, PASSWORD_RULES, messages);
  const set = (field: PasswordField) => (value: string) => setValues((v) => ({ ...v, [field]: value }));

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    if (hasErrors(errors)) return;
    setBusy(true);
    setResult(null);
    try {
      await changePassword(values);
      setValues(empty);
      setSubmitted(false);
      setResult(null);
      toast.success(t`Your password was changed.`);
    } catch (err) {
      setResult({ ok: false, message: err instanceof Error ? err.message : t`Unknown error` });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      onSubmit={(e) => void onSubmit(e)}
      noValidate
      className="space-y-4 rounded-md border p-4"
      aria-labelledby="password-title"
    >
      <h2 id="password-title" className="text-lg font-semibold">
        <Trans>Change password</Trans>
      </h2>
      {result ? <Status {...result} /> : null}
      <FormField label={t`Current password`} required error={submitted ? errors.current_password : null}>
        <TextInput
          type="password"
          autoComplete="current-password"
          value={values.current_password}
          onValueChange={set('current_password')}
        />
      </FormField>
      <FormField label={t`New password`} required error={submitted ? errors.password : null}>
        <TextInput
          type="password"
          autoComplete="new-password"
          value={values.password}
          onValueChange={set('password')}
        />
      </FormField>
      <FormField label={t`Confirm password`} required error={submitted ? errors.password_confirmation : null}>
        <TextInput
          type="password"
          autoComplete="new-password"
          value={values.password_confirmation}
          onValueChange={set('password_confirmation')}
        />
      </FormField>
      <Button type="submit" loading={busy} loadingLabel={t`Loading...`}>
        <Trans>Change password</Trans>
      </Button>
    </form>
  );
}

export default function AccountEditPage() {
  return (
    <section className="max-w-2xl space-y-6" data-testid="account-edit">
      <div className="flex items-center justify-between">
        <h1 className="text-2xl font-semibold">
          <Trans>Edit Profile</Trans>
        </h1>
        <Link href="/account" className="text-sm text-primary underline-offset-4 hover:underline">
          <Trans>Back to profile</Trans>
        </Link>
      </div>
      <ProfileForm />
      <PasswordForm />
    </section>
  );
}
