import { type FormEvent, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  Button,
  DatePicker,
  FormField,
  SimpleSelect,
  StatusLabel,
  Textarea,
  TextInput,
  useToast,
  validate,
} from '@portal/design-system';
import type { Communication } from '../../api/communications';
import { useSupplierCustomers } from '../../api/supplierAttention';
import { saveFollowUpTask, useFollowUpTasks, type FollowUpTask } from '../../api/supplierFollowUp';
import { errorText, formatDate } from '../../shared/lists/table';
import { FormLoading } from '../../shared/forms/FormStates';
import { useValidationMessages } from '../../shared/forms/validation';
import { useConfirmedAction } from '../../shared/forms/useConfirmedAction';
import { useDateTexts, useLabels } from '../../shared/words/labels';

const EVENT = '0';

/** The task's fields the server takes back when its status changes (an update replaces them all). */
const fieldsOf = (task: FollowUpTask) => ({
  id: task.id,
  communication_id: task.communication_id,
  provider_communication_id: task.provider_communication_id,
  title: task.title,
  description: task.description,
  assignee_email: task.assignee_email,
  due_date: task.due_date,
});

/**
 * The supplier's own follow-up tasks on an event (issue 33; the spec's internal actions): who at the supplier does
 * what, about the whole event or one customer, by when. Add one, mark it completed (or open again), delete it (asks
 * first). Never shown to providers.
 */
export function FollowUpTasksPanel({ event }: { event: Communication }) {
  const { t } = useLingui();
  const toast = useToast();
  const labels = useLabels();
  const dateTexts = useDateTexts();
  const messages = useValidationMessages();
  const { data: tasks, error, mutate } = useFollowUpTasks(event.id);
  const { data: customers } = useSupplierCustomers(event.id, { pageNumber: 1, pageSize: 500 });
  const notified = (customers?.items ?? []).filter((c) => c.provider_communication_id !== null);
  const deleting = useConfirmedAction(() => mutate());
  const [title, setTitle] = useState('');
  const [assignee, setAssignee] = useState('');
  const [due, setDue] = useState<string | null>(null);
  const [about, setAbout] = useState(EVENT);
  const [description, setDescription] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [changing, setChanging] = useState<number | null>(null);
  const titleError = validate(title.trim(), 'required', { messages });
  const assigneeError = assignee.trim() ? validate(assignee.trim(), 'email', { messages }) : null;
  const customerOf = new Map(notified.map((c) => [c.provider_communication_id, c.name]));

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setSubmitted(true);
    if (titleError || assigneeError) return;
    setBusy(true);
    try {
      await saveFollowUpTask({
        communication_id: event.id,
        title: title.trim(),
        ...(description.trim() ? { description: description.trim() } : {}),
        ...(assignee.trim() ? { assignee_email: assignee.trim() } : {}),
        ...(due ? { due_date: due } : {}),
        ...(about !== EVENT ? { provider_communication_id: Number(about) } : {}),
      });
      toast.success(t`Follow-up task added.`);
      setTitle('');
      setAssignee('');
      setDue(null);
      setAbout(EVENT);
      setDescription('');
      setSubmitted(false);
      await mutate();
    } catch (err) {
      toast.danger(errorText(err, t`Unknown error`));
    } finally {
      setBusy(false);
    }
  }

  async function setStatus(task: FollowUpTask, status: 'OPEN' | 'COMPLETED') {
    setChanging(task.id);
    try {
      await saveFollowUpTask({ ...fieldsOf(task), status });
      toast.success(status === 'COMPLETED' ? t`Task completed.` : t`Task opened again.`);
      await mutate();
    } catch (err) {
      toast.danger(errorText(err, t`Unknown error`));
    } finally {
      setChanging(null);
    }
  }

  function askDelete(task: FollowUpTask) {
    const name = task.title;
    deleting.ask({
      description: t`Delete the follow-up task "${name}"? This cannot be undone.`,
      confirmText: t`Delete`,
      destructive: true,
      run: async () => {
        await saveFollowUpTask({ ...fieldsOf(task), status: 'DELETED' });
        return t`Follow-up task deleted.`;
      },
    });
  }

  return (
    <section className="grid min-w-0 gap-4" data-testid="follow-up-tasks">
      <p className="text-sm text-muted-foreground">
        <Trans>Follow-up tasks are your organization's own to-do list for this event. Providers never see them.</Trans>
      </p>
      <form
        onSubmit={(e) => void onSubmit(e)}
        noValidate
        className="grid gap-3 rounded-md border p-3 sm:grid-cols-2"
        aria-label={t`Add follow-up task`}
      >
        <FormField label={t`Task`} required error={submitted ? titleError : null}>
          <TextInput value={title} onValueChange={setTitle} maxLength={300} />
        </FormField>
        <FormField label={t`Assigned to (email)`} error={submitted ? assigneeError : null}>
          <TextInput type="email" value={assignee} onValueChange={setAssignee} maxLength={254} />
        </FormField>
        <FormField label={t`Due date`}>
          <DatePicker value={due} onChange={setDue} texts={dateTexts} />
        </FormField>
        <FormField label={t`About`}>
          <SimpleSelect
            value={about}
            onValueChange={setAbout}
            options={[
              { value: EVENT, label: t`The whole event` },
              ...notified.map((c) => ({ value: String(c.provider_communication_id), label: c.name })),
            ]}
          />
        </FormField>
        <FormField label={t`Description`} className="sm:col-span-2">
          <Textarea value={description} onValueChange={setDescription} maxLength={5000} />
        </FormField>
        <Button type="submit" className="justify-self-start" loading={busy}>
          <Trans>Add task</Trans>
        </Button>
      </form>
      {error ? (
        <p role="alert" className="text-sm text-destructive">
          {errorText(error, t`Unknown error`)}
        </p>
      ) : !tasks ? (
        <FormLoading />
      ) : tasks.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          <Trans>No record found</Trans>
        </p>
      ) : (
        <ul className="grid gap-2" aria-label={t`Follow-up tasks`}>
          {tasks.map((task) => {
            const done = task.status === 'COMPLETED';
            const due = formatDate(task.due_date);
            return (
              <li
                key={task.id}
                data-testid="follow-up-task"
                className="flex flex-wrap items-start justify-between gap-2 rounded-md border px-3 py-2 text-sm"
              >
                <span className="grid min-w-0 gap-0.5 break-words">
                  <span className={done ? 'font-medium line-through' : 'font-medium'}>{task.title}</span>
                  <span className="text-xs text-muted-foreground">
                    {[
                      task.provider_communication_id
                        ? (customerOf.get(task.provider_communication_id) ?? '')
                        : t`The whole event`,
                      task.assignee_email,
                      due ? t`Due ${due}` : null,
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </span>
                  {task.description ? <span className="text-muted-foreground">{task.description}</span> : null}
                </span>
                <span className="flex flex-wrap items-center gap-2">
                  <StatusLabel status={task.status} kind="communication" labels={labels.statuses} />
                  <Button
                    variant="outline"
                    size="sm"
                    loading={changing === task.id}
                    onClick={() => void setStatus(task, done ? 'OPEN' : 'COMPLETED')}
                  >
                    {done ? <Trans>Open again</Trans> : <Trans>Complete</Trans>}
                  </Button>
                  <Button variant="outline" size="sm" onClick={() => askDelete(task)}>
                    <Trans>Delete</Trans>
                  </Button>
                </span>
              </li>
            );
          })}
        </ul>
      )}
      {deleting.dialog}
    </section>
  );
}
