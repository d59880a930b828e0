import { useState, type FormEvent, type ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  Button,
  Checkbox,
  DatePicker,
  FormField,
  SimpleSelect,
  TextInput,
  Textarea,
  useToast,
  type DatePickerTexts,
} from '@portal/design-system';
import { ACTION_TYPES, type ActionType } from '../../api/communications';
import { updateProviderEventActions, updateProviderEventProducts, type ProviderEditData } from '../../api/provider';
import { useValidationMessages } from '../../app/validation';
import { useLabels } from '../supplier/shared/labels';
import { OPTION_TYPES, emptyAction, shift } from '../supplier/shared/logic';
import { hasFieldErrors } from './logic';
import {
  actionRowsFromEdit,
  actionsBody,
  emptyProductRow,
  productRowsFromEdit,
  productsBody,
  validateActionRows,
  validateProductRows,
  type ActionRow,
  type ProductRow,
} from './eventItems';

function errorText(err: unknown, fallback: string): string {
  return err instanceof Error && err.message ? err.message : fallback;
}

function Alert({ children, testId }: { children: ReactNode; testId: string }) {
  return (
    <p role="alert" className="rounded-md bg-destructive/10 px-3 py-2 text-sm text-destructive" data-testid={testId}>
      {children}
    </p>
  );
}

interface ItemsFormProps {
  /** The event (communication id) and its provider communication. */
  id: number;
  pcId: number;
  data: ProviderEditData;
  /** A completed (or closed) event is read-only. */
  readOnly: boolean;
  onSaved: (data: ProviderEditData) => void;
}

/** update-recall step 1: the products of a provider-created event, saved as a whole list. */
export function EventProductsForm({ id, pcId, data, readOnly, onSaved }: ItemsFormProps) {
  const { t } = useLingui();
  const toast = useToast();
  const messages = useValidationMessages();
  const [rows, setRows] = useState<ProductRow[]>(() => productRowsFromEdit(data));
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const errors = validateProductRows(rows, messages);
  const shown = submitted ? errors : {};
  const disabled = readOnly || busy;
  const dateTexts: Partial<DatePickerTexts> = {
    placeholder: t`MM/DD/YYYY`,
    openCalendar: t`Open calendar`,
    notApplicable: t`Not Applicable`,
    clear: t`Clear`,
    invalid: t`Invalid date`,
    chooseDate: t`Choose date`,
  };
  const patch = (index: number, change: Partial<ProductRow>) =>
    setRows((list) => list.map((p, i) => (i === index ? { ...p, ...change } : p)));
  const text = (index: number, key: Exclude<keyof ProductRow, 'expiration_date'>) => (value: string) =>
    patch(index, { [key]: value });

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    setProblem(null);
    if (hasFieldErrors(errors) || readOnly) return;
    setBusy(true);
    try {
      const saved = await updateProviderEventProducts(id, pcId, productsBody(rows));
      toast.success(t`Saved successfully.`);
      setSubmitted(false);
      onSaved(saved);
    } catch (err) {
      setProblem(errorText(err, t`Unknown error`));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="space-y-4" onSubmit={(e) => void submit(e)} noValidate data-testid="event-products-form">
      {problem ? <Alert testId="event-products-alert">{problem}</Alert> : null}
      {rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          <Trans>No products yet.</Trans>
        </p>
      ) : null}
      {rows.map((product, index) => {
        const n = index + 1;
        return (
          <fieldset key={index} className="space-y-3 rounded-md border p-4" data-testid={`event-product-${index}`}>
            <legend className="px-1 text-sm font-semibold">
              <Trans>Product {n}</Trans>
            </legend>
            <div className="grid gap-3 sm:grid-cols-3">
              <FormField label={t`Product Name`} required error={shown[`${index}.product_name`]}>
                <TextInput
                  value={product.product_name}
                  onValueChange={text(index, 'product_name')}
                  maxLength={300}
                  disabled={disabled}
                />
              </FormField>
              <FormField label={t`Catalog Number`}>
                <TextInput
                  value={product.catalog_number}
                  onValueChange={text(index, 'catalog_number')}
                  maxLength={100}
                  disabled={disabled}
                />
              </FormField>
              <FormField label={t`Lot Number`}>
                <TextInput
                  value={product.lot_number}
                  onValueChange={text(index, 'lot_number')}
                  maxLength={100}
                  disabled={disabled}
                />
              </FormField>
              <FormField label={t`UDI`}>
                <TextInput value={product.udi} onValueChange={text(index, 'udi')} maxLength={200} disabled={disabled} />
              </FormField>
              <FormField label={t`Expiration Date`}>
                <DatePicker
                  value={product.expiration_date}
                  onChange={(v) => patch(index, { expiration_date: v })}
                  texts={dateTexts}
                  disabled={disabled}
                />
              </FormField>
              <FormField label={t`Quantity`} error={shown[`${index}.quantity`]}>
                <TextInput
                  inputMode="numeric"
                  value={product.quantity}
                  onValueChange={text(index, 'quantity')}
                  maxLength={12}
                  disabled={disabled}
                />
              </FormField>
            </div>
            <FormField label={t`Product Description`}>
              <Textarea
                value={product.description}
                onValueChange={text(index, 'description')}
                maxLength={2000}
                disabled={disabled}
              />
            </FormField>
            <Button
              variant="outline"
              size="sm"
              disabled={disabled}
              onClick={() => setRows((list) => list.filter((_, i) => i !== index))}
            >
              <Trans>Remove product</Trans>
            </Button>
          </fieldset>
        );
      })}
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" disabled={disabled} onClick={() => setRows((list) => [...list, emptyProductRow()])}>
          <Trans>Add product</Trans>
        </Button>
        <Button type="submit" loading={busy} loadingLabel={t`Saving...`} disabled={readOnly}>
          <Trans>Save products</Trans>
        </Button>
      </div>
    </form>
  );
}

/** update-recall step 2: the ordered actions of a provider-created event, saved as a whole list (refused once answered). */
export function EventActionsForm({ id, pcId, data, readOnly, onSaved }: ItemsFormProps) {
  const { t } = useLingui();
  const toast = useToast();
  const labels = useLabels();
  const messages = useValidationMessages();
  const [rows, setRows] = useState<ActionRow[]>(() => actionRowsFromEdit(data));
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const errors = validateActionRows(rows, messages);
  const shown = submitted ? errors : {};
  const disabled = readOnly || busy;
  const patch = (index: number, change: Partial<ActionRow>) =>
    setRows((list) => list.map((a, i) => (i === index ? { ...a, ...change } : a)));

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    setProblem(null);
    if (hasFieldErrors(errors) || readOnly) return;
    setBusy(true);
    try {
      const saved = await updateProviderEventActions(id, pcId, actionsBody(rows));
      toast.success(t`Saved successfully.`);
      setSubmitted(false);
      onSaved(saved);
    } catch (err) {
      setProblem(errorText(err, t`Unknown error`));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="space-y-4" onSubmit={(e) => void submit(e)} noValidate data-testid="event-actions-form">
      {problem ? <Alert testId="event-actions-alert">{problem}</Alert> : null}
      {rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          <Trans>No actions yet.</Trans>
        </p>
      ) : null}
      <ol className="space-y-3">
        {rows.map((action, index) => {
          const n = index + 1;
          const withOptions = OPTION_TYPES.includes(action.action_type);
          return (
            <li key={index} className="space-y-3 rounded-md border p-4" data-testid={`event-action-${index}`}>
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="text-sm font-semibold">
                  <Trans>Action {n}</Trans>
                </span>
                <span className="flex gap-1">
                  <Button
                    size="sm"
                    variant="ghost"
                    disabled={disabled || index === 0}
                    onClick={() => setRows((l) => shift(l, index, -1))}
                  >
                    <Trans>Move up</Trans>
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    disabled={disabled || index === rows.length - 1}
                    onClick={() => setRows((l) => shift(l, index, 1))}
                  >
                    <Trans>Move down</Trans>
                  </Button>
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={disabled}
                    onClick={() => setRows((l) => l.filter((_, i) => i !== index))}
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
                      patch(index, {
                        action_type: v as ActionType,
                        options: OPTION_TYPES.includes(v) ? action.options : [],
                      })
                    }
                    options={ACTION_TYPES.map((a) => ({ value: a, label: labels.actionTypes[a] ?? a }))}
                    disabled={disabled}
                  />
                </FormField>
                <FormField label={t`Title`} required error={shown[`${index}.title`]}>
                  <TextInput
                    value={action.title}
                    onValueChange={(v) => patch(index, { title: v })}
                    maxLength={500}
                    disabled={disabled}
                  />
                </FormField>
              </div>
              <FormField label={t`Description`}>
                <Textarea
                  value={action.description ?? ''}
                  onValueChange={(v) => patch(index, { description: v || null })}
                  disabled={disabled}
                />
              </FormField>
              {withOptions ? (
                <FormField
                  label={t`Options (one per line)`}
                  required
                  error={shown[`${index}.options`] ? t`Give distinct, non-empty options.` : null}
                >
                  <Textarea
                    value={action.options.join('\n')}
                    onValueChange={(v) => patch(index, { options: v.split('\n') })}
                    disabled={disabled}
                  />
                </FormField>
              ) : null}
              <label className="flex items-center gap-2 text-sm">
                <Checkbox
                  checked={action.is_required}
                  onCheckedChange={(c) => patch(index, { is_required: c === true })}
                  disabled={disabled}
                />
                <Trans>Required</Trans>
              </label>
            </li>
          );
        })}
      </ol>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" disabled={disabled} onClick={() => setRows((l) => [...l, emptyAction()])}>
          <Trans>Add action</Trans>
        </Button>
        <Button type="submit" loading={busy} loadingLabel={t`Saving...`} disabled={readOnly}>
          <Trans>Save actions</Trans>
        </Button>
      </div>
    </form>
  );
}
