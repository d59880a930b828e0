import { Trans, useLingui } from '@lingui/react/macro';
import { Button, useToast } from '@portal/design-system';
import { ReminderPlanFields } from '../../shared/events/ReminderPlanFields';
import { FormLoading } from '../../shared/forms/FormStates';
import type { ReminderPlanDraft } from './reminderPlanDraft';

/** The recipients step's reminder plan: hours between reminders and the maximum, with its own Save. */
export function WizardReminderPlan({
  draft,
  busy,
  run,
}: {
  draft: ReminderPlanDraft;
  busy: boolean;
  run: (work: () => Promise<void>) => Promise<void>;
}) {
  const { t } = useLingui();
  const toast = useToast();
  return (
    <fieldset className="space-y-3 rounded-md border p-4" data-testid="wizard-reminder-plan">
      <legend className="px-1 text-sm font-semibold">
        <Trans>Reminders</Trans>
      </legend>
      <p className="text-sm text-muted-foreground">
        <Trans>Recipients who have not answered are reminded by email, at this interval, up to this many times.</Trans>{' '}
        {draft.organisationDefault ? (
          <span>
            <Trans>This is the organisation default for the event's class.</Trans>
          </span>
        ) : null}
      </p>
      {draft.input ? (
        <>
          <ReminderPlanFields value={draft.input} onChange={draft.setInput} errors={draft.errors} />
          <Button
            variant="secondary"
            size="sm"
            disabled={busy || !draft.changed}
            onClick={() =>
              void run(async () => {
                if (await draft.save()) toast.success(t`The reminder plan has been saved.`);
              })
            }
          >
            <Trans>Save reminder plan</Trans>
          </Button>
        </>
      ) : (
        <FormLoading />
      )}
    </fieldset>
  );
}
