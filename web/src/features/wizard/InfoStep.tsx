import { FdaRecallNumbersField } from './FdaRecallNumbersField';
import { Plural, useLingui } from '@lingui/react/macro';
import { DatePicker, FormField, RichTextEditor, TextInput } from '@portal/design-system';
import { POST_UPDATE_FIELDS, type CommunicationInfo, type CommunicationType } from '../../api/communications';
import { useValidationMessages } from '../../shared/forms/validation';
import { CommunicationClassFields } from './CommunicationClassFields';
import { useDateTexts, useEditorTexts } from '../../shared/words/labels';
import type { FieldErrors } from '../../shared/events/eventRules';
import { NONE } from './wizardValues';
import { DUE_YEARS } from './responseDue';

/** The response-due field's state: the class's default (`date`, `days` after sending), and whether the date is the supplier's own. */
export interface ResponseDue {
  date: string | null;
  days: number | null;
  own: boolean;
  setOwn: (own: boolean) => void;
}

export function InfoStep({
  info,
  setInfo,
  errors,
  type,
  locked,
  due,
}: {
  info: CommunicationInfo;
  setInfo: (update: (info: CommunicationInfo) => CommunicationInfo) => void;
  errors: FieldErrors;
  type: CommunicationType;
  /** Approved: only the post-approval fields stay editable. */
  locked: boolean;
  due: ResponseDue;
}) {
  const off = (key: keyof CommunicationInfo) => locked && !(POST_UPDATE_FIELDS as readonly string[]).includes(key);
  const { t } = useLingui();
  const messages = useValidationMessages();
  const dateTexts = useDateTexts();
  const editorTexts = useEditorTexts();
  const set =
    <K extends keyof CommunicationInfo>(key: K) =>
    (value: CommunicationInfo[K]) =>
      setInfo((i) => ({ ...i, [key]: value }));
  const text = (key: keyof CommunicationInfo) => (value: string) => setInfo((i) => ({ ...i, [key]: value }));
  const select = (key: keyof CommunicationInfo) => (value: string) =>
    setInfo((i) => ({ ...i, [key]: value === NONE ? null : value }));
  const recall = type === 'RECALL';

  return (
    <div className="grid gap-4 sm:grid-cols-2" data-testid="step-info">
      <FormField label={t`Name`} required error={errors.name}>
        <TextInput value={info.name} onValueChange={text('name')} maxLength={200} />
      </FormField>
      <FormField label={t`Event ID`}>
        <TextInput
          value={info.event_id ?? ''}
          onValueChange={text('event_id')}
          maxLength={100}
          disabled={off('event_id')}
        />
      </FormField>
      <FdaRecallNumbersField
        value={info.fda_recall_numbers ?? []}
        onChange={(numbers) => setInfo((i) => ({ ...i, fda_recall_numbers: numbers }))}
        disabled={off('fda_recall_numbers')}
      />
      <CommunicationClassFields
        recall={recall}
        values={info}
        onChange={select}
        errors={errors}
        // Approved: type and classification lock like every field outside POST_UPDATE_FIELDS (the other three never did).
        disabled={(field) => (field === 'subtype' || field === 'classification' ? off(field) : undefined)}
      />
      <FormField label={t`Event Date`}>
        <DatePicker
          value={info.event_date}
          onChange={set('event_date')}
          texts={dateTexts}
          disabled={off('event_date')}
        />
      </FormField>
      <FormField label={t`End Date`} error={errors.end_date}>
        {/* An event still going on has no end date: 'Not Applicable' says so (spec 000 §2's date picker). */}
        <DatePicker value={info.end_date} onChange={set('end_date')} texts={dateTexts} allowNotApplicable />
      </FormField>
      <FormField
        label={t`Response Due`}
        data-testid="response-due"
        description={!due.own && due.days !== null ? <ResponseDueHint days={due.days} /> : undefined}
      >
        <DatePicker
          // The class's default until the supplier picks a date; clearing it goes back to the default.
          value={due.own ? (info.response_due_date ?? null) : due.date}
          onChange={(value) => {
            setInfo((i) => ({ ...i, response_due_date: value }));
            due.setOwn(value !== null);
          }}
          fromYear={DUE_YEARS.from}
          toYear={DUE_YEARS.to}
          texts={dateTexts}
          disabled={off('response_due_date')}
        />
      </FormField>
      <FormField label={t`Contact Name`}>
        <TextInput value={info.contact_name ?? ''} onValueChange={text('contact_name')} />
      </FormField>
      <FormField label={t`Contact Email`} error={errors.contact_email}>
        <TextInput type="email" value={info.contact_email ?? ''} onValueChange={text('contact_email')} />
      </FormField>
      <FormField label={t`Contact Phone`} error={errors.contact_phone}>
        <TextInput type="tel" value={info.contact_phone ?? ''} onValueChange={text('contact_phone')} />
      </FormField>
      <div className="sm:col-span-2">
        <FormField label={t`Description`} required error={errors.description}>
          <RichTextEditor
            value={info.description ?? ''}
            onChange={set('description')}
            aria-label={t`Description`}
            rules="required_editor"
            messages={messages}
            showErrors={false}
            texts={editorTexts}
          />
        </FormField>
      </div>
    </div>
  );
}

/** Under a default response-due date: it counts from the day the event is sent. */
function ResponseDueHint({ days }: { days: number }) {
  return (
    <Plural
      value={days}
      one="The default for this class: # day after the event is sent, unless you pick a date."
      other="The default for this class: # days after the event is sent, unless you pick a date."
    />
  );
}
