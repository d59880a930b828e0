import { useState } from 'react';
import { useStore } from 'jotai';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, DataTable, StatusLabel, useToast, type DataTableColumn } from '@portal/design-system';
import {
  reportPath,
  updateLocationStatus,
  useAffectedLocations,
  type AffectedLocation,
  type LocationStatus,
} from '../../api/communications';
import { downloadFile } from '../../api/client';
import { removeRecipients } from '../../api/supplierFollowUp';
import { useConfirmedAction } from '../../shared/forms/useConfirmedAction';
import { useLabels } from '../../shared/words/labels';
import { errorText, listTableProps, useListState, useTableTexts } from '../../shared/lists/table';

const BULK: { status: LocationStatus }[] = [
  { status: 'COVERED' },
  { status: 'EMAILED' },
  { status: 'NON_COVERED' },
  { status: 'INVALID' },
];

export function LocationsTab({ id }: { id: number }) {
  const { t } = useLingui();
  const toast = useToast();
  const store = useStore();
  const labels = useLabels();
  const texts = useTableTexts();
  const list = useListState('supplier-affected-locations', [
    'locationId',
    'locationName',
    'city',
    'state',
    'zip',
    'email',
    'status',
  ]);
  const { data, isLoading, mutate } = useAffectedLocations(id, list.query);
  const [selected, setSelected] = useState<string[]>([]);
  const removing = useConfirmedAction(() => mutate());
  const columns: DataTableColumn<AffectedLocation>[] = [
    { field: 'locationId', header: t`Location ID`, sortable: true, filterable: true, cell: (r) => r.location_id },
    { field: 'locationName', header: t`Location Name`, sortable: true, filterable: true, cell: (r) => r.location_name },
    { field: 'city', header: t`City`, sortable: true, filterable: true },
    { field: 'state', header: t`State`, sortable: true, filterable: true },
    { field: 'zip', header: t`ZIP`, sortable: true, filterable: true },
    { field: 'email', header: t`Email`, filterable: true },
    {
      field: 'status',
      header: t`Status`,
      sortable: true,
      cell: (r) => <StatusLabel status={r.status} kind="verification" labels={labels.statuses} />,
    },
  ];
  const bulkLabels: Record<string, string> = {
    COVERED: t`Covered`,
    EMAILED: t`Emailed`,
    NON_COVERED: t`Not Covered`,
    INVALID: t`Invalid`,
  };

  async function bulk(status: LocationStatus) {
    try {
      await updateLocationStatus(id, status, selected.map(Number));
      setSelected([]);
      toast.success(t`Status updated.`);
      await mutate();
    } catch (err) {
      toast.danger(errorText(err, t`Unknown error`));
    }
  }

  // Issue 33: removing affected locations (asks first; it cannot be undone).
  function askRemove() {
    const count = selected.length;
    const ids = selected.map(Number);
    removing.ask({
      description: t`Remove ${count} affected location(s) from this event? This cannot be undone.`,
      confirmText: t`Remove`,
      destructive: true,
      run: async () => {
        const result = await removeRecipients(id, { location_ids: ids });
        setSelected([]);
        const removed = result.removed_locations;
        return t`${removed} affected location(s) removed.`;
      },
    });
  }

  return (
    <>
      <DataTable
        columns={columns}
        rows={data?.items ?? []}
        getRowId={(r) => String(r.id)}
        total={data?.total ?? 0}
        totalCapped={data?.totalCapped}
        sortCapped={data?.sortCapped}
        {...listTableProps(list)}
        selectedIds={selected}
        onSelectionChange={setSelected}
        loading={isLoading}
        texts={texts}
        caption={t`Affected Locations`}
        toolbar={
          <div className="flex flex-wrap gap-2">
            {BULK.map(({ status }) => (
              <Button
                key={status}
                size="sm"
                variant="outline"
                disabled={selected.length === 0}
                onClick={() => void bulk(status)}
              >
                {bulkLabels[status]}
              </Button>
            ))}
            <Button
              size="sm"
              variant="outline"
              onClick={() =>
                void downloadFile(
                  store,
                  reportPath(id, 'locations-csv-download'),
                  undefined,
                  'Affected Locations.csv',
                ).catch((err: unknown) => toast.danger(errorText(err, t`Nothing to download`)))
              }
            >
              <Trans>Download CSV</Trans>
            </Button>
            <Button size="sm" variant="destructive" disabled={selected.length === 0} onClick={askRemove}>
              <Trans>Remove</Trans>
            </Button>
          </div>
        }
      />
      {removing.dialog}
    </>
  );
}
