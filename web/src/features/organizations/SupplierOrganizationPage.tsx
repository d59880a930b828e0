import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useStore } from 'jotai';
import { Button, FileUpload, FormField, TextInput, useToast } from '@portal/design-system';
import {
  updateOrganizationProfile,
  uploadProfilePhoto,
  useOrganizationProfile,
  type OrganizationProfile,
} from '../../api/supplier';
import { usePhoneHint, useValidationMessages, validateForm, hasErrors } from '../../shared/forms/validation';
import { errorText, PageHeader } from '../../shared/lists/table';
import { FormError, FormLoading } from '../../shared/forms/FormStates';
import { ReminderPlansSection } from './ReminderPlansSection';
import { SsoSettingsPanel } from './SsoSettingsPanel';
import { type TwoFactor, TwoFactorSelect } from '../../shared/organizations/TwoFactorSelect';

type Field = 'name' | 'address1' | 'address2' | 'city' | 'state' | 'zip' | 'country' | 'phone' | 'email' | 'domain';
const FIELDS: Field[] = ['name', 'address1', 'address2', 'city', 'state', 'zip', 'country', 'phone', 'email', 'domain'];
const RULES: Record<Field, string> = {
  name: 'required',
  address1: '',
  address2: '',
  city: '',
  state: '',
  zip: '',
  country: '',
  phone: 'phoneNumber',
  email: 'email',
  domain: 'domain',
};

function valuesOf(profile: OrganizationProfile): Record<Field, string> {
  return Object.fromEntries(FIELDS.map((f) => [f, profile[f] ?? ''])) as Record<Field, string>;
}

/**
 * The caller's organisation profile (GET/PUT /organization/profile): name, address, contact, the domain for the
 * valid-domain checks, the logo and the operator-set self-registration link. Shared by /supplier/organization and
 * /provider/organization.
 */
export function OrganizationProfilePage({ testId, children }: { testId: string; children?: ReactNode }) {
  const { t } = useLingui();
  const toast = useToast();
  const messages = useValidationMessages();
  const phoneHint = usePhoneHint();
  const store = useStore();
  const { data, mutate } = useOrganizationProfile();
  const [values, setValues] = useState<Record<Field, string> | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [twoFactor, setTwoFactor] = useState<TwoFactor | null>(null);

  useEffect(() => {
    if (data && !values) setValues(valuesOf(data));
  }, [data, values]);

  if (!values || !data) {
    return <FormLoading />;
  }

  const rules = Object.fromEntries(FIELDS.map((f) => [f, values[f].trim() || f === 'name' ? RULES[f] : ''])) as Record<
    Field,
    string
  >;
  const errors = validateForm(values, rules, messages);
  const notisphereId = data.notisphere_id ?? '';
  const labels: Record<Field, string> = {
    name: t`Name`,
    address1: t`Address 1`,
    address2: t`Address 2`,
    city: t`City`,
    state: t`State`,
    zip: t`ZIP`,
    country: t`Country`,
    phone: t`Phone`,
    email: t`Email`,
    domain: t`Domain(s)`,
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    setProblem(null);
    if (!values || hasErrors(errors)) return;
    setBusy(true);
    try {
      const body = Object.fromEntries(FIELDS.map((f) => [f, values[f].trim() || null]));
      const saved = await updateOrganizationProfile({
        ...body,
        name: values.name.trim(),
        ...(twoFactor ? { two_factor: twoFactor } : {}),
      });
      await mutate(saved);
      toast.success(t`Saved successfully.`);
    } catch (err) {
      setProblem(errorText(err, t`Unknown error`));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="max-w-3xl space-y-4" data-testid={testId}>
      <PageHeader title={t`Organization Settings`} />
      <form onSubmit={(e) => void submit(e)} noValidate className="space-y-4 rounded-md border p-4">
        {problem ? <FormError>{problem}</FormError> : null}
        <p className="text-sm text-muted-foreground">
          <Trans>Notisphere ID: {notisphereId}</Trans>
        </p>
        <div className="grid gap-4 sm:grid-cols-2">
          {FIELDS.map((f) => (
            <FormField
              key={f}
              label={labels[f]}
              required={f === 'name'}
              error={submitted ? errors[f] : null}
              description={f === 'phone' ? phoneHint : undefined}
            >
              <TextInput
                value={values[f]}
                onValueChange={(v) => setValues((cur) => (cur ? { ...cur, [f]: v } : cur))}
              />
            </FormField>
          ))}
        </div>
        <TwoFactorSelect value={twoFactor ?? data.two_factor ?? 'NONE'} onChange={setTwoFactor} />
        <div className="space-y-1 text-sm">
          <p className="font-medium">
            <Trans>Self-registration link</Trans>
          </p>
          {data.self_registration_url ? (
            <a className="break-all text-primary underline" href={data.self_registration_url}>
              {data.self_registration_url}
            </a>
          ) : (
            <p className="text-muted-foreground">
              <Trans>Self-registration is closed. Notisphere support can open it for your organization.</Trans>
            </p>
          )}
        </div>
        <Button type="submit" loading={busy} loadingLabel={t`Saving...`}>
          <Trans>Save</Trans>
        </Button>
      </form>
      <div className="space-y-2 rounded-md border p-4">
        <h2 className="text-lg font-semibold">
          <Trans>Logo</Trans>
        </h2>
        {data.profile_photo_url?.signed_url ? (
          <img
            src={data.profile_photo_url.signed_url}
            alt={t`Organization logo`}
            className="h-16 w-auto rounded-md border"
          />
        ) : null}
        <FileUpload
          kind="Image"
          files={[]}
          label={t`Logo`}
          onUpload={async (file) => {
            try {
              const saved = await uploadProfilePhoto(store, file);
              await mutate(saved);
              toast.success(t`Saved successfully.`);
            } catch (err) {
              toast.danger(errorText(err, t`Unknown error`));
            }
          }}
          onError={(message) => toast.danger(message)}
          messages={{
            imageType: t`The document types should be either of .png, .jpg`,
            documentType: t`The document types should be either of .pdf, .docx, .png, .jpg .xlsx, .mp4`,
            zeroSize: t`Documented failed to upload. Please try again.`,
          }}
          texts={{
            upload: t`Upload`,
            uploading: t`Uploading...`,
            dropHint: t`or drop files here`,
            preview: t`Preview`,
            delete: t`Delete`,
            deleteConfirm: t`Confirm delete file?`,
            confirm: t`Confirm`,
            cancel: t`Cancel`,
          }}
        />
      </div>
      {children}
    </section>
  );
}

/** /supplier/organization: the profile, and the reminder plans of the supplier's recalls and advisories. */
export default function OrganizationPage() {
  return (
    <OrganizationProfilePage testId="supplier-organization">
      <ReminderPlansSection />
      <SsoSettingsPanel />
    </OrganizationProfilePage>
  );
}

/** /provider/organization: the profile, and the organisation's single sign-on. */
export function ProviderOrganizationPage() {
  return (
    <OrganizationProfilePage testId="provider-organization">
      <SsoSettingsPanel />
    </OrganizationProfilePage>
  );
}
