import { useLingui } from '@lingui/react/macro';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@portal/design-system';
import { type FdaRecord, useFdaRecord } from '../../api/fda';
import { useLabels } from '../words/labels';
import { errorText } from '../lists/table';
import {
  ENFORCEMENT_FIELDS,
  FDA_SECTIONS,
  type FdaSectionId,
  fdaValueText,
  OPENFDA_FIELDS,
  readableFieldName,
  useFdaFieldWords,
} from './fdaFields';

interface Line {
  field: string;
  label: string;
  text: string;
}
interface Section {
  id: FdaSectionId;
  lines: Line[];
}

/**
 * The record's fields in labelled, ordered sections (issue 36 item 13): the known fields of openFDA's record by
 * section, then its openfda block, then (a device recall) the enforcement report of its number, then whatever else
 * the record holds under readable names. Empty fields are left out; status and classification read as the lists'.
 */
function useSections(data: FdaRecord | undefined): Section[] {
  const labels = useLabels();
  const words = useFdaFieldWords();
  if (!data) return [];
  const record = data.record as Record<string, unknown>;
  const seen = new Set(['openfda']);
  const word = (field: string, value: unknown): string => {
    // A field this kind of record does not carry (a device recall has no `status`) is left out, not "undefined".
    if (value === null || value === undefined) return '';
    if (field === 'classification') return labels.fdaClassifications[String(value ?? 'none')] ?? String(value);
    if (field === 'status' || field === 'recall_status') {
      const code = String(value).replace(/^Open, Classified$/, 'Open Classified');
      return labels.fdaStatuses[code] ?? String(value);
    }
    return fdaValueText(field, value);
  };
  const line = (field: string, value: unknown, label: string): Line[] => {
    const text = word(field, value);
    return text.trim() === '' ? [] : [{ field, label, text }];
  };
  const sections: Section[] = FDA_SECTIONS.map(({ id, fields }) => ({
    id,
    lines: fields.flatMap((field) => {
      seen.add(field);
      // The classification is the record's, or (a device recall) its enforcement report's: the lists' value.
      if (field === 'classification')
        return line(field, data.classification ?? 'none', words.fields.classification ?? field);
      return line(field, record[field], words.fields[field] ?? readableFieldName(field));
    }),
  }));
  const openfda = data.openfda as Record<string, unknown>;
  const openfdaFields = [...OPENFDA_FIELDS, ...Object.keys(openfda).filter((k) => !OPENFDA_FIELDS.includes(k))];
  sections.push({
    id: 'openfda',
    lines: openfdaFields.flatMap((field) =>
      line(`openfda.${field}`, openfda[field], words.openfda[field] ?? readableFieldName(field)),
    ),
  });
  const enforcement = data.enforcement as Record<string, unknown> | null | undefined;
  if (enforcement)
    sections.push({
      id: 'enforcement',
      lines: ENFORCEMENT_FIELDS.flatMap((field) =>
        line(field, enforcement[field], words.fields[field] ?? readableFieldName(field)),
      ),
    });
  sections.push({
    id: 'other',
    lines: Object.keys(record)
      .filter((field) => !seen.has(field))
      .sort()
      .flatMap((field) => line(field, record[field], readableFieldName(field))),
  });
  return sections.filter((s) => s.lines.length > 0);
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
  const words = useFdaFieldWords();
  const { data, error, isLoading } = useFdaRecord(path);
  const sections = useSections(data);
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
                  labels.fdaClassifications[data.classification ?? 'none'] ?? data.classification,
                ]
                  .filter(Boolean)
                  .join(' · ')
              : isLoading
                ? t`Loading...`
                : ''}
          </DialogDescription>
        </DialogHeader>
        {error ? <p className="text-destructive">{errorText(error, t`Unknown error`)}</p> : null}
        {sections.map((section) => (
          <section key={section.id} aria-labelledby={`fda-section-${section.id}`} data-section={section.id}>
            <h3 id={`fda-section-${section.id}`} className="mb-2 mt-3 text-sm font-semibold">
              {words.sections[section.id]}
            </h3>
            <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[minmax(9rem,12rem)_1fr]">
              {section.lines.map((l) => (
                <div key={l.field} className="contents">
                  <dt className="text-muted-foreground">{l.label}</dt>
                  <dd className="mb-1 whitespace-pre-wrap break-words sm:mb-0">{l.text}</dd>
                </div>
              ))}
            </dl>
          </section>
        ))}
      </DialogContent>
    </Dialog>
  );
}
