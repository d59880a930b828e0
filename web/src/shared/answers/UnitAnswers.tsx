import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, SimpleSelect, TextInput, useToast } from '@portal/design-system';
import type { NoticeAction, NoticeProduct, UnitAnswer } from '../../api/notices';
import { errorText } from '../lists/table';
import { normaliseCode, type UdiParsed } from '@portal/vocabulary';
import { UdiScanField } from '../scan/UdiScanField';

type Values = Record<number, string>;

const savedValue = (action: NoticeAction, rowId: number): string => {
  const v = action.unit_answers?.find((u) => u.row_id === rowId)?.value;
  return String(v?.valueNumeric ?? v?.valueYesNo ?? v?.valueText ?? '');
};

/**
 * A per-unit action of a custom-content event: one answer for each of the provider's own rows, saved
 * together; once every row is answered, the server submits the action with their summary.
 */
export function UnitAnswers({
  save: send,
  action,
  rows,
  readOnly,
  reload,
}: {
  /** Sends the answers: the provider view and the public notice differ only here. */
  save: (actionId: number, answers: UnitAnswer[]) => Promise<unknown>;
  action: NoticeAction;
  rows: NoticeProduct[];
  readOnly: boolean;
  reload: () => Promise<unknown>;
}) {
  const { t } = useLingui();
  const toast = useToast();
  const [values, setValues] = useState<Values>(() =>
    Object.fromEntries(rows.map((r) => [r.id, savedValue(action, r.id)])),
  );
  const [busy, setBusy] = useState(false);
  const key =
    action.action_type === 'Numeric' ? 'valueNumeric' : action.action_type === 'YesNo' ? 'valueYesNo' : 'valueText';
  const [scanNote, setScanNote] = useState<string | null>(null);
  const actionTitle = action.title;

  /**
   * Issue 38: a scanned unit (a wedge scanner or the camera) answers its row: the row whose serial, else lot, is the
   * label's. A number counts one more unit, Yes / No says Yes, text takes the serial or lot read.
   */
  function onScan(parsed: UdiParsed) {
    const serial = normaliseCode(parsed.serial);
    const lot = normaliseCode(parsed.lot);
    const row =
      (serial ? rows.find((r) => normaliseCode(r.serial_number) === serial) : undefined) ??
      (lot ? rows.find((r) => normaliseCode(r.lot_number) === lot) : undefined);
    if (!row) {
      setScanNote(t`None of your units has the scanned lot or serial.`);
      return;
    }
    const next = (before: string) =>
      action.action_type === 'Numeric'
        ? String((Number(before) || 0) + 1)
        : action.action_type === 'YesNo'
          ? 'Yes'
          : (parsed.serial ?? parsed.lot ?? before);
    setValues((all) => ({ ...all, [row.id]: next(all[row.id] ?? '') }));
    const unit = `${row.product_name ?? ''} ${row.serial_number ?? row.lot_number ?? ''}`.trim();
    setScanNote(t`Scanned: ${unit}.`);
  }

  async function save() {
    const answers = rows
      .filter((r) => (values[r.id] ?? '').trim() !== '')
      .map((r) => ({ rowId: r.id, [key]: (values[r.id] ?? '').trim() }) as UnitAnswer);
    if (answers.length === 0) return;
    setBusy(true);
    try {
      await send(action.id, answers);
      toast.success(t`Saved successfully.`);
      await reload();
    } catch (err) {
      toast.danger(errorText(err, t`Unknown error`));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="space-y-2">
      {/* Outside the fieldset: its inputs are the units' answers only. */}
      {readOnly ? null : (
        <div className="grid gap-1" data-testid={`unit-scan-${action.id}`}>
          <UdiScanField label={t`Scan a unit for ${actionTitle}`} onScan={onScan} />
          {scanNote ? (
            <p className="text-xs text-muted-foreground" role="status" data-testid="unit-scan-note">
              {scanNote}
            </p>
          ) : null}
        </div>
      )}
      <fieldset className="space-y-2 rounded-md border p-3" data-testid={`unit-action-${action.id}`}>
        <legend className="px-1 text-sm font-semibold">{action.title}</legend>
        <p className="text-xs text-muted-foreground">
          <Trans>Answer for each of your units.</Trans>
        </p>
        <UnitRowsTable
          actionType={action.action_type}
          rows={rows.map((r) => ({ ...r, value: values[r.id] ?? '', readOnly }))}
          onChange={(rowId, v) => setValues((all) => ({ ...all, [rowId]: v }))}
        />
        {readOnly ? null : (
          <Button variant="outline" loading={busy} onClick={() => void save()}>
            <Trans>Save unit answers</Trans>
          </Button>
        )}
      </fieldset>
    </div>
  );
}

/** A row of a per-unit action's table: the unit, its answer so far, and whether it may change. */
export interface UnitRow {
  id: number;
  product_name?: string | null;
  lot_number?: string | null;
  serial_number?: string | null;
  value: string;
  readOnly: boolean;
  /** Shown under the input, e.g. why the row cannot change. */
  note?: string | null;
}

/** One input per unit (a Yes / No choice, or text and numbers), labelled by the unit's product and serial or lot. */
export function UnitRowsTable({
  actionType,
  rows,
  onChange,
}: {
  actionType: NoticeAction['action_type'];
  rows: UnitRow[];
  onChange: (rowId: number, value: string) => void;
}) {
  const { t } = useLingui();
  return (
    <table className="w-full text-sm">
      <thead>
        <tr className="text-left">
          <th className="py-1 pr-2">
            <Trans>Product</Trans>
          </th>
          <th className="py-1 pr-2">
            <Trans>Lot number</Trans>
          </th>
          <th className="py-1 pr-2">
            <Trans>Serial number</Trans>
          </th>
          <th className="py-1">
            <Trans>Answer</Trans>
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => {
          const label = `${r.product_name ?? ''} ${r.serial_number ?? r.lot_number ?? ''}`.trim();
          const set = (v: string) => onChange(r.id, v);
          return (
            <tr key={r.id} className="border-t">
              <td className="py-1 pr-2">{r.product_name}</td>
              <td className="py-1 pr-2">{r.lot_number}</td>
              <td className="py-1 pr-2">{r.serial_number}</td>
              <td className="py-1">
                {actionType === 'YesNo' ? (
                  <SimpleSelect
                    aria-label={label}
                    disabled={r.readOnly}
                    value={r.value}
                    onValueChange={set}
                    placeholder={t`Select...`}
                    options={[
                      { value: 'Yes', label: t`Yes` },
                      { value: 'No', label: t`No` },
                    ]}
                  />
                ) : (
                  <TextInput
                    aria-label={label}
                    disabled={r.readOnly}
                    inputMode={actionType === 'Numeric' ? 'numeric' : undefined}
                    value={r.value}
                    onValueChange={set}
                  />
                )}
                {r.note ? <p className="text-xs text-muted-foreground">{r.note}</p> : null}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
