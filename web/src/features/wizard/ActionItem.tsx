import type { ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Checkbox, FormField, SimpleSelect, TextInput, Textarea } from '@portal/design-system';
import { ACTION_TYPES, type ActionType, type CommunicationAction } from '../../api/communications';
import { useLabels } from '../../shared/words/labels';
import { OPTION_TYPES, shift, type FieldErrors } from '../../shared/events/eventRules';

/**
 * One action of an event's ordered list, as the supplier's wizard and a provider-created event edit it: Move up,
 * Move down and Remove, its type and title, description, options (for the choice types) and the Required flag.
 * `errors` are the list's, keyed `<index>.title` and `<index>.options`; `children` add what only one editor has.
 */
export function ActionItem({
  actions,
  index,
  setActions,
  errors,
  disabled,
  testId,
  children,
}: {
  actions: readonly CommunicationAction[];
  index: number;
  setActions: (update: (list: CommunicationAction[]) => CommunicationAction[]) => void;
  errors: FieldErrors;
  disabled?: boolean;
  testId: string;
  children?: ReactNode;
}) {
  const { t } = useLingui();
  const labels = useLabels();
  const action = actions[index];
  if (!action) return null;
  const n = index + 1;
  const patch = (change: Partial<CommunicationAction>) =>
    setActions((list) => list.map((a, i) => (i === index ? { ...a, ...change } : a)));

  return (
    <li className="space-y-3 rounded-md border p-4" data-testid={testId}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="text-sm font-semibold">
          <Trans>Action {n}</Trans>
        </span>
        <span className="flex gap-1">
          <Button
            size="sm"
            variant="ghost"
            disabled={disabled || index === 0}
            onClick={() => setActions((l) => shift(l, index, -1))}
          >
            <Trans>Move up</Trans>
          </Button>
          <Button
            size="sm"
            variant="ghost"
            disabled={disabled || index === actions.length - 1}
            onClick={() => setActions((l) => shift(l, index, 1))}
          >
            <Trans>Move down</Trans>
          </Button>
          <Button
            size="sm"
            variant="outline"
            disabled={disabled}
            onClick={() => setActions((l) => l.filter((_, i) => i !== index))}
          >
            <Trans>Remove action</Trans>
          </Button>
        </span>
      </div>
      <div className="grid gap-3 sm:grid-cols-[12rem_1fr]">
        <FormField label={t`Action Type`} required>
          <SimpleSelect
            aria-label={t`Action Type`}
            value={action.action_type}
            onValueChange={(v) =>
              patch({ action_type: v as ActionType, options: OPTION_TYPES.includes(v) ? action.options : [] })
            }
            options={ACTION_TYPES.map((a) => ({ value: a, label: labels.actionTypes[a] ?? a }))}
            disabled={disabled}
          />
        </FormField>
        <FormField label={t`Title`} required error={errors[`${index}.title`]}>
          <TextInput
            value={action.title}
            onValueChange={(v) => patch({ title: v })}
            maxLength={500}
            disabled={disabled}
          />
        </FormField>
      </div>
      <FormField label={t`Description`}>
        <Textarea
          value={action.description ?? ''}
          onValueChange={(v) => patch({ description: v || null })}
          disabled={disabled}
        />
      </FormField>
      {OPTION_TYPES.includes(action.action_type) ? (
        <FormField
          label={t`Options (one per line)`}
          required
          error={errors[`${index}.options`] ? t`Give distinct, non-empty options.` : null}
        >
          <Textarea
            value={action.options.join('\n')}
            onValueChange={(v) => patch({ options: v.split('\n') })}
            disabled={disabled}
          />
        </FormField>
      ) : null}
      <label className="flex items-center gap-2 text-sm">
        <Checkbox
          checked={action.is_required}
          onCheckedChange={(c) => patch({ is_required: c === true })}
          disabled={disabled}
        />
        <Trans>Required</Trans>
      </label>
      {children}
    </li>
  );
}
