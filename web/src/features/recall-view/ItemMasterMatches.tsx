import { useState } from 'react';
import { useStore } from 'jotai';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, ConfirmDialog, formatDate, useToast } from '@portal/design-system';
import {
  downloadMatches,
  type MatchReason,
  type MatchRow,
  notAffectedByItemMaster,
  useNoticeMatches,
} from '../../api/inventoryMatches';
import { errorText } from '../../shared/lists/table';

/** The words of each match reason (issue 38): why a row of the item master is taken for the recalled product. */
export function useMatchReasonWords(): Record<MatchReason, string> {
  const { t } = useLingui();
  return {
    DI_LOT: t`Same UDI-DI, lot or serial listed`,
    DI: t`Same UDI-DI`,
    CATALOGUE_LOT: t`Same catalogue number and manufacturer, lot listed`,
    MODEL_LOT: t`Same model and manufacturer, lot listed`,
    CATALOGUE: t`Same catalogue number and manufacturer`,
    MODEL: t`Same model and manufacturer`,
    LOT: t`Lot listed, same manufacturer`,
    TEXT_TOKEN: t`Found in the recall's text`,
  };
}

function Identifiers({ row }: { row: MatchRow }) {
  const { t } = useLingui();
  const { gtin, catalogue_number: ref, model, lot, serial } = row;
  const parts = [
    gtin ? t`GTIN ${gtin}` : null,
    ref ? t`Ref ${ref}` : null,
    model ? t`Model ${model}` : null,
    lot ? t`Lot ${lot}` : null,
    serial ? t`Serial ${serial}` : null,
  ].filter(Boolean);
  return <span className="break-words">{parts.join(' · ')}</span>;
}

/**
 * On the provider's notice (issue 38, item 4): whether its own item master and purchase history hold the recalled
 * product. "Likely affected: 14 units in 3 departments at 2 sites" with the matched rows and their reasons, and the
 * report; when nothing matches, "No match in your item master (as of …)" and a one-step "Not affected" (asks first).
 */
export function ItemMasterMatches({
  pcId,
  canAnswer,
  onAnswered,
}: {
  pcId: number;
  /** The notice is open and still waits for an answer. */
  canAnswer: boolean;
  onAnswered: () => unknown;
}) {
  const { t } = useLingui();
  const toast = useToast();
  const store = useStore();
  const reasons = useMatchReasonWords();
  const { data, mutate } = useNoticeMatches(pcId);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  // Nothing to check against (no item master), or not read yet: no panel.
  if (!data?.item_master || !['MATCHED', 'NONE', 'PENDING'].includes(data.status)) return null;

  const asOf = data.item_master.items_imported_at ?? data.item_master.purchases_imported_at;
  const date = asOf ? formatDate(asOf, 'date') : '—';
  const { units, departments, sites, possible } = data.summary;
  const likely = data.rows.filter((r) => r.likely);
  const maybe = data.rows.filter((r) => !r.likely);
  const total = data.rows_total ?? data.rows.length;

  const answer = async () => {
    setBusy(true);
    try {
      await notAffectedByItemMaster(pcId);
      toast.success(t`Answered not affected.`);
      setConfirming(false);
      await Promise.all([mutate(), onAnswered()]);
    } catch (err) {
      toast.danger(errorText(err, t`The notice could not be answered.`));
    } finally {
      setBusy(false);
    }
  };

  const download = (format: 'csv' | 'xlsx') =>
    downloadMatches(store, pcId, format).catch((err: unknown) =>
      toast.danger(errorText(err, t`The report could not be downloaded.`)),
    );

  return (
    <section className="grid gap-3 rounded-md border p-3 text-sm" data-testid="item-master-matches" aria-live="polite">
      {data.status === 'PENDING' ? (
        <p className="text-muted-foreground">
          <Trans>Checking your item master…</Trans>
        </p>
      ) : data.status === 'NONE' ? (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p data-testid="no-match">
            <Trans>No match in your item master (as of {date}).</Trans>
          </p>
          {canAnswer ? (
            <Button size="sm" variant="outline" onClick={() => setConfirming(true)}>
              <Trans>Not affected</Trans>
            </Button>
          ) : null}
        </div>
      ) : (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="font-medium" data-testid="likely-affected">
            <Trans>
              Likely affected: {units} units in {departments} departments at {sites} sites
            </Trans>
          </p>
          <span className="flex gap-2">
            <Button size="sm" variant="outline" onClick={() => download('csv')}>
              <Trans>Download CSV</Trans>
            </Button>
            <Button size="sm" variant="outline" onClick={() => download('xlsx')}>
              <Trans>Download XLSX</Trans>
            </Button>
          </span>
        </div>
      )}
      {data.status !== 'PENDING' && data.rows.length ? (
        <ul className="grid gap-2" data-testid="match-rows">
          {[...likely, ...maybe].map((row) => {
            const rowUnits = row.units;
            const percent = Math.round(row.confidence * 100);
            return (
              <li key={row.id} className="grid gap-0.5 rounded border p-2" data-testid="match-row">
                <span className="flex flex-wrap justify-between gap-x-3">
                  <span className="font-medium">
                    {row.likely ? null : (
                      <span className="text-muted-foreground">
                        <Trans>Possible:</Trans>{' '}
                      </span>
                    )}
                    {reasons[row.reason]}
                  </span>
                  <span className="text-muted-foreground">
                    <Trans>
                      {rowUnits} units · {percent}%
                    </Trans>
                  </span>
                </span>
                <span className="text-muted-foreground">
                  {[row.department, row.location, row.source === 'PURCHASE' ? t`Purchase history` : null]
                    .filter(Boolean)
                    .join(' · ')}
                </span>
                <Identifiers row={row} />
              </li>
            );
          })}
        </ul>
      ) : null}
      {data.status === 'MATCHED' && possible ? (
        <p className="text-muted-foreground">
          <Trans>{possible} possible matches are shown below the likely ones; check them before answering.</Trans>
        </p>
      ) : null}
      {total > data.rows.length ? (
        <p className="text-muted-foreground">
          <Trans>The report holds all {total} matched rows.</Trans>
        </p>
      ) : null}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        onConfirm={answer}
        loading={busy}
        title={t`Answer "not affected"?`}
        description={t`Your item master (as of ${date}) holds none of this recall's products. The answer is sent to the supplier, and what was searched is kept in the audit trail.`}
        confirmText={t`Not affected`}
      />
    </section>
  );
}
