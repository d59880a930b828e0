import { useRef, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Checkbox, DatePicker, FormField, TextInput } from '@portal/design-system';
import { useCommunication, type Communication, type Product } from '../../api/communications';
import { addProductsAfterApproval } from '../../api/supplierFollowUp';
import { emptyProduct, errorCount, validateProducts } from '../../shared/events/eventRules';
import { FormDialog } from '../../shared/forms/FormDialog';
import { useValidationMessages } from '../../shared/forms/validation';
import { useConfirmedAction } from '../../shared/forms/useConfirmedAction';
import { useDateTexts } from '../../shared/words/labels';

type TextKey = 'product_name' | 'catalog_number' | 'lot_number' | 'udi';

/** The products a postupdate sends: the row's own fields, empty ones left out. */
function toNew(p: Product) {
  return {
    product_name: p.product_name.trim(),
    ...(p.catalog_number?.trim() ? { catalog_number: p.catalog_number.trim() } : {}),
    ...(p.lot_number?.trim() ? { lot_number: p.lot_number.trim() } : {}),
    ...(p.udi?.trim() ? { udi: p.udi.trim() } : {}),
    ...(p.expiration_date ? { expiration_date: p.expiration_date } : {}),
    ...(p.quantity !== null ? { quantity: p.quantity } : {}),
  };
}

/**
 * "Add products" on an approved event (issue 33; postupdate): one or more products after its current ones, optionally
 * emailed to the recipients. Products cannot be removed after approval, so saving asks first.
 */
export function AddProductsDialog({ event, onClose }: { event: Communication; onClose: () => void }) {
  const { t } = useLingui();
  const messages = useValidationMessages();
  const dateTexts = useDateTexts();
  const { mutate } = useCommunication(event.id);
  const [products, setProducts] = useState<Product[]>([emptyProduct()]);
  // A stable key per row (rows may be removed from the middle).
  const nextKey = useRef(1);
  const [keys, setKeys] = useState<number[]>([0]);
  const [notify, setNotify] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const confirming = useConfirmedAction(async () => {
    await mutate();
    onClose();
  });
  const errors = validateProducts(products, [], messages);
  const shown = submitted ? errors : {};
  const patch = (index: number, change: Partial<Product>) =>
    setProducts((list) => list.map((p, i) => (i === index ? { ...p, ...change } : p)));
  const text = (index: number, key: TextKey) => (v: string) => patch(index, { [key]: v });

  function submit() {
    setSubmitted(true);
    if (errorCount(errors) > 0) return undefined;
    const count = products.length;
    confirming.ask({
      description: t`Add ${count} product(s) to this approved event? Products cannot be removed after approval.`,
      confirmText: t`Add products`,
      run: async () => {
        const result = await addProductsAfterApproval(event.id, products.map(toNew), notify ? { notify: true } : {});
        const added = result.products_added;
        return t`${added} product(s) added.`;
      },
    });
    return undefined;
  }

  return (
    <>
      <FormDialog title={t`Add products`} testId="add-products" onClose={onClose} submit={submit}>
        {products.map((product, index) => {
          const n = index + 1;
          return (
            <fieldset key={keys[index]} className="grid gap-3 rounded-md border p-3 sm:grid-cols-2">
              <legend className="px-1 text-sm font-semibold">
                <Trans>Product {n}</Trans>
              </legend>
              <FormField label={t`Product Name`} required error={shown[`${index}.product_name`]}>
                <TextInput value={product.product_name} onValueChange={text(index, 'product_name')} maxLength={300} />
              </FormField>
              <FormField label={t`Catalog Number`}>
                <TextInput
                  value={product.catalog_number ?? ''}
                  onValueChange={text(index, 'catalog_number')}
                  maxLength={100}
                />
              </FormField>
              <FormField label={t`Lot Number`}>
                <TextInput value={product.lot_number ?? ''} onValueChange={text(index, 'lot_number')} maxLength={100} />
              </FormField>
              <FormField label={t`UDI`}>
                <TextInput value={product.udi ?? ''} onValueChange={text(index, 'udi')} maxLength={200} />
              </FormField>
              <FormField label={t`Expiration Date`}>
                <DatePicker
                  value={product.expiration_date}
                  onChange={(v) => patch(index, { expiration_date: v })}
                  texts={dateTexts}
                />
              </FormField>
              <FormField label={t`Quantity`} error={shown[`${index}.quantity`]}>
                <TextInput
                  inputMode="numeric"
                  value={product.quantity === null ? '' : String(product.quantity)}
                  onValueChange={(v) => patch(index, { quantity: v.trim() === '' ? null : Number(v) })}
                />
              </FormField>
              {products.length > 1 ? (
                <Button
                  variant="outline"
                  size="sm"
                  className="justify-self-start"
                  onClick={() => {
                    setProducts((list) => list.filter((_, i) => i !== index));
                    setKeys((list) => list.filter((_, i) => i !== index));
                  }}
                >
                  <Trans>Remove product</Trans>
                </Button>
              ) : null}
            </fieldset>
          );
        })}
        <Button
          variant="secondary"
          disabled={products.length >= 500}
          onClick={() => {
            setProducts((list) => [...list, emptyProduct()]);
            setKeys((list) => [...list, nextKey.current++]);
          }}
        >
          <Trans>Add product</Trans>
        </Button>
        {event.status === 'OPEN' ? (
          <label className="flex items-center gap-2 text-sm">
            <Checkbox checked={notify} onCheckedChange={(c) => setNotify(c === true)} />
            <Trans>Email the recipients the updated notice</Trans>
          </label>
        ) : null}
      </FormDialog>
      {confirming.dialog}
    </>
  );
}
