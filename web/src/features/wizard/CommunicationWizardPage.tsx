import { useEffect, useState } from 'react';
import { useLocation, useParams, useSearch } from 'wouter';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Stepper, useToast } from '@portal/design-system';
import {
  postUpdate,
  saveStep0,
  saveStep1,
  saveStep2,
  useCommunication,
  useCommunicationMeta,
  type CommunicationAction,
  type CommunicationInfo,
  type CommunicationType,
  type Product,
} from '../../api/communications';
import { useValidationMessages } from '../../shared/forms/validation';
import { basePath } from '../../shared/words/labels';
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
  type FieldErrors,
} from '../../shared/events/eventRules';
import { errorText, PageHeader } from '../../shared/lists/table';
import { FormError, FormLoading } from '../../shared/forms/FormStates';
import { ProductsStep } from './ProductsStep';
import { InfoStep } from './InfoStep';
import { ActionsStep } from './ActionsStep';
import { RecipientsStep } from './RecipientsStep';
import { useResponseDueDefault } from './responseDue';
import { dateValue } from './wizardValues';

/** The four-step wizard of a recall or supply advisory (spec 000 §4, 001 §7.1): info, products, actions, recipients. */
export function CommunicationWizardPage({ type }: { type: CommunicationType }) {
  const { t } = useLingui();
  const toast = useToast();
  const [location, navigate] = useLocation();
  const params = useParams<{ id?: string }>();
  const editId = params.id ? Number(params.id) : null;
  // Issue 33: the URL follows the step (?step=N, 0 to 3), so a reload or a shared link opens the same step.
  const stepParam = new URLSearchParams(useSearch()).get('step');
  const base = basePath(type);
  const messages = useValidationMessages();
  const { data: meta } = useCommunicationMeta();
  const { data: loaded, mutate: reload } = useCommunication(editId);

  const [id, setId] = useState<number | null>(editId);
  const [status, setStatus] = useState<string>('DRAFT');
  // The furthest step open: the URL's step is shown only when the steps before it were saved (or the event approved).
  const [reached, setReached] = useState(0);
  const step = Math.min(stepOf(stepParam), reached);
  const [info, setInfo] = useState<CommunicationInfo>(() => emptyInfo(type));
  const [savedInfo, setSavedInfo] = useState<CommunicationInfo>(() => emptyInfo(type));
  const [products, setProducts] = useState<Product[]>([emptyProduct()]);
  const [actions, setActions] = useState<CommunicationAction[]>([emptyAction()]);
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [initialised, setInitialised] = useState(editId === null);
  // Issue 32: the response-due date is the class's default until the supplier picks one (then it is theirs).
  const [dueOwn, setDueOwn] = useState(false);
  const dueDefault = useResponseDueDefault(type, info.classification, loaded?.response_due_date_default);

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
      response_due_date: rest.response_due_date ?? null,
    };
    setDueOwn(Boolean(rest.response_due_date));
    setInfo(current);
    setSavedInfo(current);
    if (p.length)
      setProducts(p.map(({ id: _pid, ...product }) => ({ ...product, custom_fields: product.custom_fields ?? {} })));
    if (a.length) setActions(a.map(({ id: _aid, is_disabled: _d, ...action }) => action));
    setStatus(loaded.status);
    setReached(reachableStep(loaded.status, loaded.current_step));
    setInitialised(true);
  }, [loaded, initialised]);

  // A step the URL asks for that cannot open yet (or no step at all): the URL says the step shown.
  useEffect(() => {
    if (initialised && id && stepParam !== String(step)) navigate(`${location}?step=${step}`, { replace: true });
  }, [initialised, id, stepParam, step, location, navigate]);

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
    setReached((r) => Math.max(r, next));
    // A history entry per step: the browser's Back goes to the step before.
    navigate(`${location}?step=${next}`);
  }

  async function saveCurrent() {
    setSubmitted(true);
    const errors: FieldErrors = step === 0 ? infoErrors : step === 1 ? productErrors : actionErrors;
    if (errorCount(errors) > 0) return;
    if (!draft && id) {
      // An approved event: only the post-approval fields of step 0 can change; products and actions are read-only.
      await run(async () => {
        const changes = step === 0 ? postUpdateChanges(savedInfo, { ...info, end_date: dateValue(info.end_date) }) : {};
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
        const saved = await saveStep0({
          ...cleanInfo({ ...info, end_date: dateValue(info.end_date) }),
          ...(id ? { id } : {}),
        });
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
          products.map((p) => ({
            ...p,
            product_name: p.product_name.trim(),
            expiration_date: dateValue(p.expiration_date),
          })),
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
        <InfoStep
          info={info}
          setInfo={setInfo}
          errors={submitted ? infoErrors : {}}
          type={type}
          locked={!draft}
          due={{ ...dueDefault, own: dueOwn, setOwn: setDueOwn }}
        />
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
          classification={info.classification}
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

/** The step a `?step=` value names (0 to 3; anything else is the first). */
export function stepOf(value: string | null): number {
  const n = Number(value ?? 0);
  return Number.isInteger(n) ? Math.min(3, Math.max(0, n)) : 0;
}

/**
 * The furthest step an event may open on: an approved one passed every step; a draft, the step after the last one the
 * server accepted (`current_step`), so a link to a later step opens the first one still to do.
 */
export function reachableStep(status: string, currentStep: number): number {
  return status === 'DRAFT' ? Math.min(3, Math.max(0, currentStep + 1)) : 3;
}
