import { useRef, useState } from 'react';
import { useStore } from 'jotai';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Checkbox, DatePicker, FormField, SimpleSelect, TextInput, useToast } from '@portal/design-system';
import { CustomContentPanel } from '../../shared/events/CustomContentPanel';
import {
  readProductFile,
  reportPath,
  type CustomFieldValue,
  type Product,
  type ProductField,
} from '../../api/communications';
import { downloadFile } from '../../api/client';
import { useDateTexts } from '../../shared/words/labels';
import { emptyProduct, type FieldErrors } from '../../shared/events/eventRules';
import { errorText } from '../../shared/lists/table';
import { FormError } from '../../shared/forms/FormStates';
import { NONE } from './wizardValues';

/** What FormField hands its control (id for the label, aria state), passed on to the input of the field's type. */
interface ControlProps {
  id?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}

function CustomFieldInput({
  field,
  value,
  onChange,
  ...control
}: {
  field: ProductField;
  value: CustomFieldValue | undefined;
  onChange: (value: CustomFieldValue) => void;
} & ControlProps) {
  const { t } = useLingui();
  const dateTexts = useDateTexts();
  switch (field.field_type) {
    case 'Number':
      return (
        <TextInput
          {...control}
          inputMode="decimal"
          value={typeof value === 'number' ? String(value) : ''}
          onValueChange={(v) => onChange(v.trim() === '' || Number.isNaN(Number(v)) ? null : Number(v))}
        />
      );
    case 'Date':
      return (
        <DatePicker
          {...control}
          value={typeof value === 'string' ? value : null}
          onChange={onChange}
          texts={dateTexts}
        />
      );
    case 'YesNo':
      return (
        <SimpleSelect
          {...control}
          value={typeof value === 'string' ? value : ''}
          onValueChange={(v) => onChange(v === NONE ? null : v)}
          placeholder={t`Select...`}
          options={[
            { value: 'Yes', label: t`Yes` },
            { value: 'No', label: t`No` },
          ]}
        />
      );
    case 'TrueFalse':
      return (
        <span className="flex h-9 items-center gap-2 text-sm">
          <Checkbox
            id={control.id}
            checked={value === true}
            onCheckedChange={(c) => onChange(c === true)}
            aria-label={field.name}
          />
          {value === true ? <Trans>True</Trans> : <Trans>False</Trans>}
        </span>
      );
    case 'ListSingle':
      return (
        <SimpleSelect
          {...control}
          value={typeof value === 'string' ? value : ''}
          onValueChange={(v) => onChange(v)}
          placeholder={t`Select...`}
          options={field.options.map((o) => ({ value: o, label: o }))}
        />
      );
    case 'ListMultiple': {
      const selected = Array.isArray(value) ? value : [];
      return (
        <fieldset className="m-0 flex flex-wrap gap-3 border-0 p-0" aria-label={field.name}>
          {field.options.map((o) => (
            <label key={o} className="flex items-center gap-2 text-sm">
              <Checkbox
                checked={selected.includes(o)}
                onCheckedChange={(c) => onChange(c === true ? [...selected, o] : selected.filter((s) => s !== o))}
              />
              {o}
            </label>
          ))}
        </fieldset>
      );
    }
    default:
      return (
        <TextInput {...control} value={typeof value === 'string' ? value : ''} onValueChange={(v) => onChange(v)} />
      );
  }
}

function ProductImport({ id, onProducts }: { id: number | null; onProducts: (products: Product[]) => void }) {
  const { t } = useLingui();
  const toast = useToast();
  const store = useStore();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [problems, setProblems] = useState<{ line: number; message: string }[]>([]);

  async function read(file: File) {
    setBusy(true);
    try {
      const parsed = await readProductFile(store, file);
      setProblems(parsed.errors);
      onProducts(parsed.products.map((p) => ({ ...emptyProduct(), ...p, custom_fields: p.custom_fields ?? {} })));
    } catch (err) {
      toast.danger(errorText(err, t`Unknown error`));
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  }

  return (
    <div className="space-y-2">
      <div className="flex flex-wrap gap-2">
        <input
          ref={input}
          type="file"
          accept=".csv,.xlsx"
          className="sr-only"
          aria-label={t`Product file`}
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) void read(file);
          }}
        />
        <Button variant="outline" loading={busy} loadingLabel={t`Uploading...`} onClick={() => input.current?.click()}>
          <Trans>Import products from file</Trans>
        </Button>
        {id ? (
          <Button
            variant="outline"
            onClick={() =>
              void downloadFile(store, reportPath(id, 'product-template'), undefined, 'Product Template.xlsx').catch(
                (err: unknown) => toast.danger(errorText(err, t`Nothing to download`)),
              )
            }
          >
            <Trans>Download product template</Trans>
          </Button>
        ) : null}
      </div>
      {problems.length ? (
        <ul className="space-y-1 rounded-md border p-2 text-sm text-destructive" data-testid="product-file-errors">
          {problems.map((p) => {
            const line = p.line;
            const message = p.message;
            return (
              <li key={`${line}-${message}`}>
                <Trans>
                  Line {line}: {message}
                </Trans>
              </li>
            );
          })}
        </ul>
      ) : null}
    </div>
  );
}

export function ProductsStep({
  id,
  products,
  setProducts,
  fields,
  errors,
}: {
  id: number | null;
  products: Product[];
  setProducts: (update: (p: Product[]) => Product[]) => void;
  fields: ProductField[];
  errors: FieldErrors;
}) {
  const { t } = useLingui();
  const dateTexts = useDateTexts();
  const patch = (index: number, change: Partial<Product>) =>
    setProducts((list) => list.map((p, i) => (i === index ? { ...p, ...change } : p)));
  const text =
    (index: number, key: 'product_name' | 'catalog_number' | 'lot_number' | 'udi' | 'description') => (v: string) =>
      patch(index, { [key]: v });

  return (
    <div className="space-y-4" data-testid="step-products">
      {errors.products ? <FormError testId="wizard-alert">{t`Add at least one product.`}</FormError> : null}
      <CustomContentPanel id={id} fields={fields} />
      <ProductImport
        id={id}
        onProducts={(added) => setProducts((list) => [...list.filter((p) => p.product_name.trim() !== ''), ...added])}
      />
      {products.map((product, index) => {
        const n = index + 1;
        return (
          <fieldset key={index} className="space-y-3 rounded-md border p-4" data-testid={`product-${index}`}>
            <legend className="px-1 text-sm font-semibold">
              <Trans>Product {n}</Trans>
            </legend>
            <div className="grid gap-3 sm:grid-cols-3">
              <FormField label={t`Product Name`} required error={errors[`${index}.product_name`]}>
                <TextInput value={product.product_name} onValueChange={text(index, 'product_name')} maxLength={300} />
              </FormField>
              <FormField label={t`Catalog Number`}>
                <TextInput value={product.catalog_number ?? ''} onValueChange={text(index, 'catalog_number')} />
              </FormField>
              <FormField label={t`Lot Number`}>
                <TextInput value={product.lot_number ?? ''} onValueChange={text(index, 'lot_number')} />
              </FormField>
              <FormField label={t`UDI`}>
                <TextInput value={product.udi ?? ''} onValueChange={text(index, 'udi')} />
              </FormField>
              <FormField label={t`Expiration Date`}>
                <DatePicker
                  value={product.expiration_date}
                  onChange={(v) => patch(index, { expiration_date: v })}
                  texts={dateTexts}
                  // A product that does not expire.
                  allowNotApplicable
                />
              </FormField>
              <FormField label={t`Quantity`} error={errors[`${index}.quantity`]}>
                <TextInput
                  inputMode="numeric"
                  value={product.quantity === null ? '' : String(product.quantity)}
                  onValueChange={(v) => patch(index, { quantity: v.trim() === '' ? null : Number(v) })}
                />
              </FormField>
              {fields.map((field) => (
                <FormField
                  key={field.id}
                  label={field.name}
                  required={field.is_required}
                  error={errors[`${index}.custom.${field.id}`]}
                >
                  <CustomFieldInput
                    field={field}
                    value={product.custom_fields[String(field.id)]}
                    onChange={(value) =>
                      patch(index, { custom_fields: { ...product.custom_fields, [String(field.id)]: value } })
                    }
                  />
                </FormField>
              ))}
            </div>
            <Button
              variant="outline"
              size="sm"
              onClick={() => setProducts((list) => list.filter((_, i) => i !== index))}
            >
              <Trans>Remove product</Trans>
            </Button>
          </fieldset>
        );
      })}
      <Button variant="secondary" onClick={() => setProducts((list) => [...list, emptyProduct()])}>
        <Trans>Add product</Trans>
      </Button>
    </div>
  );
}
