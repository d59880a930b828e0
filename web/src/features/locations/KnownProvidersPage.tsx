import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { DataTable, GRID_PAGE_SIZE_OPTIONS, Label, TextInput, type DataTableColumn } from '@portal/design-system';
import { type KnownProvider, useKnownProviders } from '../../api/locationPreProcessor';
import { identifierText } from '../../shared/words/labels';
import { listTableProps, PageHeader, useListState, useGridTexts } from '../../shared/lists/table';

/**
 * /notisphere/location-pre-processor/known-providers: the registry the matcher reads (provider organisations and sites
 * with their external identifiers and aliases), searched and filtered by state. Loaded by `pnpm cli providers
 * import-known`; read-only here.
 */
export default function KnownProvidersPage() {
  const { t, i18n } = useLingui();
  const texts = useGridTexts();
  const [state, setState] = useState('');
  const list = useListState('notisphere-known-providers', [
    'name',
    'externalIds',
    'aliases',
    'address',
    'city',
    'state',
    'zip',
    'phone',
    'organizationName',
  ]);
  const { filterModel: _none, ...query } = list.query;
  const { data, error, isLoading } = useKnownProviders(query, state.trim());

  const columns: DataTableColumn<KnownProvider>[] = [
    { field: 'name', header: t`Name`, sortable: true, hideable: false },
    {
      field: 'externalIds',
      header: t`Identifiers`,
      cell: (p) => p.externalIds.map((x) => identifierText(x, i18n.locale)).join(', '),
    },
    { field: 'aliases', header: t`Aliases`, cell: (p) => p.aliases.join('; ') },
    { field: 'address', header: t`Address`, cell: (p) => p.address ?? '' },
    { field: 'city', header: t`City`, sortable: true, cell: (p) => p.city ?? '' },
    { field: 'state', header: t`State`, sortable: true, cell: (p) => p.state ?? '' },
    { field: 'zip', header: t`ZIP`, sortable: true, cell: (p) => p.zip ?? '' },
    { field: 'phone', header: t`Phone`, cell: (p) => p.phone ?? '' },
    { field: 'organizationName', header: t`Organization`, cell: (p) => p.organizationName ?? '' },
  ];

  return (
    <section className="space-y-4" data-testid="known-providers">
      <PageHeader title={t`Known Providers`} />
      <div className="grid w-fit gap-1">
        <Label htmlFor="known-state">
          <Trans>State</Trans>
        </Label>
        <TextInput
          id="known-state"
          className="w-24"
          maxLength={2}
          value={state}
          onChange={(e) => {
            setState(e.target.value.toUpperCase());
            list.setPage(1);
          }}
        />
      </div>
      <DataTable
        columns={columns}
        rows={data?.items ?? []}
        getRowId={(p) => String(p.id)}
        total={data?.total ?? 0}
        totalCapped={data?.totalCapped}
        sortCapped={data?.sortCapped}
        {...listTableProps(list)}
        onFilterChange={undefined}
        pageSizeOptions={GRID_PAGE_SIZE_OPTIONS}
        loading={isLoading}
        error={error ? error.message : null}
        texts={texts}
        caption={t`Known Providers`}
      />
    </section>
  );
}
