import { useState, type FormEvent, type ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  Button,
  Checkbox,
  Dialog,
  DialogContent,
  DialogTitle,
  FormField,
  SimpleSelect,
  Spinner,
  TextInput,
  validate,
} from '@portal/design-system';
import { usePhoneHint, useValidationMessages } from '../../shared/forms/validation';
import { FormDialogFooter } from '../../shared/forms/FormDialog';
import { errorText } from '../../shared/lists/table';
import { FormError } from '../../shared/forms/FormStates';
import type { Values, SiteValues } from './organizationValues';
import { isTwoFactor, TwoFactorSelect } from '../../shared/organizations/TwoFactorSelect';

interface FieldDef {
  name: string;
  label: string;
  rules?: string;
  type?: 'text' | 'email' | 'tel';
}

export function OrganizationDialog({
  title,
  creating,
  initial,
  roleOptions,
  loading,
  loadError,
  registrationUrl,
  sites,
  after,
  onClose,
  onSubmit,
}: {
  title: string;
  creating: boolean;
  initial: Values;
  roleOptions: string[];
  loading?: boolean;
  /** The organisation could not be read (shown in place of the form). */
  loadError?: string | null;
  /** The saved self-registration page, shown for the operator to pass on. */
  registrationUrl?: string | null;
  /** Present for providers: the sites editor. */
  sites?: SiteValues[];
  /** Settings saved on their own, below the form (the operator's single sign-on panel of a saved organisation). */
  after?: ReactNode;
  onClose: () => void;
  onSubmit: (values: Values, sites: SiteValues[]) => Promise<void>;
}) {
  const { t } = useLingui();
  const messages = useValidationMessages();
  const phoneHint = usePhoneHint();
  const [values, setValues] = useState<Values>(initial);
  const [siteRows, setSiteRows] = useState<SiteValues[]>(sites ?? []);
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const fields: FieldDef[] = [
    { name: 'name', label: t`Name`, rules: 'required' },
    { name: 'notisphere_id', label: t`Notisphere ID` },
    { name: 'address1', label: t`Address 1` },
    { name: 'address2', label: t`Address 2` },
    { name: 'city', label: t`City` },
    { name: 'state', label: t`State` },
    { name: 'zip', label: t`Zip` },
    { name: 'phone', label: t`Phone`, rules: 'phoneNumber', type: 'tel' },
    { name: 'email', label: t`Email`, rules: 'email', type: 'email' },
    { name: 'domain', label: t`Domain(s)`, rules: 'domain' },
    { name: 'self_registration_link', label: t`Self-registration link` },
  ];
  const adminFields: FieldDef[] = [
    { name: 'admin_first_name', label: t`Administrator first name`, rules: 'required' },
    { name: 'admin_last_name', label: t`Administrator last name`, rules: 'required' },
    { name: 'admin_email', label: t`Administrator email`, rules: 'required|email', type: 'email' },
    { name: 'admin_phone', label: t`Administrator phone`, rules: 'phoneNumber', type: 'tel' },
  ];
  const shown = creating ? [...fields, ...adminFields] : fields;
  const errors = Object.fromEntries(
    shown.map((f) => [
      f.name,
      validate(typeof values[f.name] === 'string' ? values[f.name] : '', f.rules, { messages }),
    ]),
  ) as Record<string, string | null>;
  const siteErrors = siteRows.map((s) =>
    s.id === undefined && !s.name.trim() ? null : s.name.trim() ? null : t`Field required`,
  );
  const set = (name: string) => (value: string | boolean) => setValues((v) => ({ ...v, [name]: value }));
  const setSite = (key: string, patch: Partial<SiteValues>) =>
    setSiteRows((rows) => rows.map((r) => (r.key === key ? { ...r, ...patch } : r)));

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    setProblem(null);
    if (Object.values(errors).some((e) => e !== null) || siteErrors.some((e) => e !== null)) return;
    setBusy(true);
    try {
      await onSubmit(values, siteRows);
    } catch (err) {
      setProblem(errorText(err, t`Unknown error`));
    } finally {
      setBusy(false);
    }
  }

  const input = (f: FieldDef) => (
    <FormField
      key={f.name}
      label={f.label}
      required={f.rules?.includes('required')}
      error={submitted ? errors[f.name] : null}
      description={f.rules === 'phoneNumber' ? phoneHint : undefined}
    >
      <TextInput type={f.type ?? 'text'} value={String(values[f.name] ?? '')} onValueChange={set(f.name)} />
    </FormField>
  );
  const flag = (name: string, label: string) => (
    <label className="flex items-center gap-2 text-sm">
      <Checkbox checked={values[name] === true} onCheckedChange={(c) => set(name)(c === true)} />
      {label}
    </label>
  );

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent closeLabel={t`Close`} className="max-h-[90vh] max-w-3xl overflow-auto">
        <DialogTitle>{title}</DialogTitle>
        {loadError ? (
          <p role="alert" className="text-sm text-destructive">
            {loadError}
          </p>
        ) : loading ? (
          <Spinner label={t`Loading...`} />
        ) : (
          <form onSubmit={(e) => void submit(e)} noValidate className="space-y-4" data-testid="organization-form">
            {problem ? <FormError>{problem}</FormError> : null}
            <div className="grid gap-3 sm:grid-cols-2">{fields.map(input)}</div>
            {registrationUrl ? (
              <p className="text-sm text-muted-foreground" data-testid="registration-url">
                <Trans>Self-registration page:</Trans>{' '}
                <span className="break-all text-foreground">{registrationUrl}</span>
              </p>
            ) : null}
            <FormField label={t`Self-registration role`}>
              <SimpleSelect
                value={String(values.self_registration_role || 'NONE')}
                onValueChange={(v) => set('self_registration_role')(v === 'NONE' ? '' : v)}
                options={[
                  { value: 'NONE', label: t`None (self-registration closed)` },
                  ...roleOptions.map((r) => ({ value: r, label: r })),
                ]}
              />
            </FormField>
            <TwoFactorSelect
              value={isTwoFactor(values.two_factor) ? values.two_factor : 'NONE'}
              onChange={(v) => set('two_factor')(v)}
            />
            <div className="flex flex-wrap gap-4">
              {flag('is_sso', t`Single sign-on (SSO)`)}
              {flag('is_notisphere_managed', t`Notisphere managed`)}
            </div>
            {creating ? (
              <fieldset className="space-y-2">
                <legend className="text-sm font-medium">
                  <Trans>Administrator (receives the invitation email)</Trans>
                </legend>
                <div className="grid gap-3 sm:grid-cols-2">{adminFields.map(input)}</div>
              </fieldset>
            ) : null}
            {sites ? (
              <fieldset className="space-y-2" data-testid="sites">
                <legend className="text-sm font-medium">
                  <Trans>Sites</Trans>
                </legend>
                {siteRows.map((site, index) => (
                  <div
                    key={site.key}
                    className="grid items-end gap-2 sm:grid-cols-[2fr_1fr_1fr_1fr_auto]"
                    data-testid={`site-${index}`}
                  >
                    <FormField label={t`Site name`} error={submitted ? siteErrors[index] : null}>
                      <TextInput value={site.name} onValueChange={(v) => setSite(site.key, { name: v })} />
                    </FormField>
                    <FormField label={t`Notisphere ID`}>
                      <TextInput
                        value={site.notisphere_id}
                        onValueChange={(v) => setSite(site.key, { notisphere_id: v })}
                      />
                    </FormField>
                    <FormField label={t`City`}>
                      <TextInput value={site.city} onValueChange={(v) => setSite(site.key, { city: v })} />
                    </FormField>
                    <FormField label={t`Zip`}>
                      <TextInput value={site.zip} onValueChange={(v) => setSite(site.key, { zip: v })} />
                    </FormField>
                    {site.id !== undefined ? (
                      <label className="flex items-center gap-2 pb-2 text-sm">
                        <Checkbox
                          checked={site.active}
                          onCheckedChange={(c) => setSite(site.key, { active: c === true })}
                        />
                        {t`Active`}
                      </label>
                    ) : (
                      <Button
                        type="button"
                        variant="outline"
                        size="sm"
                        onClick={() => setSiteRows((rows) => rows.filter((r) => r.key !== site.key))}
                      >
                        <Trans>Remove</Trans>
                      </Button>
                    )}
                  </div>
                ))}
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  onClick={() =>
                    setSiteRows((rows) => [
                      ...rows,
                      {
                        key: `new-${rows.length}-${Date.now()}`,
                        name: '',
                        notisphere_id: '',
                        city: '',
                        zip: '',
                        active: true,
                      },
                    ])
                  }
                >
                  <Trans>Add site</Trans>
                </Button>
              </fieldset>
            ) : null}
            <FormDialogFooter onCancel={onClose} busy={busy} />
          </form>
        )}
        {after && !loading && !loadError ? <div className="mt-6 border-t pt-4">{after}</div> : null}
      </DialogContent>
    </Dialog>
  );
}
