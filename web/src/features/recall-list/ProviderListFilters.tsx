import { Trans, useLingui } from '@lingui/react/macro';
import { Button, DatePicker, FILTER_YEAR_RANGE, FormField, Label, SimpleSelect, Switch } from '@portal/design-system';
import type { CommunicationType } from '../../api/notices';
import { useSupplierNameList, type MetaSite } from '../../api/provider';
import { useOwnerCandidates, type ProviderListFilters } from '../../api/worklist';
import { ALL } from '../../shared/lists/filters';
import { useDateTexts, useLabels } from '../../shared/words/labels';

/** Due-date filters take years 2010–2030, as every date filter of the lists (the design system's range). */
const { from: FROM_YEAR, to: TO_YEAR } = FILTER_YEAR_RANGE;

const CLASSIFICATIONS = ['CLASSI', 'CLASSII', 'CLASSIII', 'NOT_YET_CLASSIFIED'] as const;

/** Whether any filter is set. */
export function hasFilters(filters: ProviderListFilters): boolean {
  return Object.values(filters).some((v) => v !== undefined && v !== false);
}

/** A select value as the filter's value: none for "All ...". */
function pick<T extends string>(value: string): T | undefined {
  return value === ALL ? undefined : (value as T);
}

/**
 * The provider list's filters: status, response status (with "Not affected"), classification, supplier, site (when the
 * organisation has sites), owner (me, nobody or a person), overdue only, and a due-date range.
 */
export function ProviderListFilterBar({
  type,
  filters,
  onChange,
  sites,
}: {
  type: CommunicationType;
  filters: ProviderListFilters;
  onChange: (filters: ProviderListFilters) => void;
  /** The organisation and its sites (meta-sites); the Site filter shows when there are sites. */
  sites: readonly MetaSite[];
}) {
  const { t } = useLingui();
  const labels = useLabels();
  const dateTexts = useDateTexts();
  const { data: suppliers } = useSupplierNameList();
  const { data: people } = useOwnerCandidates(type);
  const set = (patch: Partial<ProviderListFilters>) => onChange({ ...filters, ...patch });
  const word = (map: Record<string, string>, code: string) => map[code] ?? code;

  const statusOptions = [
    { value: ALL, label: t`All statuses` },
    ...(['OPEN', 'CLOSED'] as const).map((s) => ({ value: s, label: word(labels.statuses, s) })),
  ];
  const responseOptions = [
    { value: ALL, label: t`All responses` },
    { value: 'NOTCOMPLETED', label: word(labels.statuses, 'NOTCOMPLETED') },
    { value: 'COMPLETED', label: word(labels.statuses, 'COMPLETED') },
    { value: 'NOT_AFFECTED', label: t`Not affected` },
  ];
  const classificationOptions = [
    { value: ALL, label: t`All classifications` },
    ...CLASSIFICATIONS.map((c) => ({ value: c, label: word(labels.classifications, c) })),
  ];
  const supplierOptions = [
    { value: ALL, label: t`All suppliers` },
    ...(suppliers ?? []).map((s) => ({ value: String(s.id), label: s.name })),
  ];
  const siteOptions = [
    { value: ALL, label: t`All sites` },
    ...sites.map((s) => ({ value: String(s.id), label: s.name })),
  ];
  const ownerOptions = [
    { value: ALL, label: t`Any owner` },
    { value: 'me', label: t`Me` },
    { value: 'none', label: t`No owner` },
    ...(people ?? []).map((p) => ({ value: String(p.id), label: p.name })),
  ];
  const hasSites = sites.some((s) => s.is_site);

  return (
    // Two columns on a phone; one wrapping row from the small breakpoint on.
    <div
      className="grid grid-cols-2 items-end gap-3 sm:flex sm:flex-wrap [&>*]:min-w-0"
      data-testid="provider-list-filters"
    >
      <FormField id="provider-list-status" label={t`Status`}>
        <SimpleSelect
          className="w-full sm:w-40"
          options={statusOptions}
          value={filters.status ?? ALL}
          onValueChange={(v) => set({ status: pick(v) })}
        />
      </FormField>
      <FormField id="provider-list-response" label={t`Response`}>
        <SimpleSelect
          className="w-full sm:w-44"
          options={responseOptions}
          value={filters.responseStatus ?? ALL}
          onValueChange={(v) => set({ responseStatus: pick(v) })}
        />
      </FormField>
      <FormField id="provider-list-classification" label={t`Classification`}>
        <SimpleSelect
          className="w-full sm:w-44"
          options={classificationOptions}
          value={filters.classification ?? ALL}
          onValueChange={(v) => set({ classification: pick(v) })}
        />
      </FormField>
      <FormField id="provider-list-supplier" label={t`Supplier`}>
        <SimpleSelect
          className="w-full sm:w-56"
          options={supplierOptions}
          value={filters.supplierId !== undefined ? String(filters.supplierId) : ALL}
          onValueChange={(v) => set({ supplierId: v === ALL ? undefined : Number(v) })}
        />
      </FormField>
      {hasSites ? (
        <FormField id="provider-list-site" label={t`Site`}>
          <SimpleSelect
            className="w-full sm:w-56"
            options={siteOptions}
            value={filters.siteId !== undefined ? String(filters.siteId) : ALL}
            onValueChange={(v) => set({ siteId: v === ALL ? undefined : Number(v) })}
          />
        </FormField>
      ) : null}
      <FormField id="provider-list-owner" label={t`Owner`}>
        <SimpleSelect
          className="w-full sm:w-48"
          options={ownerOptions}
          value={filters.ownerId !== undefined ? String(filters.ownerId) : ALL}
          onValueChange={(v) => set({ ownerId: v === ALL ? undefined : v === 'me' || v === 'none' ? v : Number(v) })}
        />
      </FormField>
      <FormField id="provider-list-due-from" label={t`Due from`}>
        <DatePicker
          value={filters.dueFrom ?? null}
          onChange={(v) => set({ dueFrom: v ?? undefined })}
          fromYear={FROM_YEAR}
          toYear={TO_YEAR}
          texts={dateTexts}
          className="sm:w-44"
        />
      </FormField>
      <FormField id="provider-list-due-to" label={t`Due to`}>
        <DatePicker
          value={filters.dueTo ?? null}
          onChange={(v) => set({ dueTo: v ?? undefined })}
          fromYear={FROM_YEAR}
          toYear={TO_YEAR}
          texts={dateTexts}
          className="sm:w-44"
        />
      </FormField>
      <div className="col-span-2 flex items-center gap-2 pb-2">
        <Switch
          id="provider-list-overdue"
          checked={filters.overdue === true}
          onCheckedChange={(checked) => set({ overdue: checked || undefined })}
        />
        <Label htmlFor="provider-list-overdue">
          <Trans>Overdue only</Trans>
        </Label>
      </div>
      {hasFilters(filters) ? (
        <Button variant="outline" size="sm" className="mb-1 justify-self-start" onClick={() => onChange({})}>
          <Trans>Clear filters</Trans>
        </Button>
      ) : null}
    </div>
  );
}
