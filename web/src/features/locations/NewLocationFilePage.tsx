import { type FormEvent, useState } from 'react';
import { useLocation } from 'wouter';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, FormField, SimpleSelect, useToast } from '@portal/design-system';
import { uploadLocationFile, usePreProcessorSuppliers } from '../../api/locationPreProcessor';
import { errorText, PageHeader } from '../../shared/lists/table';

const BASE = '/notisphere/location-pre-processor';
const MAX_BYTES = 50 * 1024 * 1024;

/**
 * /notisphere/location-pre-processor/new: the operator picks the supplier and a CSV or XLSX location file; the job is
 * created PENDING and matched in the background, and its page opens.
 */
export default function NewLocationFilePage() {
  const { t } = useLingui();
  const toast = useToast();
  const [, navigate] = useLocation();
  const { data: suppliers } = usePreProcessorSuppliers();
  const [supplierId, setSupplierId] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<{ supplier?: string; file?: string }>({});
  const [busy, setBusy] = useState(false);

  function check(): boolean {
    const found: typeof errors = {};
    if (!supplierId) found.supplier = t`Please select a supplier.`;
    if (!file) found.file = t`Please choose a file.`;
    else if (!/\.(csv|xlsx)$/i.test(file.name)) found.file = t`The location file must be a .csv or .xlsx file.`;
    else if (file.size === 0) found.file = t`The file is empty.`;
    else if (file.size > MAX_BYTES) found.file = t`The file is larger than 50 MB.`;
    setErrors(found);
    return Object.keys(found).length === 0;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!check() || !file) return;
    setBusy(true);
    try {
      const job = await uploadLocationFile(file, Number(supplierId));
      toast.success(t`Location file uploaded. Matching has started.`);
      navigate(`${BASE}/view/${job.id}`);
    } catch (err) {
      toast.danger(errorText(err, t`Unknown error`));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="max-w-xl space-y-4" data-testid="location-pre-processor-new">
      <PageHeader title={t`New Location File`} />
      <form className="space-y-4" onSubmit={(e) => void submit(e)} noValidate>
        <FormField label={t`Supplier`} required error={errors.supplier}>
          <SimpleSelect
            placeholder={t`Select a supplier`}
            options={(suppliers ?? []).map((s) => ({ value: String(s.id), label: s.name }))}
            value={supplierId}
            onValueChange={setSupplierId}
          />
        </FormField>
        <FormField label={t`Location file (CSV or XLSX)`} required error={errors.file}>
          <input
            type="file"
            accept=".csv,.xlsx"
            className="block w-full text-sm"
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
        </FormField>
        <div className="flex gap-2">
          <Button type="submit" loading={busy} loadingLabel={t`Uploading...`}>
            <Trans>Upload</Trans>
          </Button>
          <Button type="button" variant="outline" onClick={() => navigate(BASE)}>
            <Trans>Cancel</Trans>
          </Button>
        </div>
      </form>
    </section>
  );
}
