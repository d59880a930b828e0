import { useState } from 'react';
import { useAtomValue, useStore } from 'jotai';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  Button,
  DataTable,
  GRID_PAGE_SIZE_OPTIONS,
  Label,
  SimpleSelect,
  Tabs,
  TabsList,
  TabsTrigger,
  type DataTableColumn,
} from '@portal/design-system';
import type { UdiParsed } from '@portal/vocabulary';
import {
  downloadInventory,
  type InventoryFilters,
  type InventoryKind,
  type InventoryRow,
  useInventoryFilters,
  useInventoryItems,
} from '../../api/inventory';
import { DownloadActions } from '../../shared/lists/downloads';
import { listTableProps, PageHeader, pageTableProps, useGridTexts, useListState } from '../../shared/lists/table';
import { UdiScanField } from '../../shared/scan/UdiScanField';
import { hasAnyPermission } from '../../shared/session/permissions';
import { authAtom } from '../../state/auth';
import { ImportDialog } from './ImportDialog';
import { useKindWords } from './words';

const ALL = 'all';
const FIELDS = [
  'gtin',
  'manufacturer',
  'catalogue_number',
  'model',
  'description',
  'lot',
  'serial',
  'quantity',
  'department',
  'location',
  'expiry_date',
  'supplier_name',
  'purchased_on',
];

/**
 * /provider/inventory (issue 38): the provider's item master and purchase history, searched over every identifier,
 * filtered by site and department, found by a scanned unit, downloaded; imported from CSV or XLSX.
 */
export default function InventoryPage() {
  const { t } = useLingui();
  const store = useStore();
  const texts = useGridTexts();
  const kindWords = useKindWords();
  const { permissions } = useAtomValue(authAtom);
  const canImport = hasAnyPermission(permissions, ['Provider_ManageRecalls']);
  const [kind, setKind] = useState<InventoryKind>('items');
  const [filters, setFilters] = useState<InventoryFilters>({});
  const [importing, setImporting] = useState(false);
  const list = useListState(`provider-inventory-${kind}`, FIELDS, [{ field: 'id', direction: 'desc' }]);
  const { filterModel: _none, ...query } = list.query;
  const page = useInventoryItems(kind, query, filters);
  const { data: options } = useInventoryFilters();

  const change = (patch: InventoryFilters) => {
    setFilters((f) => ({ ...f, ...patch }));
    list.setPage(1);
  };
  const onScan = (parsed: UdiParsed) =>
    change({ gtin: parsed.gtin ?? parsed.di, lot: parsed.lot, serial: parsed.serial });
  const scanned = filters.gtin || filters.lot || filters.serial;
  const scannedText = [filters.gtin, filters.lot, filters.serial].filter(Boolean).join(' · ');

  const text = (v: string | number | null) => (v === null ? '' : String(v));
  const columns: DataTableColumn<InventoryRow>[] = [
    { field: 'gtin', header: t`GTIN or UDI-DI`, hideable: false, cell: (r) => r.gtin ?? r.udi_di ?? '' },
    { field: 'manufacturer', header: t`Manufacturer`, cell: (r) => text(r.manufacturer) },
    { field: 'catalogue_number', header: t`Catalogue number`, cell: (r) => text(r.catalogue_number) },
    { field: 'model', header: t`Model`, cell: (r) => text(r.model) },
    { field: 'description', header: t`Description`, cell: (r) => text(r.description) },
    { field: 'lot', header: t`Lot`, cell: (r) => text(r.lot) },
    { field: 'serial', header: t`Serial`, cell: (r) => text(r.serial) },
    { field: 'quantity', header: t`Quantity`, cell: (r) => text(r.quantity) },
    ...(kind === 'items'
      ? ([
          { field: 'department', header: t`Department`, cell: (r) => text(r.department) },
          { field: 'location', header: t`Site`, cell: (r) => text(r.location) },
          { field: 'expiry_date', header: t`Expiry`, cell: (r) => text(r.expiry_date) },
        ] satisfies DataTableColumn<InventoryRow>[])
      : ([
          { field: 'location', header: t`Site`, cell: (r) => text(r.location) },
          { field: 'supplier_name', header: t`Supplier`, cell: (r) => text(r.supplier_name) },
          { field: 'purchased_on', header: t`Purchased on`, cell: (r) => text(r.purchased_on) },
        ] satisfies DataTableColumn<InventoryRow>[])),
  ];

  return (
    <section className="space-y-4" data-testid="inventory-page">
      <PageHeader title={t`Inventory`}>
        {canImport ? (
          <Button onClick={() => setImporting(true)} data-testid="inventory-import">
            <Trans>Import</Trans>
          </Button>
        ) : null}
        <DownloadActions download={(format) => downloadInventory(store, format, kind, query, filters)} />
      </PageHeader>
      <Tabs value={kind} onValueChange={(v) => setKind(v as InventoryKind)}>
        <TabsList>
          <TabsTrigger value="items">{kindWords.items}</TabsTrigger>
          <TabsTrigger value="purchases">{kindWords.purchases}</TabsTrigger>
        </TabsList>
      </Tabs>
      <UdiScanField label={t`Find a unit by scanning it`} onScan={onScan} className="max-w-2xl" />
      {scanned ? (
        <p className="flex flex-wrap items-center gap-2 text-sm" data-testid="inventory-scanned">
          <Trans>Scanned: {scannedText}</Trans>
          <Button
            size="sm"
            variant="outline"
            onClick={() => change({ gtin: undefined, lot: undefined, serial: undefined })}
          >
            <Trans>Show all</Trans>
          </Button>
        </p>
      ) : null}
      <div className="flex flex-wrap gap-3">
        <div className="grid w-full gap-1 sm:w-56">
          <Label htmlFor="inventory-site">
            <Trans>Site</Trans>
          </Label>
          <SimpleSelect
            id="inventory-site"
            value={filters.site_id === undefined ? ALL : String(filters.site_id)}
            onValueChange={(v) => change({ site_id: v === ALL ? undefined : Number(v) })}
            options={[
              { value: ALL, label: t`All sites` },
              ...(options?.sites ?? []).map((s) => ({ value: String(s.id), label: s.name })),
            ]}
          />
        </div>
        {kind === 'items' ? (
          <div className="grid w-full gap-1 sm:w-56">
            <Label htmlFor="inventory-department">
              <Trans>Department</Trans>
            </Label>
            <SimpleSelect
              id="inventory-department"
              value={filters.department ?? ALL}
              onValueChange={(v) => change({ department: v === ALL ? undefined : v })}
              options={[
                { value: ALL, label: t`All departments` },
                ...(options?.departments ?? []).map((d) => ({ value: d, label: d })),
              ]}
            />
          </div>
        ) : null}
      </div>
      <DataTable
        columns={columns}
        {...pageTableProps(page)}
        {...listTableProps(list)}
        onFilterChange={undefined}
        pageSizeOptions={GRID_PAGE_SIZE_OPTIONS}
        texts={texts}
        caption={kindWords[kind]}
      />
      {importing ? (
        <ImportDialog
          onClose={() => setImporting(false)}
          onDone={() => {
            void page.mutate();
          }}
        />
      ) : null}
    </section>
  );
}
