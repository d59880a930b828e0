import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  Button,
  Checkbox,
  DatePicker,
  Dialog,
  DialogContent,
  DialogFooter,
  DialogTitle,
  FormField,
  Spinner,
} from '@portal/design-system';
import { useCustomContent } from '../../api/customContent';
import type { CommunicationAction, CommunicationType } from '../../api/communications';
import { useTemplateActions } from '../../api/supplier';
import { useDateTexts, useLabels } from '../../shared/words/labels';
import { emptyAction, type FieldErrors } from '../../shared/events/eventRules';
import { ActionItem } from './ActionItem';
import { FormError } from '../../shared/forms/FormStates';
import { PER_UNIT_TYPES } from './wizardValues';
import { DUE_YEARS } from './responseDue';

export function ActionsStep({
  id,
  type,
  actions,
  setActions,
  errors,
}: {
  id: number | null;
  type: CommunicationType;
  actions: CommunicationAction[];
  setActions: (update: (a: CommunicationAction[]) => CommunicationAction[]) => void;
  errors: FieldErrors;
}) {
  const customContent = useCustomContent(id).data?.custom_content === true;
  const { t } = useLingui();
  const [templatesOpen, setTemplatesOpen] = useState(false);
  const dateTexts = useDateTexts();
  const patch = (index: number, change: Partial<CommunicationAction>) =>
    setActions((list) => list.map((a, i) => (i === index ? { ...a, ...change } : a)));

  return (
    <div className="space-y-4" data-testid="step-actions">
      {errors.actions ? <FormError testId="wizard-alert">{t`Add at least one action.`}</FormError> : null}
      <ol className="space-y-3">
        {actions.map((action, index) => (
          <ActionItem
            key={index}
            actions={actions}
            index={index}
            setActions={setActions}
            errors={errors}
            testId={`action-${index}`}
          >
            {/* Issue 32: optional; the event's response-due date holds otherwise. */}
            <FormField
              label={t`Due`}
              className="max-w-xs"
              description={t`Optional: when this action should be done, if earlier than the response due date.`}
            >
              <DatePicker
                value={action.due_date ?? null}
                onChange={(value) => patch(index, { due_date: value })}
                fromYear={DUE_YEARS.from}
                toYear={DUE_YEARS.to}
                texts={dateTexts}
              />
            </FormField>
            {customContent && PER_UNIT_TYPES.includes(action.action_type) ? (
              <label className="flex items-center gap-2 text-sm">
                <Checkbox
                  checked={action.per_unit === true}
                  onCheckedChange={(c) => patch(index, { per_unit: c === true })}
                />
                <Trans>Answer per unit (each customer row)</Trans>
              </label>
            ) : null}
          </ActionItem>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={() => setActions((l) => [...l, emptyAction()])}>
          <Trans>Add action</Trans>
        </Button>
        <Button variant="outline" onClick={() => setTemplatesOpen(true)}>
          <Trans>Add from template actions</Trans>
        </Button>
      </div>
      <TemplateActionsDialog
        type={type}
        open={templatesOpen}
        onOpenChange={setTemplatesOpen}
        onAdd={(picked) => setActions((l) => [...l.filter((a) => a.title.trim() !== ''), ...picked])}
      />
    </div>
  );
}

function TemplateActionsDialog({
  type,
  open,
  onOpenChange,
  onAdd,
}: {
  type: CommunicationType;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onAdd: (actions: CommunicationAction[]) => void;
}) {
  const { t } = useLingui();
  const labels = useLabels();
  const { data, isLoading } = useTemplateActions(type, {
    pageNumber: 1,
    pageSize: 500,
    filterModel: { status: { filterType: 'text', type: 'contains', filter: 'ACTIVE' } },
  });
  const [selected, setSelected] = useState<number[]>([]);
  const items = data?.items ?? [];

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t`Close`}>
        <DialogTitle>
          <Trans>Template actions</Trans>
        </DialogTitle>
        {isLoading ? <Spinner label={t`Loading...`} /> : null}
        {!isLoading && items.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            <Trans>No record found</Trans>
          </p>
        ) : null}
        <ul className="max-h-80 space-y-2 overflow-auto">
          {items.map((item) => (
            <li key={item.id}>
              <label className="flex items-center gap-2 text-sm">
                <Checkbox
                  checked={selected.includes(item.id)}
                  onCheckedChange={(c) =>
                    setSelected((s) => (c === true ? [...s, item.id] : s.filter((x) => x !== item.id)))
                  }
                />
                {item.title} ({labels.actionTypes[item.action_type] ?? item.action_type})
              </label>
            </li>
          ))}
        </ul>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            <Trans>Cancel</Trans>
          </Button>
          <Button
            disabled={selected.length === 0}
            onClick={() => {
              onAdd(
                items
                  .filter((i) => selected.includes(i.id))
                  .map((i) => ({
                    action_type: i.action_type,
                    title: i.title,
                    description: i.description,
                    options: i.options,
                    is_required: i.is_required,
                  })),
              );
              setSelected([]);
              onOpenChange(false);
            }}
          >
            <Trans>Add selected</Trans>
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
