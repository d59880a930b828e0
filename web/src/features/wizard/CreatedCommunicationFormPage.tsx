import { useEffect, useState, type FormEvent } from 'react';
import { Link, useLocation, useParams } from 'wouter';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  Button,
  DatePicker,
  FormField,
  RichTextEditor,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
  TextInput,
  useToast,
} from '@portal/design-system';
import type { CommunicationType } from '../../api/notices';
import {
  createProviderCreatedCommunication,
  updateProviderCreatedCommunication,
  useProviderEdit,
  useSupplierNameList,
} from '../../api/provider';
import { useValidationMessages } from '../../shared/forms/validation';
import { CommunicationClassFields, NOT_SET } from './CommunicationClassFields';
import { useDateTexts, useEditorTexts } from '../../shared/words/labels';
import {
  emptyCommunicationForm,
  communicationBody,
  communicationFormFromEdit,
  hasFieldErrors,
  validateCommunicationForm,
  type CommunicationFormValues,
} from './createdCommunicationForm';
import { providerBasePath } from '../../shared/lists/providerRowActions';
import { CommunicationActionsForm, CommunicationProductsForm } from './CommunicationItemsForms';
import { FormError, FormLoading } from '../../shared/forms/FormStates';

type EditStep = 'info' | 'products' | 'actions';

function errorText(err: unknown, fallback: string): string {
  return err instanceof Error && err.message ? err.message : fallback;
}

/**
 * A provider-created recall or supply advisory (spec 000 §2 /provider/recalls/new, /edit/:id and the advisory
 * equivalents): one form over step0 (create) or update-recall step 0 (edit); after saving, the view page. Editing also
 * has the products (update-recall step 1) and actions (step 2) tabs, each saved on its own; a completed event is read-only.
 */
export function CreatedCommunicationFormPage({ type }: { type: CommunicationType }) {
  const { t } = useLingui();
  const toast = useToast();
  const [, navigate] = useLocation();
  const params = useParams<{ id?: string }>();
  const editId = params.id && /^\d+$/.test(params.id) ? Number(params.id) : null;
  const editing = params.id !== undefined;
  const base = providerBasePath(type);
  const messages = useValidationMessages();
  const { data: loaded, error: loadError, mutate } = useProviderEdit(editId);
  const { data: suppliers } = useSupplierNameList();
  const [values, setValues] = useState<CommunicationFormValues>(emptyCommunicationForm);
  const [initialised, setInitialised] = useState(!editing);
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [step, setStep] = useState<EditStep>('info');
  const recall = type === 'RECALL';

  useEffect(() => {
    if (!loaded || initialised) return;
    setValues(communicationFormFromEdit(loaded));
    setInitialised(true);
  }, [loaded, initialised]);

  const errors = validateCommunicationForm(values, type, messages, t`End date cannot be before the event date.`);
  const shown = submitted ? errors : {};
  const locked = loaded !== undefined && !loaded.editable;
  const wrongType = loaded !== undefined && loaded.communication.type !== type;
  const title = recall
    ? editing
      ? t`Edit Recall`
      : t`New Recall`
    : editing
      ? t`Edit Supply Advisory`
      : t`New Supply Advisory`;
  const dateTexts = useDateTexts();
  const editorTexts = useEditorTexts();

  const text = (key: keyof CommunicationFormValues) => (value: string) => setValues((v) => ({ ...v, [key]: value }));
  const select = (key: keyof CommunicationFormValues) => (value: string) =>
    setValues((v) => ({ ...v, [key]: value === NOT_SET ? '' : value }));
  const date = (key: 'event_date' | 'end_date') => (value: string | null) => setValues((v) => ({ ...v, [key]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    setProblem(null);
    if (hasFieldErrors(errors) || locked || wrongType) return;
    setBusy(true);
    try {
      const body = communicationBody(values, type);
      if (editing && loaded && editId) {
        await updateProviderCreatedCommunication(editId, loaded.provider_communication_id, body);
        toast.success(t`Saved successfully.`);
        navigate(`${base}/view/${editId}/${loaded.provider_communication_id}`);
      } else {
        const created = await createProviderCreatedCommunication(body);
        toast.success(t`Saved successfully.`);
        navigate(`${base}/view/${created.id}/${created.provider_communication_id}`);
      }
    } catch (err) {
      setProblem(errorText(err, t`Unknown error`));
    } finally {
      setBusy(false);
    }
  }

  if (editing && (loadError || editId === null)) {
    return (
      <section className="space-y-4" data-testid="provider-event-form">
        <h1 className="text-2xl font-semibold">{title}</h1>
        <FormError testId="event-form-alert">{loadError ? loadError.message : t`Page Not Found`}</FormError>
        <Button asChild variant="outline">
          <Link href={base}>
            <Trans>Back to list</Trans>
          </Link>
        </Button>
      </section>
    );
  }

  if (!initialised) {
    return <FormLoading />;
  }

  const disabled = locked || wrongType || busy;

  const infoForm = (
    <form className="grid gap-4 sm:grid-cols-2" onSubmit={(e) => void submit(e)} noValidate>
      <FormField label={t`Name`} required error={shown.name}>
        <TextInput value={values.name} onValueChange={text('name')} maxLength={200} disabled={disabled} />
      </FormField>
      <FormField label={t`Event ID`}>
        <TextInput value={values.event_id} onValueChange={text('event_id')} maxLength={100} disabled={disabled} />
      </FormField>
      <CommunicationClassFields
        recall={recall}
        values={values}
        onChange={select}
        errors={shown}
        disabled={() => disabled}
        clearable
      />
      <FormField label={t`Event Date`}>
        <DatePicker value={values.event_date} onChange={date('event_date')} texts={dateTexts} disabled={disabled} />
      </FormField>
      <FormField label={t`End Date`} error={shown.end_date}>
        <DatePicker
          value={values.end_date}
          onChange={date('end_date')}
          texts={dateTexts}
          disabled={disabled}
          allowNotApplicable
        />
      </FormField>
      <FormField label={t`Supplier`} description={t`Choose a listed supplier or type another name.`}>
        <TextInput
          value={values.supplier_name}
          onValueChange={text('supplier_name')}
          list="provider-supplier-names"
          maxLength={300}
          disabled={disabled}
        />
      </FormField>
      <datalist id="provider-supplier-names">
        {(suppliers ?? []).map((s) => (
          <option key={s.id} value={s.name} />
        ))}
      </datalist>
      <FormField label={t`Contact Name`}>
        <TextInput
          value={values.contact_name}
          onValueChange={text('contact_name')}
          maxLength={200}
          disabled={disabled}
        />
      </FormField>
      <FormField label={t`Contact Email`} error={shown.contact_email}>
        <TextInput
          type="email"
          value={values.contact_email}
          onValueChange={text('contact_email')}
          maxLength={254}
          disabled={disabled}
        />
      </FormField>
      <FormField label={t`Contact Phone`} error={shown.contact_phone}>
        <TextInput
          type="tel"
          value={values.contact_phone}
          onValueChange={text('contact_phone')}
          maxLength={30}
          disabled={disabled}
        />
      </FormField>
      <div className="sm:col-span-2">
        <FormField label={t`Description`}>
          <RichTextEditor
            value={values.description}
            onChange={(html) => setValues((v) => ({ ...v, description: html }))}
            aria-label={t`Description`}
            disabled={disabled}
            texts={editorTexts}
          />
        </FormField>
      </div>
      <div className="flex gap-2 sm:col-span-2">
        <Button asChild variant="outline">
          <Link href={base}>
            <Trans>Cancel</Trans>
          </Link>
        </Button>
        <Button type="submit" loading={busy} loadingLabel={t`Saving...`} disabled={locked || wrongType}>
          <Trans>Save</Trans>
        </Button>
      </div>
    </form>
  );

  return (
    <section className="space-y-4" data-testid="provider-event-form">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-semibold">{title}</h1>
        {editing && loaded && editId ? (
          <Button asChild variant="outline">
            <Link href={`${base}/view/${editId}/${loaded.provider_communication_id}`}>
              <Trans>View</Trans>
            </Link>
          </Button>
        ) : null}
      </div>
      {locked ? <FormError testId="event-form-alert">{t`A completed event cannot be edited.`}</FormError> : null}
      {wrongType ? (
        <FormError testId="event-form-alert">
          {recall ? t`This event is a supply advisory.` : t`This event is a recall.`}
        </FormError>
      ) : null}
      {problem ? <FormError testId="event-form-alert">{problem}</FormError> : null}
      {editing && loaded && editId ? (
        <Tabs value={step} onValueChange={(v) => setStep(v === 'products' || v === 'actions' ? v : 'info')}>
          <TabsList aria-label={t`Edit steps`}>
            <TabsTrigger value="info">
              <Trans>Information</Trans>
            </TabsTrigger>
            <TabsTrigger value="products">
              <Trans>Products</Trans>
            </TabsTrigger>
            <TabsTrigger value="actions">
              <Trans>Actions</Trans>
            </TabsTrigger>
          </TabsList>
          <TabsContent value="info" forceMount hidden={step !== 'info'}>
            {infoForm}
          </TabsContent>
          <TabsContent value="products" forceMount hidden={step !== 'products'}>
            <CommunicationProductsForm
              id={editId}
              pcId={loaded.provider_communication_id}
              data={loaded}
              readOnly={locked || wrongType}
              onSaved={(saved) => void mutate(saved, { revalidate: false })}
            />
          </TabsContent>
          <TabsContent value="actions" forceMount hidden={step !== 'actions'}>
            <CommunicationActionsForm
              id={editId}
              pcId={loaded.provider_communication_id}
              data={loaded}
              readOnly={locked || wrongType}
              onSaved={(saved) => void mutate(saved, { revalidate: false })}
            />
          </TabsContent>
        </Tabs>
      ) : (
        infoForm
      )}
    </section>
  );
}
