import { Trans, useLingui } from '@lingui/react/macro';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@portal/design-system';
import { useFdaRecord } from '../../api/fda';
import { useLabels } from '../words/labels';
import { errorText } from '../lists/table';

/** A field of openFDA's record as a readable line: arrays joined, nested blocks as their own fields. */
function fieldText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map(fieldText).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/**
 * One FDA record with every field openFDA published, read from `path` (the operator's `/notisphere/fda/...` record or
 * the provider dashboard card's `/provider/dashboard/fda-recalls/...`); open while `path` is set.
 */
export function FdaRecordDialog({
  recallNumber,
  path,
  onClose,
}: {
  recallNumber: string | null;
  path: string | null;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const labels = useLabels();
  const { data, error, isLoading } = useFdaRecord(path);
  const fields = data ? Object.entries(data.record).filter(([k]) => k !== 'openfda') : [];
  const openfda = data ? Object.entries(data.openfda) : [];
  return (
    <Dialog open={path !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-h-[85vh] max-w-3xl overflow-y-auto" closeLabel={t`Close`} data-testid="fda-record">
        <DialogHeader>
          <DialogTitle>{recallNumber}</DialogTitle>
          <DialogDescription>
            {data
              ? [
                  data.recalling_firm,
                  labels.fdaStatuses[data.status ?? ''] ?? data.status,
                  labels.fdaClassifications[data.classification ?? ''] ?? data.classification,
                ]
                  .filter(Boolean)
                  .join(' · ')
              : isLoading
                ? t`Loading...`
                : ''}
          </DialogDescription>
        </DialogHeader>
        {error ? <p className="text-destructive">{errorText(error, t`Unknown error`)}</p> : null}
        {data ? (
          <dl className="grid grid-cols-[minmax(10rem,auto)_1fr] gap-x-4 gap-y-1 text-sm">
            {fields.map(([key, value]) => (
              <FieldRow key={key} name={key} value={fieldText(value)} />
            ))}
            {openfda.length ? (
              <dt className="col-span-2 mt-3 font-semibold">
                <Trans>openFDA details</Trans>
              </dt>
            ) : null}
            {openfda.map(([key, value]) => (
              <FieldRow key={`openfda.${key}`} name={key} value={fieldText(value)} />
            ))}
          </dl>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function FieldRow({ name, value }: { name: string; value: string }) {
  return (
    <>
      <dt className="font-mono text-xs text-muted-foreground">{name}</dt>
      <dd className="whitespace-pre-wrap break-words">{value}</dd>
    </>
  );
}
