import { useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, FormField, Spinner, TextInput, Textarea, useToast } from '@portal/design-system';
import { saveHelpSettings, useHelpSettingsForEdit, type HelpSettings } from '../../api/content';
import { errorText } from '../../shared/lists/table';
import { ContentEntriesManager } from './ContentEntriesManager';

/** /notisphere/content-management: the dashboards' news cards, and the contact information and help links. */
export default function ContentManagementPage() {
  return (
    <div className="space-y-8">
      <ContentEntriesManager kind="NEWS" />
      <HelpSettingsForm />
    </div>
  );
}

type HelpKey = keyof HelpSettings;

function HelpSettingsForm() {
  const { data, error, mutate } = useHelpSettingsForEdit();
  if (error) return <p role="alert">{error.message}</p>;
  if (!data) return <Spinner />;
  return <HelpSettingsFields key={JSON.stringify(data)} initial={data} onSaved={(d) => void mutate(d, false)} />;
}

function HelpSettingsFields({ initial, onSaved }: { initial: HelpSettings; onSaved: (d: HelpSettings) => void }) {
  const { t } = useLingui();
  const toast = useToast();
  const [values, setValues] = useState<Record<HelpKey, string>>(
    () => Object.fromEntries(Object.entries(initial).map(([k, v]) => [k, v ?? ''])) as Record<HelpKey, string>,
  );
  const [busy, setBusy] = useState(false);
  const set = (key: HelpKey) => (value: string) => setValues((v) => ({ ...v, [key]: value }));
  const fields: { key: HelpKey; label: string; type?: string; long?: boolean }[] = [
    { key: 'contact_email', label: t`Contact email`, type: 'email' },
    { key: 'contact_phone', label: t`Contact phone`, type: 'tel' },
    { key: 'contact_address', label: t`Address`, long: true },
    { key: 'contact_hours', label: t`Support hours` },
    { key: 'knowledge_base_url', label: t`Knowledge base link`, type: 'url' },
    { key: 'faq_url', label: t`FAQ link`, type: 'url' },
    { key: 'contact_url', label: t`Contact page link`, type: 'url' },
  ];

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      onSaved(await saveHelpSettings(values));
      toast.success(t`Saved successfully.`);
    } catch (err) {
      toast.danger(errorText(err, t`Unknown error`));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="max-w-2xl space-y-3" aria-labelledby="help-settings-title">
      <h2 id="help-settings-title" className="text-xl font-semibold">
        <Trans>Contact information and help links</Trans>
      </h2>
      <form onSubmit={(e) => void submit(e)} noValidate className="space-y-3" data-testid="help-settings-form">
        {fields.map((f) => (
          <FormField key={f.key} label={f.label}>
            {f.long ? (
              <Textarea value={values[f.key]} onChange={(e) => set(f.key)(e.target.value)} maxLength={1000} />
            ) : (
              <TextInput type={f.type ?? 'text'} value={values[f.key]} onValueChange={set(f.key)} maxLength={2000} />
            )}
          </FormField>
        ))}
        <Button type="submit" disabled={busy}>
          <Trans>Save</Trans>
        </Button>
      </form>
    </section>
  );
}
