import { useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, DatePicker, FormField, TextInput, Textarea, useToast } from '@portal/design-system';
import {
  updateProviderCreatedCommunicationActions,
  updateProviderCreatedCommunicationProducts,
  type ProviderEditData,
} from '../../api/provider';
import { useValidationMessages } from '../../shared/forms/validation';
import { ActionItem } from './ActionItem';
import { useDateTexts } from '../../shared/words/labels';
import { errorText } from '../../shared/lists/table';
import { emptyAction, type FieldErrors } from '../../shared/events/eventRules';
import { hasFieldErrors } from './createdCommunicationForm';
import {
  actionRowsFromEdit,
  actionsBody,
  emptyProductRow,
  productRowsFromEdit,
  productsBody,
  validateActionRows,
  validateProductRows,
  type ProductRow,
} from './communicationItems';
import { FormError } from '../../shared/forms/FormStates';

/**
 * A list of a provider-created event edited as a whole and saved in one call: its rows, the field errors (shown once
 * submitted), the busy flag and the server's refusal. A read-only event is never sent.
 */
function useItemsForm<Row>({
  initial,
  validate,
  save,
  readOnly,
  onSaved,
}: {
  initial: () => Row[];
  validate: (rows: Row[]) => FieldErrors;
  save: (rows: Row[]) => Promise<ProviderEditData>;
  readOnly: boolean;
  onSaved: (data: ProviderEditData) => void;
}) {
  const { t } = useLingui();
  const toast = useToast();
  const [rows, setRows] = useState<Row[]>(initial);
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const errors = validate(rows);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    setProblem(null);
    if (hasFieldErrors(errors) || readOnly) return;
    setBusy(true);
    try {
      const saved = await save(rows);
      toast.success(t`Saved successfully.`);
      setSubmitted(false);
      onSaved(saved);
    } catch (err) {
      setProblem(errorText(err, t`Unknown error`));
    } finally {
      setBusy(false);
    }
  }

  return { rows, setRows, shown: submitted ? errors : {}, busy, disabled: readOnly || busy, problem, submit };
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
export function CommunicationProductsForm({ id, pcId, data, readOnly, onSaved }: ItemsFormProps) {
  const { t } = useLingui();
  const messages = useValidationMessages();
  const { rows, setRows, shown, busy, disabled, problem, submit } = useItemsForm({
    initial: () => productRowsFromEdit(data),
    validate: (list) => validateProductRows(list, messages),
    save: (list) => updateProviderCreatedCommunicationProducts(id, pcId, productsBody(list)),
    readOnly,
    onSaved,
  });
  const dateTexts = useDateTexts();
  const patch = (index: number, change: Partial<ProductRow>) =>
    setRows((list) => list.map((p, i) => (i === index ? { ...p, ...change } : p)));
  const text = (index: number, key: Exclude<keyof ProductRow, 'expiration_date'>) => (value: string) =>
    patch(index, { [key]: value });

  return (
    <form className="space-y-4" onSubmit={(e) => void submit(e)} noValidate data-testid="event-products-form">
      {problem ? <FormError testId="event-products-alert">{problem}</FormError> : null}
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
                  allowNotApplicable
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
export function CommunicationActionsForm({ id, pcId, data, readOnly, onSaved }: ItemsFormProps) {
  const { t } = useLingui();
  const messages = useValidationMessages();
  const { rows, setRows, shown, busy, disabled, problem, submit } = useItemsForm({
    initial: () => actionRowsFromEdit(data),
    validate: (list) => validateActionRows(list, messages),
    save: (list) => updateProviderCreatedCommunicationActions(id, pcId, actionsBody(list)),
    readOnly,
    onSaved,
  });

  return (
    <form className="space-y-4" onSubmit={(e) => void submit(e)} noValidate data-testid="event-actions-form">
      {problem ? <FormError testId="event-actions-alert">{problem}</FormError> : null}
      {rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          <Trans>No actions yet.</Trans>
        </p>
      ) : null}
      <ol className="space-y-3">
        {rows.map((_, index) => (
          <ActionItem
            key={index}
            actions={rows}
            index={index}
            setActions={setRows}
            errors={shown}
            disabled={disabled}
            testId={`event-action-${index}`}
          />
        ))}
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
