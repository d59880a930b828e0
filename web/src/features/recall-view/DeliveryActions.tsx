import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '@portal/design-system';
import { sendNotification, type Communication } from '../../api/communications';
import { remindNow, saveReminders, useUnansweredCount, type ReminderSettings } from '../../api/delivery';
import { formatDate } from '../../shared/lists/table';
import { usePlanSentence } from '../../shared/events/reminderPlan';
import type { PendingAction } from '../../shared/forms/useConfirmedAction';
import { ReminderPlanDialog } from './ReminderPlanDialog';
import { SendOptionsDialog } from './SendOptionsDialog';

/**
 * The Delivery tab's actions on the whole event (an open one): a reminder now to everyone who has not answered, the
 * notice to the Not Covered customers, a scheduled send, pausing and resuming reminders, and the reminder plan, with
 * the plan in a sentence. Each asks first through `ask`.
 */
export function DeliveryActions({
  event,
  reminders,
  ask,
}: {
  event: Communication;
  reminders: ReminderSettings | undefined;
  ask: (action: PendingAction) => void;
}) {
  const { t } = useLingui();
  const sentence = usePlanSentence();
  const [dialog, setDialog] = useState<'schedule' | 'plan' | null>(null);
  const open = event.status === 'OPEN';
  // Counted ahead, so that the question names how many will be reminded.
  const { data: unanswered } = useUnansweredCount(event.id, open);

  function askRemindNow() {
    const n = unanswered?.total;
    ask({
      description:
        n === undefined
          ? t`Send a reminder now to every recipient who has not answered?`
          : t`Send a reminder now to ${n} recipient(s) who have not answered?`,
      confirmText: t`Send`,
      run: async () => {
        const result = await remindNow(event.id);
        const reminded = result.reminded;
        const emails = result.emails;
        return t`Reminder sent to ${reminded} recipient(s) (${emails} email(s)).`;
      },
    });
  }

  const planText = reminders ? sentence(reminders) : null;
  const next = reminders?.next_reminder_at ? formatDate(reminders.next_reminder_at) : null;
  const sent = reminders?.reminders_sent ?? 0;

  return (
    <div className="grid gap-3" data-testid="delivery-actions">
      {open ? (
        <div className="flex flex-wrap gap-2">
          <Button onClick={askRemindNow}>
            <Trans>Re-send to everyone who has not answered</Trans>
          </Button>
          <Button
            variant="outline"
            onClick={() =>
              ask({
                description: t`Send the notice to the customers whose every location is Not Covered? Customers already notified do not receive it again.`,
                confirmText: t`Send`,
                run: async () => {
                  const result = await sendNotification(event.id, event.type, {
                    sendType: 'new',
                    senTypeNotCov: true,
                  });
                  const customers = result.customers_notified;
                  return t`Notice sent to ${customers} customer(s).`;
                },
              })
            }
          >
            <Trans>Send to the Not Covered customers</Trans>
          </Button>
          <Button variant="outline" onClick={() => setDialog('schedule')}>
            <Trans>Schedule a send</Trans>
          </Button>
          {reminders ? (
            <Button
              variant="outline"
              onClick={() =>
                ask(
                  reminders.paused
                    ? {
                        description: t`Resume the reminders of this event? Recipients who have not answered are reminded again as planned.`,
                        confirmText: t`Resume reminders`,
                        run: async () => {
                          await saveReminders(event.id, { paused: false });
                          return t`Reminders resumed.`;
                        },
                      }
                    : {
                        description: t`Pause the reminders of this event? No reminder is sent until they are resumed.`,
                        confirmText: t`Pause reminders`,
                        run: async () => {
                          await saveReminders(event.id, { paused: true });
                          return t`Reminders paused.`;
                        },
                      },
                )
              }
            >
              {reminders.paused ? <Trans>Resume reminders</Trans> : <Trans>Pause reminders</Trans>}
            </Button>
          ) : null}
        </div>
      ) : null}
      {reminders && planText ? (
        <div
          className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-md border px-3 py-2 text-sm"
          data-testid="reminder-summary"
        >
          <span className="font-medium">
            <Trans>Reminders:</Trans>
          </span>
          <span>{planText}</span>
          {reminders.source === 'event' ? null : (
            <span className="text-muted-foreground">
              <Trans>(organisation default)</Trans>
            </span>
          )}
          <span className="text-muted-foreground">
            <Trans>{sent} sent</Trans>
          </span>
          {reminders.paused ? (
            <span className="font-medium text-warning-foreground" data-testid="reminders-paused">
              <Trans>Paused</Trans>
            </span>
          ) : next ? (
            <span className="text-muted-foreground">
              <Trans>Next: {next}</Trans>
            </span>
          ) : null}
          {open ? (
            <Button size="sm" variant="ghost" onClick={() => setDialog('plan')}>
              <Trans>Edit reminder plan</Trans>
            </Button>
          ) : null}
        </div>
      ) : null}
      {dialog === 'schedule' ? (
        <SendOptionsDialog
          id={event.id}
          type={event.type}
          initialWhen="later"
          onClose={() => setDialog(null)}
          ask={ask}
        />
      ) : null}
      {dialog === 'plan' && reminders ? (
        <ReminderPlanDialog id={event.id} settings={reminders} onClose={() => setDialog(null)} ask={ask} />
      ) : null}
    </div>
  );
}
