import { useLingui } from '@lingui/react/macro';
import { FormField, SimpleSelect } from '@portal/design-system';
import { useLabels, withCurrent } from '../../shared/words/labels';

export type EventClassField = 'subtype' | 'classification' | 'disposition' | 'lead_time' | 'reason';

/** The value of the "Not set" option of an optional picker. */
export const NOT_SET = '__none__';

/**
 * How an event is classed, as the supplier's wizard and a provider-created event ask it: its type, then for a recall
 * the classification (required) and disposition, for a supply advisory the lead time (required) and reason. A value
 * no longer offered stays shown. `clearable` puts "Not set" (NOT_SET) first on the optional pickers.
 */
export function EventClassFields({
  recall,
  values,
  onChange,
  errors,
  disabled,
  clearable = false,
}: {
  recall: boolean;
  values: Record<EventClassField, string | null | undefined>;
  onChange: (field: EventClassField) => (value: string) => void;
  errors: Partial<Record<EventClassField, string | null>>;
  disabled?: (field: EventClassField) => boolean | undefined;
  clearable?: boolean;
}) {
  const { t } = useLingui();
  const labels = useLabels();
  const notSet = clearable ? [{ value: NOT_SET, label: t`Not set` }] : [];
  const picker = (
    field: EventClassField,
    label: string,
    options: { value: string; label: string }[],
    words: Record<string, string>,
    required: boolean,
  ) => (
    <FormField label={label} required={required} error={required ? errors[field] : undefined}>
      <SimpleSelect
        value={values[field] ?? ''}
        onValueChange={onChange(field)}
        placeholder={t`Select...`}
        options={[...(required ? [] : notSet), ...withCurrent(options, words, values[field])]}
        disabled={disabled?.(field)}
      />
    </FormField>
  );

  return (
    <>
      {picker(
        'subtype',
        recall ? t`Recall Type` : t`Advisory Type`,
        recall ? labels.pickers.recallSubtypes : labels.pickers.disruptionSubtypes,
        labels.subtypes,
        true,
      )}
      {recall ? (
        <>
          {picker('classification', t`Classification`, labels.pickers.classifications, labels.classifications, true)}
          {picker('disposition', t`Disposition`, labels.pickers.dispositions, labels.dispositions, false)}
        </>
      ) : (
        <>
          {picker('lead_time', t`Lead Time`, labels.pickers.leadTimes, labels.leadTimes, true)}
          {picker('reason', t`Reason`, labels.pickers.reasons, labels.reasons, false)}
        </>
      )}
    </>
  );
}
