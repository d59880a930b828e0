import { useEffect, useState } from 'react';
import { useStore } from 'jotai';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, DatePicker, FormField, SimpleSelect, Spinner, TextInput } from '@portal/design-system';
import type { NoticeAction, NoticeFile, ResponseValue } from '../../api/notices';
import {
  fetchNotifiedDate,
  savePaperAnswers,
  savePaperResponse,
  usePaperActions,
  usePaperCustomers,
  usePaperLocations,
  type PaperAction,
  type PaperUnitAnswer,
} from '../../api/paper';
import { ActionAnswerInput } from '../../shared/answers/ActionAnswerInput';
import { UnitRowsTable } from '../../shared/answers/UnitAnswers';
import { checkAnswer, draftFromResponse, type AnswerDraft, type AnswerProblem } from '../../shared/answers/answers';
import { useDateTexts } from '../../shared/words/labels';
import { errorText } from '../../shared/lists/table';

/** A paper action in the shape the provider pages' answer input takes; an electronic answer shows read-only. */
function asNoticeAction(a: PaperAction, files: NoticeFile[]): NoticeAction {
  const { value: _paperValue, electronic_answer: _electronic, files: _files, ...action } = a;
  return {
    ...action,
    response: a.electronic_answer
      ? {
          status: 'SUBMITTED',
          value: a.electronic_answer.value,
          responder_email: a.electronic_answer.responder_email,
          submitted_at: a.electronic_answer.submitted_at,
          updated_at: '',
        }
      : null,
    files,
  };
}

/** The value the server expects for one action from the form's draft; file actions list the kept files. */
function answerValueOf(a: PaperAction, draft: AnswerDraft, keptFiles: number[]): ResponseValue {
  switch (a.action_type) {
    case 'Acknowledge':
      return { valueAcknowledge: draft.valueAcknowledge };
    case 'Text':
      return { valueText: draft.valueText };
    case 'Numeric':
      return { valueNumeric: draft.valueNumeric };
    case 'YesNo':
      return draft.valueYesNo ? { valueYesNo: draft.valueYesNo } : {};
    case 'Checkbox':
      return { valueCheckbox: draft.valueCheckbox };
    case 'MultipleChoice':
      return { valueMultiChoice: draft.valueMultiChoice };
    case 'Image':
      return { valueImage: keptFiles };
    case 'Document':
      return { valueDocument: keptFiles };
    default:
      return {};
  }
}

type UnitValues = Record<number, string>;

const unitText = (v: ResponseValue | null | undefined): string =>
  String(v?.valueNumeric ?? v?.valueYesNo ?? v?.valueText ?? '');

/** The per-unit answers to send for an action: the rows keyed in, never one answered electronically. */
function unitAnswersOf(a: PaperAction, values: UnitValues): PaperUnitAnswer[] {
  const key = a.action_type === 'Numeric' ? 'valueNumeric' : a.action_type === 'YesNo' ? 'valueYesNo' : 'valueText';
  return (a.units ?? [])
    .filter((u) => !u.electronic_value && (values[u.row_id] ?? '').trim() !== '')
    .map((u) => ({ rowId: u.row_id, [key]: (values[u.row_id] ?? '').trim() }) as PaperUnitAnswer);
}

/**
 * A per-unit action of a custom-content event: one input per row of the customer's own; a row answered
 * electronically shows that answer read-only.
 */
function PaperUnitInputs({
  action,
  values,
  onChange,
}: {
  action: PaperAction;
  values: UnitValues;
  onChange: (rowId: number, value: string) => void;
}) {
  const { t } = useLingui();
  const locked = Boolean(action.electronic_answer) || action.is_disabled;
  return (
    <fieldset className="space-y-2 rounded-md border p-3" data-testid={`paper-unit-action-${action.id}`}>
      <legend className="px-1 text-sm font-semibold">{action.title}</legend>
      <p className="text-xs text-muted-foreground">
        <Trans>Answer for each of the customer's units.</Trans>
      </p>
      <UnitRowsTable
        actionType={action.action_type}
        rows={(action.units ?? []).map((u) => ({
          id: u.row_id,
          product_name: u.product_name,
          lot_number: u.lot_number,
          serial_number: u.serial_number,
          value: u.electronic_value ? unitText(u.electronic_value) : (values[u.row_id] ?? ''),
          readOnly: locked || Boolean(u.electronic_value),
          note: u.electronic_value ? t`Answered electronically; a paper response cannot change it.` : null,
        }))}
        onChange={onChange}
      />
    </fieldset>
  );
}

export function PaperResponseForm({
  communicationId,
  paperResponseId,
  onSaved,
}: {
  communicationId: number;
  paperResponseId: number | null;
  onSaved: () => void;
}) {
  const { t } = useLingui();
  const store = useStore();
  const [pcId, setPcId] = useState<number | null>(null);
  const customers = usePaperCustomers(paperResponseId ? null : communicationId);
  const { data } = usePaperActions(paperResponseId, communicationId, pcId);
  const locations = usePaperLocations(
    paperResponseId ? { paperResponseId } : pcId ? { providerCommunicationId: pcId } : null,
  );
  const [locationId, setLocationId] = useState<number | null>(null);
  const [responderName, setResponderName] = useState('');
  const [responseDate, setResponseDate] = useState<string | null>(null);
  const [notifiedDate, setNotifiedDate] = useState<string | null>(null);
  const [document, setDocument] = useState<File | null>(null);
  const [drafts, setDrafts] = useState<Record<number, AnswerDraft>>({});
  const [unitValues, setUnitValues] = useState<Record<number, UnitValues>>({});
  const [kept, setKept] = useState<Record<number, NoticeFile[]>>({});
  const [pending, setPending] = useState<{ actionId: number; file: File; id: number }[]>([]);
  const [problems, setProblems] = useState<Record<number, AnswerProblem | null>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  // Loaded answers (edit) or a newly picked customer fill the form.
  useEffect(() => {
    if (!data) return;
    const paper = data.paper_response;
    if (paper) {
      setPcId(paper.provider_communication_id);
      setLocationId(paper.affected_location_id);
      setResponderName(paper.responder_name);
      setResponseDate(paper.response_date);
      setNotifiedDate(paper.notified_date);
    }
    setDrafts(
      Object.fromEntries(data.actions.map((a) => [a.id, draftFromResponse(a.value ?? a.electronic_answer?.value)])),
    );
    setKept(Object.fromEntries(data.actions.map((a) => [a.id, a.files])));
    setUnitValues(
      Object.fromEntries(
        data.actions.map((a) => [a.id, Object.fromEntries((a.units ?? []).map((u) => [u.row_id, unitText(u.value)]))]),
      ),
    );
    setPending([]);
  }, [data]);

  function pickCustomer(value: string) {
    const id = Number(value);
    setPcId(id);
    setLocationId(null);
    fetchNotifiedDate(id)
      .then((r) => setNotifiedDate(r.notified_date))
      .catch(() => setNotifiedDate(null));
  }

  async function save() {
    if (!data || !pcId) return;
    const editable = data.actions.filter((a) => !a.electronic_answer && !a.is_disabled && !a.per_unit);
    // Per-unit actions are keyed in row by row; each value is checked by the server's rules.
    const perUnit = data.actions
      .filter((a) => a.per_unit && !a.electronic_answer && !a.is_disabled)
      .map((a) => ({ actionId: a.id, units: unitAnswersOf(a, unitValues[a.id] ?? {}) }))
      .filter((a) => a.units.length > 0);
    const found = Object.fromEntries(
      editable.map((a) => [a.id, checkAnswer(asNoticeAction(a, []), drafts[a.id]!, false)]),
    );
    setProblems(found);
    if (!responderName.trim() || !responseDate || Object.values(found).some(Boolean)) {
      setProblem(t`Please correct the highlighted fields.`);
      return;
    }
    setSaving(true);
    setProblem(null);
    try {
      const paper = await savePaperResponse(
        store,
        {
          id: paperResponseId ?? undefined,
          communicationId,
          providerCommunicationId: pcId,
          locationId,
          responderName: responderName.trim(),
          responseDate,
          notifiedDate,
        },
        document,
      );
      const answers = [
        ...editable.map((a) => ({
          actionId: a.id,
          ...answerValueOf(
            a,
            drafts[a.id]!,
            (kept[a.id] ?? []).map((f) => f.id),
          ),
        })),
        ...perUnit,
      ];
      await savePaperAnswers(
        store,
        paper.id,
        answers,
        pending.map(({ actionId, file }) => ({ actionId, file })),
      );
      onSaved();
    } catch (err) {
      setProblem(errorText(err, t`Unknown error`));
    } finally {
      setSaving(false);
    }
  }

  const dateTexts = useDateTexts();
  const open = (customers.data ?? []).filter((c) => c.paper_response_id === null);
  return (
    <div className="grid max-h-[75vh] gap-3 overflow-auto text-sm" data-testid="paper-response-form">
      {paperResponseId ? null : (
        <FormField label={t`Provider`} required>
          <SimpleSelect
            aria-label={t`Provider`}
            placeholder={t`Select...`}
            value={pcId ? String(pcId) : ''}
            onValueChange={pickCustomer}
            options={open.map((c) => ({
              value: String(c.provider_communication_id),
              label:
                c.provider_name && c.provider_name !== c.customer_name
                  ? `${c.customer_name} (${c.provider_name})`
                  : c.customer_name,
            }))}
          />
        </FormField>
      )}
      {pcId && locations.data?.length ? (
        <FormField label={t`Location`}>
          <SimpleSelect
            aria-label={t`Location`}
            placeholder={t`Select...`}
            value={locationId ? String(locationId) : ''}
            onValueChange={(v) => setLocationId(v ? Number(v) : null)}
            options={locations.data.map((l) => ({
              value: String(l.id),
              label: [l.location_name, l.city, l.state].filter(Boolean).join(', '),
            }))}
          />
        </FormField>
      ) : null}
      {pcId && !data ? <Spinner label={t`Loading...`} /> : null}
      {pcId && data ? (
        <>
          <FormField label={t`Notified Date`}>
            <DatePicker
              value={notifiedDate}
              onChange={setNotifiedDate}
              texts={dateTexts}
              aria-label={t`Notified Date`}
            />
          </FormField>
          <FormField
            label={t`Responder Name`}
            required
            error={problem && !responderName.trim() ? t`Field required` : null}
          >
            <TextInput value={responderName} maxLength={200} onValueChange={setResponderName} />
          </FormField>
          <FormField label={t`Response Date`} required error={problem && !responseDate ? t`Field required` : null}>
            <DatePicker
              value={responseDate}
              onChange={setResponseDate}
              texts={dateTexts}
              aria-label={t`Response Date`}
            />
          </FormField>
          <FormField label={t`Paper document`} description={data.paper_response?.document?.name}>
            <input
              type="file"
              accept=".pdf,.docx,.xlsx,.mp4,.png,.jpg"
              onChange={(e) => setDocument(e.target.files?.[0] ?? null)}
            />
          </FormField>
          {data.actions.map((a) => {
            if (a.per_unit)
              return (
                <PaperUnitInputs
                  key={a.id}
                  action={a}
                  values={unitValues[a.id] ?? {}}
                  onChange={(rowId, value) =>
                    setUnitValues((all) => ({ ...all, [a.id]: { ...(all[a.id] ?? {}), [rowId]: value } }))
                  }
                />
              );
            const files = [
              ...(kept[a.id] ?? []),
              ...pending
                .filter((p) => p.actionId === a.id)
                .map((p) => ({
                  id: p.id,
                  name: p.file.name,
                  extension: '',
                  type: p.file.type,
                  size: p.file.size,
                  signed_url: '',
                  signed_url_review: '',
                })),
            ];
            return (
              <div key={a.id}>
                <ActionAnswerInput
                  action={asNoticeAction(a, files)}
                  draft={drafts[a.id] ?? draftFromResponse(null)}
                  problem={problems[a.id] ?? null}
                  readOnly={Boolean(a.electronic_answer)}
                  onChange={(d) => setDrafts((all) => ({ ...all, [a.id]: d }))}
                  onUpload={async (file) =>
                    setPending((all) => [...all, { actionId: a.id, file, id: -(all.length + 1) }])
                  }
                  onDeleteFile={async (f) => {
                    if (f.id < 0) setPending((all) => all.filter((p) => p.id !== f.id));
                    else setKept((all) => ({ ...all, [a.id]: (all[a.id] ?? []).filter((x) => x.id !== f.id) }));
                  }}
                  onPreview={(f) =>
                    f.signed_url_review ? window.open(f.signed_url_review, '_blank', 'noopener') : undefined
                  }
                />
                {a.electronic_answer ? (
                  <p className="text-xs text-muted-foreground">
                    <Trans>Answered electronically; a paper response cannot change it.</Trans>
                  </p>
                ) : null}
              </div>
            );
          })}
        </>
      ) : null}
      {problem ? (
        <p role="alert" className="rounded-md bg-destructive/10 px-3 py-2 text-destructive">
          {problem}
        </p>
      ) : null}
      <div>
        <Button onClick={() => void save()} loading={saving} disabled={!pcId || !data}>
          <Trans>Save</Trans>
        </Button>
      </div>
    </div>
  );
}
