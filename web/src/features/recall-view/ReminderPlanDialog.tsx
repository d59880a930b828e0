import { useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Dialog, DialogContent, DialogDescription, DialogFooter, DialogTitle } from '@portal/design-system';
import { saveReminders, type ReminderSettings } from '../../api/delivery';
import { ReminderPlanFields } from '../../shared/events/ReminderPlanFields';
import {
  planErrors,
  planInput,
  planNumbers,
  usePlanSentence,
  useReminderPlanMessages,
  type ReminderPlanInput,
} from '../../shared/events/reminderPlan';
import type { PendingAction } from '../../shared/forms/useConfirmedAction';

/**
 * One recall's reminder plan: hours between reminders and the maximum, its own or its organisation's for its class.
 * Save (or going back to the organisation's plan) is confirmed in a sentence through `ask`.
 */
export function ReminderPlanDialog({
  id,
  settings,
  onClose,
  ask,
}: {
  id: number;
  settings: ReminderSettings;
  onClose: () => void;
  ask: (action: PendingAction) => void;
}) {
  const { t } = useLingui();
  const sentence = usePlanSentence();
  const [value, setValue] = useState<ReminderPlanInput>(() => planInput(settings));
  const [submitted, setSubmitted] = useState(false);
  const [hidden, setHidden] = useState(false);
  const errors = planErrors(value, useReminderPlanMessages());
  const own = settings.source === 'event';
  const current = sentence(settings);
  // Issue 32: past the due date, the organisation's shorter interval (set with its reminder plans) takes over.
  const overdueHours = settings.overdue_interval_hours;

  function confirmThen(description: string, run: () => Promise<unknown>, done: string) {
    setHidden(true);
    ask({
      description,
      onCancel: () => setHidden(false),
      run: async () => {
        onClose();
        await run();
        return done;
      },
    });
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    const plan = planNumbers(value);
    if (!plan) return;
    const hours = plan.interval_hours;
    const maximum = plan.max_reminders;
    confirmThen(
      maximum === 0
        ? t`Send no more reminders for this event?`
        : t`Send reminders every ${hours} hours, up to ${maximum} time(s), for this event?`,
      () => saveReminders(id, plan),
      t`The reminder plan has been saved.`,
    );
  }

  return (
    <Dialog open={!hidden} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent closeLabel={t`Close`} data-testid="reminder-plan-dialog">
        <DialogTitle>
          <Trans>Reminder plan</Trans>
        </DialogTitle>
        <DialogDescription>
          {own ? (
            <Trans>This event has its own plan: {current}.</Trans>
          ) : (
            <Trans>This event follows the organisation default: {current}.</Trans>
          )}
        </DialogDescription>
        {overdueHours !== null ? (
          <p className="text-sm text-muted-foreground" data-testid="overdue-interval">
            <Trans>
              After its response-due date, the organisation's plan reminds every {overdueHours} hours, if that is
              sooner.
            </Trans>
          </p>
        ) : null}
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <ReminderPlanFields value={value} onChange={setValue} errors={submitted ? errors : undefined} />
          <DialogFooter className="flex-wrap">
            <Button type="button" variant="outline" onClick={onClose}>
              <Trans>Cancel</Trans>
            </Button>
            {own ? (
              <Button
                type="button"
                variant="outline"
                onClick={() =>
                  confirmThen(
                    t`Use the organisation default reminder plan for this event again?`,
                    () => saveReminders(id, { interval_hours: null, max_reminders: null }),
                    t`This event follows the organisation default again.`,
                  )
                }
              >
                <Trans>Use the organisation default</Trans>
              </Button>
            ) : null}
            <Button type="submit">
              <Trans>Save</Trans>
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
