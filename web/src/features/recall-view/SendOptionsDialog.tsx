import { useId, useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  Button,
  Checkbox,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogTitle,
  Label,
  RadioGroup,
  RadioGroupItem,
} from '@portal/design-system';
import { sendNotification, type CommunicationType } from '../../api/communications';
import { DateTimeField, dateTimeOf, type DateTimeInput } from '../../shared/forms/DateTimeField';
import { formatDate } from '../../shared/lists/table';
import type { PendingAction } from '../../shared/forms/useConfirmedAction';

type Who = 'new' | 'all';
type When = 'now' | 'later';

/** Tomorrow at 09:00, the schedule's first suggestion. */
function tomorrowMorning(): DateTimeInput {
  const day = new Date();
  day.setDate(day.getDate() + 1);
  const pad = (n: number) => String(n).padStart(2, '0');
  return { date: `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`, time: '09:00' };
}

/**
 * The choices of a send: the new recipients only (the default, as the one-click Send) or everyone again,
 * with or without the customers whose every location is Not Covered, now or at a date and time. Continue hands the
 * send to `ask`, which confirms it in a sentence and reports its result; cancelling that comes back here.
 */
export function SendOptionsDialog({
  id,
  type,
  initialWhen = 'now',
  onClose,
  ask,
}: {
  id: number;
  type: CommunicationType;
  initialWhen?: When;
  onClose: () => void;
  ask: (action: PendingAction) => void;
}) {
  const { t } = useLingui();
  const uid = useId();
  const [who, setWho] = useState<Who>('new');
  const [notCovered, setNotCovered] = useState(false);
  const [when, setWhen] = useState<When>(initialWhen);
  const [moment, setMoment] = useState<DateTimeInput>(tomorrowMorning);
  const [submitted, setSubmitted] = useState(false);
  const [hidden, setHidden] = useState(false);

  const at = dateTimeOf(moment);
  const momentError =
    when !== 'later'
      ? null
      : at === null
        ? t`Choose a date and a time.`
        : at.getTime() <= Date.now()
          ? t`Choose a moment in the future.`
          : null;

  function sentence(): string {
    const shown = at ? formatDate(at.toISOString()) : '';
    const base =
      when === 'now'
        ? who === 'new'
          ? t`Send the notice now to every recipient who has not received it yet?`
          : t`Send the notice now to every recipient again, including those who already received it?`
        : who === 'new'
          ? t`Send the notice on ${shown} to every recipient who has not received it by then?`
          : t`Send the notice on ${shown} to every recipient again, including those who already received it?`;
    return notCovered ? `${base} ${t`Customers whose every location is Not Covered are included.`}` : base;
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    if (momentError) return;
    const notificationDate = when === 'later' && at ? at.toISOString() : undefined;
    const shown = at ? formatDate(at.toISOString()) : '';
    setHidden(true);
    ask({
      description: sentence(),
      confirmText: when === 'now' ? t`Send` : t`Schedule`,
      onCancel: () => setHidden(false),
      run: async () => {
        onClose();
        const result = await sendNotification(id, type, {
          sendType: who,
          senTypeNotCov: notCovered || undefined,
          notificationDate,
        });
        const emails = result.emails_queued;
        return notificationDate
          ? t`The notice is scheduled for ${shown}: ${emails} email(s) will go then.`
          : t`Notifications sent: ${emails} email(s) queued.`;
      },
    });
  }

  return (
    <Dialog open={!hidden} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent closeLabel={t`Close`} className="max-h-[90vh] overflow-auto" data-testid="send-options">
        <DialogTitle>
          <Trans>Send options</Trans>
        </DialogTitle>
        <DialogDescription>
          <Trans>Choose who receives the notice and when.</Trans>
        </DialogDescription>
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium">
              <Trans>Recipients</Trans>
            </legend>
            <RadioGroup value={who} onValueChange={(v) => setWho(v as Who)} aria-label={t`Recipients`}>
              <div className="flex items-center gap-2">
                <RadioGroupItem id={`${uid}-new`} value="new" />
                <Label htmlFor={`${uid}-new`} className="font-normal">
                  <Trans>Only new recipients</Trans>
                </Label>
              </div>
              <div className="flex items-center gap-2">
                <RadioGroupItem id={`${uid}-all`} value="all" />
                <Label htmlFor={`${uid}-all`} className="font-normal">
                  <Trans>Everyone again</Trans>
                </Label>
              </div>
            </RadioGroup>
            <div className="flex items-center gap-2">
              <Checkbox
                id={`${uid}-not-covered`}
                checked={notCovered}
                onCheckedChange={(c) => setNotCovered(c === true)}
              />
              <Label htmlFor={`${uid}-not-covered`} className="font-normal">
                <Trans>Include the Not Covered customers</Trans>
              </Label>
            </div>
          </fieldset>
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium">
              <Trans>When</Trans>
            </legend>
            <RadioGroup value={when} onValueChange={(v) => setWhen(v as When)} aria-label={t`When`}>
              <div className="flex items-center gap-2">
                <RadioGroupItem id={`${uid}-now`} value="now" />
                <Label htmlFor={`${uid}-now`} className="font-normal">
                  <Trans>Now</Trans>
                </Label>
              </div>
              <div className="flex items-center gap-2">
                <RadioGroupItem id={`${uid}-later`} value="later" />
                <Label htmlFor={`${uid}-later`} className="font-normal">
                  <Trans>At a date and time</Trans>
                </Label>
              </div>
            </RadioGroup>
            {when === 'later' ? (
              <DateTimeField value={moment} onChange={setMoment} error={submitted ? momentError : null} />
            ) : null}
          </fieldset>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit">
              <Trans>Continue</Trans>
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
