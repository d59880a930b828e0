import { useLingui } from '@lingui/react/macro';
import { FormField, SimpleSelect } from '@portal/design-system';
import { useLabels, withCurrent } from '../../shared/words/labels';

export type CommunicationClassField = 'subtype' | 'classification' | 'disposition' | 'lead_time' | 'reason';

/** The value of the "Not set" option of an optional picker. */
export const NOT_SET = '__none__';

/**
 * How an event is classed, as the supplier's wizard and a provider-created event ask it: its type, then for a recall
 * the classification (required) and disposition, for a supply advisory the lead time (required) and reason. A value
 * no longer offered stays shown. `clearable` puts "Not set" (NOT_SET) first on the optional pickers.
 */
export function CommunicationClassFields({
  recall,
  values,
  onChange,
  errors,
  disabled,
  clearable = false,
}: {
  recall: boolean;
  values: Record<CommunicationClassField, string | null | undefined>;
  onChange: (field: CommunicationClassField) => (value: string) => void;
  errors: Partial<Record<CommunicationClassField, string | null>>;
  disabled?: (field: CommunicationClassField) => boolean | undefined;
  clearable?: boolean;
}) {
  const { t } = useLingui();
  const labels = useLabels();
  const notSet = clearable ? [{ value: NOT_SET, label: t`Not set` }] : [];
  const picker = (
    field: CommunicationClassField,
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
