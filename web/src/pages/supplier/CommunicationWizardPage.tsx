import { FdaRecallNumbersField } from './FdaRecallNumbersField';
import { useEffect, useRef, useState } from 'react';
import { useStore } from 'jotai';
import { useLocation, useParams, useSearch } from 'wouter';
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
  RichTextEditor,
  SimpleSelect,
  Spinner,
  Stepper,
  TextInput,
  useToast,
} from '@portal/design-system';
import { CustomContentPanel } from './shared/CustomContentPanel';
import { useCustomContent } from '../../api/customContent';

/** Action types a per-unit action may have (the server's rule, issue 16). */
const PER_UNIT_TYPES: readonly string[] = ['Text', 'Numeric', 'YesNo'];
import {
  approveCommunication,
  POST_UPDATE_FIELDS,
  readProductFile,
  reportPath,
  postUpdate,
  saveStep0,
  saveStep1,
  saveStep2,
  saveStep3,
  sendNotification,
  useCommunication,
  useCommunicationMeta,
  useCustomers,
  type CommunicationAction,
  type CommunicationInfo,
  type CommunicationType,
  type CustomFieldValue,
  type Product,
  type ProductField,
} from '../../api/communications';
import { downloadFile } from '../../api/client';
import { useDistributionLists, useLocationFiles, useSupplierProviders, useTemplateActions } from '../../api/supplier';
import { useValidationMessages } from '../../app/validation';
import { EventClassFields } from './shared/EventClassFields';
import { basePath, useDateTexts, useEditorTexts, useLabels } from './shared/labels';
import {
  cleanInfo,
  emptyAction,
  emptyInfo,
  emptyProduct,
  errorCount,
  OPTION_TYPES,
  postUpdateChanges,
  validateActions,
  validateInfo,
  validateProducts,
  validateRecipients,
  type FieldErrors,
  type TypedRecipient,
} from './shared/logic';
import { ActionItem } from './shared/ActionItem';
import { errorText, PageHeader } from './shared/table';
import { FormError, FormLoading } from '../forms/FormStates';

const NONE = '__none__';

/** The four-step wizard of a recall or supply advisory (spec 000 §4, 001 §7.1): info, products, actions, recipients. */
export function CommunicationWizardPage({ type }: { type: CommunicationType }) {
  const { t } = useLingui();
  const toast = useToast();
  const [, navigate] = useLocation();
  const params = useParams<{ id?: string }>();
  const editId = params.id ? Number(params.id) : null;
  const initialStep = Math.min(3, Math.max(0, Number(new URLSearchParams(useSearch()).get('step') ?? 0) || 0));
  const base = basePath(type);
  const messages = useValidationMessages();
  const { data: meta } = useCommunicationMeta();
  const { data: loaded, mutate: reload } = useCommunication(editId);

  const [id, setId] = useState<number | null>(editId);
  const [status, setStatus] = useState<string>('DRAFT');
  const [step, setStep] = useState(0);
  const [reached, setReached] = useState(0);
  const [info, setInfo] = useState<CommunicationInfo>(() => emptyInfo(type));
  const [savedInfo, setSavedInfo] = useState<CommunicationInfo>(() => emptyInfo(type));
  const [products, setProducts] = useState<Product[]>([emptyProduct()]);
  const [actions, setActions] = useState<CommunicationAction[]>([emptyAction()]);
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [initialised, setInitialised] = useState(editId === null);

  useEffect(() => {
    if (!loaded || initialised) return;
    const { products: p, actions: a, ...rest } = loaded;
    const current: CommunicationInfo = {
      type: loaded.type,
      name: rest.name,
      subtype: rest.subtype,
      event_id: rest.event_id,
      classification: rest.classification,
      reason: rest.reason,
      description: rest.description ?? '',
      disposition: rest.disposition,
      lead_time: rest.lead_time,
      event_date: rest.event_date,
      end_date: rest.end_date,
      contact_name: rest.contact_name,
      contact_email: rest.contact_email,
      contact_phone: rest.contact_phone,
      fda_recall_numbers: rest.fda_recall_numbers ?? [],
    };
    setInfo(current);
    setSavedInfo(current);
    if (p.length)
      setProducts(p.map(({ id: _pid, ...product }) => ({ ...product, custom_fields: product.custom_fields ?? {} })));
    if (a.length) setActions(a.map(({ id: _aid, is_disabled: _d, ...action }) => action));
    setStatus(loaded.status);
    setStep(initialStep);
    setReached(3);
    setInitialised(true);
  }, [loaded, initialised, initialStep]);

  const productFields = meta?.productFields ?? [];
  const infoErrors = validateInfo(info, messages, t`End date cannot be before the event date.`);
  const productErrors = validateProducts(products, productFields, messages);
  const actionErrors = validateActions(actions, messages);
  const draft = status === 'DRAFT';

  const steps = [{ label: t`Information` }, { label: t`Products` }, { label: t`Actions` }, { label: t`Recipients` }];

  async function run(work: () => Promise<void>) {
    setBusy(true);
    setProblem(null);
    try {
      await work();
    } catch (err) {
      setProblem(errorText(err, t`Unknown error`));
    } finally {
      setBusy(false);
    }
  }

  function go(next: number) {
    setSubmitted(false);
    setProblem(null);
    setStep(next);
    setReached((r) => Math.max(r, next));
  }

  async function saveCurrent() {
    setSubmitted(true);
    const errors: FieldErrors = step === 0 ? infoErrors : step === 1 ? productErrors : actionErrors;
    if (errorCount(errors) > 0) return;
    if (!draft && id) {
      // An approved event: only the post-approval fields of step 0 can change; products and actions are read-only.
      await run(async () => {
        const changes = step === 0 ? postUpdateChanges(savedInfo, info) : {};
        if (Object.keys(changes).length > 0) {
          await postUpdate(id, changes);
          setSavedInfo(info);
          toast.success(t`Saved successfully.`);
          await reload();
        }
        go(step + 1);
      });
      return;
    }
    await run(async () => {
      if (step === 0) {
        const saved = await saveStep0({ ...cleanInfo(info), ...(id ? { id } : {}) });
        setId(saved.id);
        setSavedInfo(info);
        if (!editId) {
          // The draft exists now: continue on its edit route, so a reload keeps it.
          toast.success(t`Saved successfully.`);
          navigate(`${base}/edit/${saved.id}?step=1`, { replace: true });
          return;
        }
        setStatus(saved.status ?? 'DRAFT');
      } else if (step === 1 && id) {
        await saveStep1(
          id,
          products.map((p) => ({ ...p, product_name: p.product_name.trim() })),
        );
      } else if (step === 2 && id) {
        await saveStep2(
          id,
          actions.map((a) => ({
            ...a,
            title: a.title.trim(),
            options: OPTION_TYPES.includes(a.action_type) ? a.options.map((o) => o.trim()) : [],
          })),
        );
      }
      toast.success(t`Saved successfully.`);
      await reload();
      go(step + 1);
    });
  }

  if (editId && !initialised) {
    return <FormLoading />;
  }

  const title =
    type === 'RECALL'
      ? editId
        ? t`Edit Recall`
        : t`New Recall`
      : editId
        ? t`Edit Supply Advisory`
        : t`New Supply Advisory`;

  return (
    <section className="space-y-6" data-testid="communication-wizard">
      <PageHeader title={title}>
        {id ? (
          <Button variant="outline" onClick={() => navigate(`${base}/view/${id}`)}>
            <Trans>View</Trans>
          </Button>
        ) : null}
      </PageHeader>
      <Stepper
        steps={steps}
        current={step}
        label={t`Progress`}
        onStepChange={(i) => (i <= reached && id ? go(i) : undefined)}
      />
      {problem ? <FormError testId="wizard-alert">{problem}</FormError> : null}
      {!draft && step < 3 ? (
        <p className="rounded-md bg-warning/10 px-3 py-2 text-sm">
          <Trans>This event was approved: only some fields can still change.</Trans>
        </p>
      ) : null}

      {step === 0 ? (
        <InfoStep info={info} setInfo={setInfo} errors={submitted ? infoErrors : {}} type={type} locked={!draft} />
      ) : null}
      {step === 1 ? (
        <fieldset disabled={!draft} className="min-w-0">
          <ProductsStep
            id={id}
            products={products}
            setProducts={setProducts}
            fields={productFields}
            errors={submitted ? productErrors : {}}
          />
        </fieldset>
      ) : null}
      {step === 2 ? (
        <fieldset disabled={!draft} className="min-w-0">
          <ActionsStep
            id={id}
            type={type}
            actions={actions}
            setActions={setActions}
            errors={submitted ? actionErrors : {}}
          />
        </fieldset>
      ) : null}
      {step === 3 && id ? (
        <RecipientsStep
          id={id}
          type={type}
          status={status}
          busy={busy}
          run={run}
          onApproved={async () => {
            setStatus('OPEN');
            await reload();
          }}
          onSent={() => navigate(`${base}/view/${id}`)}
        />
      ) : null}

      {step < 3 ? (
        <div className="flex gap-2">
          {step > 0 ? (
            <Button variant="outline" onClick={() => go(step - 1)} disabled={busy}>
              <Trans>Back</Trans>
            </Button>
          ) : null}
          <Button onClick={() => void saveCurrent()} loading={busy} loadingLabel={t`Saving...`}>
            <Trans>Save and continue</Trans>
          </Button>
        </div>
      ) : (
        <Button variant="outline" onClick={() => go(2)} disabled={busy}>
          <Trans>Back</Trans>
        </Button>
      )}
    </section>
  );
}

function InfoStep({
  info,
  setInfo,
  errors,
  type,
  locked,
}: {
  info: CommunicationInfo;
  setInfo: (update: (info: CommunicationInfo) => CommunicationInfo) => void;
  errors: FieldErrors;
  type: CommunicationType;
  /** Approved: only the post-approval fields stay editable. */
  locked: boolean;
}) {
  const off = (key: keyof CommunicationInfo) => locked && !(POST_UPDATE_FIELDS as readonly string[]).includes(key);
  const { t } = useLingui();
  const messages = useValidationMessages();
  const dateTexts = useDateTexts();
  const editorTexts = useEditorTexts();
  const set =
    <K extends keyof CommunicationInfo>(key: K) =>
    (value: CommunicationInfo[K]) =>
      setInfo((i) => ({ ...i, [key]: value }));
  const text = (key: keyof CommunicationInfo) => (value: string) => setInfo((i) => ({ ...i, [key]: value }));
  const select = (key: keyof CommunicationInfo) => (value: string) =>
    setInfo((i) => ({ ...i, [key]: value === NONE ? null : value }));
  const recall = type === 'RECALL';

  return (
    <div className="grid gap-4 sm:grid-cols-2" data-testid="step-info">
      <FormField label={t`Name`} required error={errors.name}>
        <TextInput value={info.name} onValueChange={text('name')} maxLength={200} />
      </FormField>
      <FormField label={t`Event ID`}>
        <TextInput
          value={info.event_id ?? ''}
          onValueChange={text('event_id')}
          maxLength={100}
          disabled={off('event_id')}
        />
      </FormField>
      <FdaRecallNumbersField
        value={info.fda_recall_numbers ?? []}
        onChange={(numbers) => setInfo((i) => ({ ...i, fda_recall_numbers: numbers }))}
        disabled={off('fda_recall_numbers')}
      />
      <EventClassFields
        recall={recall}
        values={info}
        onChange={select}
        errors={errors}
        // Approved: type and classification lock like every field outside POST_UPDATE_FIELDS (the other three never did).
        disabled={(field) => (field === 'subtype' || field === 'classification' ? off(field) : undefined)}
      />
      <FormField label={t`Event Date`}>
        <DatePicker
          value={info.event_date}
          onChange={set('event_date')}
          texts={dateTexts}
          disabled={off('event_date')}
        />
      </FormField>
      <FormField label={t`End Date`} error={errors.end_date}>
        <DatePicker value={info.end_date} onChange={set('end_date')} texts={dateTexts} />
      </FormField>
      <FormField label={t`Contact Name`}>
        <TextInput value={info.contact_name ?? ''} onValueChange={text('contact_name')} />
      </FormField>
      <FormField label={t`Contact Email`} error={errors.contact_email}>
        <TextInput type="email" value={info.contact_email ?? ''} onValueChange={text('contact_email')} />
      </FormField>
      <FormField label={t`Contact Phone`} error={errors.contact_phone}>
        <TextInput type="tel" value={info.contact_phone ?? ''} onValueChange={text('contact_phone')} />
      </FormField>
      <div className="sm:col-span-2">
        <FormField label={t`Description`} required error={errors.description}>
          <RichTextEditor
            value={info.description ?? ''}
            onChange={set('description')}
            aria-label={t`Description`}
            rules="required_editor"
            messages={messages}
            showErrors={false}
            texts={editorTexts}
          />
        </FormField>
      </div>
    </div>
  );
}

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

function ProductsStep({
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

function ActionsStep({
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

function RecipientsStep({
  id,
  type,
  status,
  busy,
  run,
  onApproved,
  onSent,
}: {
  id: number;
  type: CommunicationType;
  status: string;
  busy: boolean;
  run: (work: () => Promise<void>) => Promise<void>;
  onApproved: () => Promise<void>;
  onSent: () => void;
}) {
  const { t } = useLingui();
  const toast = useToast();
  const messages = useValidationMessages();
  const [providerSearch, setProviderSearch] = useState('');
  const { data: providers } = useSupplierProviders({ pageNumber: 1, pageSize: 500, search: providerSearch });
  const { data: files } = useLocationFiles({ pageNumber: 1, pageSize: 500 });
  const { data: lists } = useDistributionLists(type, {
    pageNumber: 1,
    pageSize: 500,
    filterModel: { status: { filterType: 'text', type: 'contains', filter: 'ACTIVE' } },
  });
  const { data: customers, mutate: reloadCustomers } = useCustomers(id, { pageNumber: 1, pageSize: 500 });
  const [picked, setPicked] = useState<number[]>([]);
  const [fileId, setFileId] = useState<string>(NONE);
  const [listId, setListId] = useState<string>(NONE);
  const [typed, setTyped] = useState<TypedRecipient[]>([]);
  const [submitted, setSubmitted] = useState(false);
  const existing = customers?.total ?? 0;
  const errors = validateRecipients(
    { providers: picked.length, locationFile: fileId !== NONE, distributionList: listId !== NONE, existing: 0 },
    typed,
    messages,
  );
  const shown = submitted ? errors : {};

  async function save() {
    setSubmitted(true);
    if (errorCount(errors) > 0) return;
    await run(async () => {
      await saveStep3({
        id,
        ...(picked.length ? { provider_organization_ids: picked } : {}),
        ...(typed.length ? { customers: typed.map((r) => ({ name: r.name.trim(), email: r.email.trim() })) } : {}),
        ...(fileId !== NONE ? { location_file_id: Number(fileId) } : {}),
        ...(listId !== NONE ? { distribution_list_id: Number(listId) } : {}),
      });
      setPicked([]);
      setTyped([]);
      setFileId(NONE);
      setListId(NONE);
      setSubmitted(false);
      await reloadCustomers();
      toast.success(t`Recipients added.`);
    });
  }

  return (
    <div className="space-y-6" data-testid="step-recipients">
      <p className="text-sm" data-testid="recipient-count">
        <Trans>Recipients so far: {existing}</Trans>
      </p>
      {customers?.items.length ? (
        <ul className="list-inside list-disc text-sm">
          {customers.items.map((c) => (
            <li key={c.id}>
              {c.name} ({c.emails.join(', ')})
            </li>
          ))}
        </ul>
      ) : null}

      <fieldset className="space-y-2 rounded-md border p-4">
        <legend className="px-1 text-sm font-semibold">
          <Trans>Providers</Trans>
        </legend>
        <TextInput
          aria-label={t`Search providers`}
          placeholder={t`Search providers`}
          value={providerSearch}
          onValueChange={setProviderSearch}
        />
        {providers && providers.items.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            <Trans>No provider matches your locations yet.</Trans>
          </p>
        ) : null}
        <ul className="max-h-64 space-y-1 overflow-auto">
          {providers?.items.map((p) => (
            <li key={p.id}>
              <label className="flex items-center gap-2 text-sm">
                <Checkbox
                  checked={picked.includes(p.id)}
                  onCheckedChange={(c) => setPicked((s) => (c === true ? [...s, p.id] : s.filter((x) => x !== p.id)))}
                />
                {p.name}
                <span className="text-muted-foreground">{[p.city, p.state].filter(Boolean).join(', ')}</span>
              </label>
            </li>
          ))}
        </ul>
      </fieldset>

      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t`Location file`}>
          <SimpleSelect
            value={fileId}
            onValueChange={setFileId}
            options={[
              { value: NONE, label: t`None` },
              ...(files?.items ?? []).map((f) => ({ value: String(f.id), label: f.name })),
            ]}
          />
        </FormField>
        <FormField label={t`Distribution list`}>
          <SimpleSelect
            value={listId}
            onValueChange={setListId}
            options={[
              { value: NONE, label: t`None` },
              ...(lists?.items ?? []).map((l) => ({ value: String(l.id), label: l.name })),
            ]}
          />
        </FormField>
      </div>

      <fieldset className="space-y-2 rounded-md border p-4">
        <legend className="px-1 text-sm font-semibold">
          <Trans>Other recipients</Trans>
        </legend>
        {typed.map((r, index) => (
          <div key={index} className="grid gap-2 sm:grid-cols-[1fr_1fr_auto]">
            <FormField label={t`Name`} required error={shown[`${index}.name`]}>
              <TextInput
                value={r.name}
                onValueChange={(v) => setTyped((l) => l.map((x, i) => (i === index ? { ...x, name: v } : x)))}
              />
            </FormField>
            <FormField label={t`Email`} required error={shown[`${index}.email`]}>
              <TextInput
                type="email"
                value={r.email}
                onValueChange={(v) => setTyped((l) => l.map((x, i) => (i === index ? { ...x, email: v } : x)))}
              />
            </FormField>
            <Button
              className="self-end"
              variant="outline"
              onClick={() => setTyped((l) => l.filter((_, i) => i !== index))}
            >
              <Trans>Remove</Trans>
            </Button>
          </div>
        ))}
        <Button variant="secondary" size="sm" onClick={() => setTyped((l) => [...l, { name: '', email: '' }])}>
          <Trans>Add recipient</Trans>
        </Button>
      </fieldset>

      {shown.recipients ? <FormError testId="wizard-alert">{t`Choose at least one recipient.`}</FormError> : null}
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => void save()} loading={busy} loadingLabel={t`Saving...`}>
          <Trans>Save recipients</Trans>
        </Button>
        {status === 'DRAFT' ? (
          <Button
            variant="success"
            disabled={busy}
            onClick={() =>
              void run(async () => {
                await approveCommunication(id, type);
                toast.success(t`Approved successfully.`);
                await onApproved();
              })
            }
          >
            <Trans>Approve</Trans>
          </Button>
        ) : null}
        {status === 'OPEN' ? (
          <Button
            disabled={busy}
            onClick={() =>
              void run(async () => {
                await sendNotification(id, type);
                toast.success(t`Notifications sent.`);
                onSent();
              })
            }
          >
            <Trans>Send</Trans>
          </Button>
        ) : null}
      </div>
    </div>
  );
}
