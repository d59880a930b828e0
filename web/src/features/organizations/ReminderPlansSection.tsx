import { useEffect, useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import { Button, useToast } from '@portal/design-system';
import {
  REMINDER_PLAN_KEYS,
  saveReminderPlans,
  useReminderPlans,
  type ReminderPlan,
  type ReminderPlanKey,
} from '../../api/delivery';
import { ReminderPlanFields } from '../../shared/events/ReminderPlanFields';
import {
  planErrors,
  planInput,
  planNumbers,
  useReminderPlanMessages,
  type ReminderPlanInput,
} from '../../shared/events/reminderPlan';
import { useLabels } from '../../shared/words/labels';
import { errorText } from '../../shared/lists/table';
import { FormError, FormLoading } from '../../shared/forms/FormStates';
import { authAtom } from '../../state/auth';
import { PlanDueFields } from './PlanDueFields';
import { planDueInput, planDueNumbers, usePlanDueErrors, type PlanDueInput } from './planDue';

/** Each plan's two reminder numbers, and (issue 32) its response-due days and interval after the due date. */
type Inputs = Record<ReminderPlanKey, ReminderPlanInput & { due: PlanDueInput }>;

/** Who may set a plan: the recall classes take the recall permission, the advisory plan the advisory one. */
const PERMISSION_OF_PLAN: Record<ReminderPlanKey, string> = {
  CLASSI: 'Supplier_ManageRecalls',
  CLASSII: 'Supplier_ManageRecalls',
  CLASSIII: 'Supplier_ManageRecalls',
  ADVISORY: 'Supplier_ManageDisruption',
};

function inputsOf(items: ReminderPlan[]): Inputs {
  const byPlan = new Map(items.map((p) => [p.plan, p]));
  return Object.fromEntries(
    REMINDER_PLAN_KEYS.map((key) => {
      const plan = byPlan.get(key);
      return [
        key,
        plan
          ? { ...planInput(plan), due: planDueInput(plan) }
          : { interval: '', maximum: '', due: { dueDays: '', overdue: '' } },
      ];
    }),
  ) as Inputs;
}

/**
 * The organisation's reminder plans: for each recall class and for supply advisories, the hours between
 * reminders and the maximum a recipient who has not answered receives. A recall follows its class's plan unless the
 * wizard or its Delivery tab gives it one of its own.
 */
export function ReminderPlansSection() {
  const { t } = useLingui();
  const toast = useToast();
  const labels = useLabels();
  const { permissions } = useAtomValue(authAtom);
  const editable = REMINDER_PLAN_KEYS.filter((key) => permissions.includes(PERMISSION_OF_PLAN[key]));
  const { data, error, mutate } = useReminderPlans();
  const [inputs, setInputs] = useState<Inputs | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    if (data && !inputs) setInputs(inputsOf(data.items));
  }, [data, inputs]);

  const messages = useReminderPlanMessages();
  const dueErrors = usePlanDueErrors();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!inputs) return;
    setSubmitted(true);
    setProblem(null);
    // Only the plans the person may set are sent (the others are shown, read-only).
    const numbers = editable.map((plan) => ({
      plan,
      numbers: planNumbers(inputs[plan]),
      due: planDueNumbers(inputs[plan].due),
    }));
    if (numbers.some((n) => n.numbers === null || n.due === null)) return;
    setBusy(true);
    try {
      const saved = await saveReminderPlans(numbers.map((n) => ({ plan: n.plan, ...n.numbers!, ...n.due! })));
      await mutate(saved, { revalidate: false });
      setInputs(inputsOf(saved.items));
      setSubmitted(false);
      toast.success(t`The reminder plans have been saved.`);
    } catch (err) {
      setProblem(errorText(err, t`Unknown error`));
    } finally {
      setBusy(false);
    }
  }

  const byPlan = new Map((data?.items ?? []).map((p) => [p.plan, p]));

  return (
    <section className="space-y-3 rounded-md border p-4" data-testid="reminder-plans" aria-labelledby="reminder-plans">
      <h2 id="reminder-plans" className="text-lg font-semibold">
        <Trans>Reminder plans</Trans>
      </h2>
      <p className="text-sm text-muted-foreground">
        <Trans>
          Recipients who have not answered are reminded by email. Each plan applies to the events of its class, unless
          an event is given a plan of its own. It also gives the response-due date of an event sent without one, and may
          remind more often once that date has passed.
        </Trans>
      </p>
      {error ? <FormError>{error.message}</FormError> : null}
      {!inputs ? (
        error ? null : (
          <FormLoading />
        )
      ) : (
        <form onSubmit={(e) => void submit(e)} noValidate className="space-y-4">
          {problem ? <FormError>{problem}</FormError> : null}
          {REMINDER_PLAN_KEYS.map((key) => {
            const label = labels.reminderPlans[key] ?? key;
            const value = inputs[key];
            return (
              <fieldset key={key} className="grid gap-2 border-t pt-3 first:border-t-0 first:pt-0">
                <legend className="flex flex-wrap items-center gap-2 text-sm font-medium">
                  {label}
                  {byPlan.get(key)?.is_default ? (
                    <span className="text-xs font-normal text-muted-foreground">
                      <Trans>(default)</Trans>
                    </span>
                  ) : null}
                </legend>
                <ReminderPlanFields
                  label={label}
                  disabled={!editable.includes(key)}
                  value={value}
                  onChange={(next) => setInputs((cur) => (cur ? { ...cur, [key]: { ...next, due: value.due } } : cur))}
                  errors={submitted && editable.includes(key) ? planErrors(value, messages) : undefined}
                />
                <PlanDueFields
                  label={label}
                  disabled={!editable.includes(key)}
                  value={value.due}
                  onChange={(due) => setInputs((cur) => (cur ? { ...cur, [key]: { ...value, due } } : cur))}
                  errors={submitted && editable.includes(key) ? dueErrors(value.due) : undefined}
                />
              </fieldset>
            );
          })}
          <Button type="submit" loading={busy} loadingLabel={t`Saving...`} disabled={editable.length === 0}>
            <Trans>Save reminder plans</Trans>
          </Button>
        </form>
      )}
    </section>
  );
}
