import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, DataTable, type DataTableColumn } from '@portal/design-system';
import { useCommunicationMeta, type Communication } from '../../api/communications';
import { CustomRowsTable } from '../../shared/events/CustomRowsTable';
import { CustomRowsUpload } from '../../shared/events/CustomContentPanel';
import { customRowsBase } from '../../api/customContent';
import { formatDate, useTableTexts } from '../../shared/lists/table';
import { AddProductsDialog } from './AddProductsDialog';

export function ProductsTab({ event, reader }: { event: Communication; reader: 'supplier' | 'operator' }) {
  const { t } = useLingui();
  const texts = useTableTexts();
  const [adding, setAdding] = useState(false);
  if (event.custom_content) return <CustomProducts event={event} reader={reader} />;
  // Issue 33: an approved, open event takes more products (postupdate); a draft adds them in the wizard.
  const canAdd = reader === 'supplier' && event.status === 'OPEN';
  const columns: DataTableColumn<Communication['products'][number]>[] = [
    { field: 'product_name', header: t`Product Name` },
    { field: 'catalog_number', header: t`Catalog Number` },
    { field: 'lot_number', header: t`Lot Number` },
    { field: 'udi', header: t`UDI` },
    { field: 'expiration_date', header: t`Expiration Date`, cell: (p) => formatDate(p.expiration_date) },
    { field: 'quantity', header: t`Quantity` },
  ];
  return (
    <>
      <DataTable
        columns={columns}
        rows={event.products}
        getRowId={(p) => String(p.id)}
        total={event.products.length}
        pageNumber={1}
        pageSize={500}
        onPageChange={() => undefined}
        texts={texts}
        caption={t`Products`}
        toolbar={
          canAdd ? (
            <Button size="sm" variant="outline" onClick={() => setAdding(true)}>
              <Trans>Add products</Trans>
            </Button>
          ) : undefined
        }
      />
      {adding ? <AddProductsDialog event={event} onClose={() => setAdding(false)} /> : null}
    </>
  );
}

/** A custom-content event's products are its customers' own rows, with each row's per-unit answers once given. */
function CustomProducts({ event, reader }: { event: Communication; reader: 'supplier' | 'operator' }) {
  const { t } = useLingui();
  // The operator has no supplier meta: field values then show without their names.
  const { data: meta } = useCommunicationMeta(reader === 'supplier');
  // Bumped after a correction, so the grid reads its pages again.
  const [version, setVersion] = useState(0);
  // Approved but not yet sent: nobody has read a notice, so the supplier may still correct the rows (audited).
  const correctable = reader === 'supplier' && event.status === 'OPEN' && !event.first_sent_at;
  return (
    <div className="space-y-3">
      {correctable ? (
        <div className="space-y-2 rounded-md border p-3" data-testid="custom-rows-correction">
          <p className="text-sm text-muted-foreground">
            <Trans>
              This event is approved but not sent yet: you may still replace its customer rows with a corrected file.
              Once the notices are sent, the rows can no longer change.
            </Trans>
          </p>
          <CustomRowsUpload id={event.id} label={t`Upload corrected rows`} onSaved={() => setVersion((v) => v + 1)} />
        </div>
      ) : null}
      <CustomRowsTable
        key={version}
        rowsBase={customRowsBase(event.id, reader)}
        fields={meta?.productFields ?? []}
        unitActions={event.actions.filter((a) => a.per_unit)}
        listKey={`${reader}-event-custom-rows`}
      />
    </div>
  );
}
