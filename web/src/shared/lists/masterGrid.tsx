import { Fragment, useState, type Dispatch, type ReactNode, type SetStateAction } from 'react';
import { useLingui } from '@lingui/react/macro';
import {
  Button,
  DataTable,
  formatDate,
  GRID_PAGE_SIZE_OPTIONS,
  StatusLabel,
  useToast,
  type ColumnState,
  type DataTableColumn,
} from '@portal/design-system';
import type { ListState } from '../../api/provider';
import { listStateProps } from './listState';
import { useLabels } from '../words/labels';
import { useMasterRows, type MasterStatusAction } from './masterRows';
import { useSavedListState } from './savedList';
import { reconcileColumns } from './preferences';
import { masterListDefaults } from './listDefaults';
import { PageHeader, pageTableProps, useGridTexts } from './table';

/** A master list's grid state (paging, sort, search, column filters) and the record open in its add/edit dialog. */
export interface MasterGridCore<R> {
  state: ListState;
  setState: Dispatch<SetStateAction<ListState>>;
  /** The column chooser's choice, saved with the rest (undefined: every column). */
  columns?: ColumnState[];
  setColumns?: (columns: ColumnState[]) => void;
  /** `{ row: null }` while adding. */
  editing: { row: R | null } | null;
  add(): void;
  edit(row: R): void;
  close(): void;
}

/** ... and the values of the page's own filters above the grid. */
export interface MasterGrid<R, F> extends MasterGridCore<R> {
  filters: F;
  /** Any change goes back to page 1. */
  setFilter<K extends keyof F>(name: K, value: F[K]): void;
}

/**
 * What a master-record list holds on the page, 50 rows a page first. With a `page` key, everything but the page number
 * is saved per user (spec 000 §3); a saved filter must be text, and one of `allowed` where the page names its values.
 */
export function useMasterGrid<R, F extends Record<string, string>>(
  initialFilters: F,
  page: string | null = null,
  allowed: { [K in keyof F]?: readonly string[] } = {},
): MasterGrid<R, F> {
  const saved = useSavedListState<F>(page, masterListDefaults(initialFilters), {
    readFilters: (values) =>
      Object.fromEntries(
        Object.entries(initialFilters).map(([name, initial]) => {
          const value = values[name];
          const ok = typeof value === 'string' && (allowed[name]?.includes(value) ?? true);
          return [name, ok ? value : initial];
        }),
      ) as F,
  });
  const [editing, setEditing] = useState<{ row: R | null } | null>(null);
  return {
    state: saved.state,
    setState: saved.setState,
    columns: saved.columns,
    setColumns: saved.setColumns,
    filters: saved.filters,
    setFilter: (name, value) => saved.setFilters({ ...saved.filters, [name]: value }),
    editing,
    add: () => setEditing({ row: null }),
    edit: (row) => setEditing({ row }),
    close: () => setEditing(null),
  };
}

/** The last two columns of every master list: the record's status and when it last changed. */
export function useRecordColumns() {
  const { t } = useLingui();
  const labels = useLabels();
  return {
    status: {
      field: 'status',
      header: t`Status`,
      sortable: true,
      cell: (row: { status: string }) => <StatusLabel status={row.status} kind="record" labels={labels.statuses} />,
    },
    updatedAt: {
      field: 'updated_at',
      header: t`Last Updated`,
      sortable: true,
      cell: (row: { updated_at: string }) => formatDate(row.updated_at, 'datetime'),
    },
  };
}

interface MasterPage<R> {
  data?: { items: R[]; total: number; totalCapped?: boolean; lastUpdated?: string | null };
  error?: { message: string };
  isLoading: boolean;
  mutate: () => Promise<unknown>;
}

/**
 * A master-record list page (lookup values, product fields, content, quick links): the title with its Add button,
 * whatever the page puts under it, a grid of 50/100/250/500 rows with the page's filters, the master-record row
 * actions (ACTIVE: Edit, Inactivate; otherwise Activate; Delete where offered) and the add/edit dialog, which after a
 * save is closed, announced and the list reloaded.
 */
export function MasterGridPage<R extends { id: number; status: string }>({
  testId,
  title,
  caption = title,
  addLabel,
  grid,
  page,
  columns,
  filters,
  run,
  withDelete,
  describe,
  dialog,
  children,
  panel = (grid) => grid,
}: {
  testId: string;
  title: string;
  caption?: string;
  addLabel: string;
  grid: MasterGridCore<R>;
  page: MasterPage<R>;
  columns: DataTableColumn<R>[];
  filters: ReactNode;
  run: (row: R, action: MasterStatusAction) => Promise<unknown>;
  withDelete?: boolean;
  describe?: (row: R, action: MasterStatusAction) => string;
  /** The add/edit dialog of `row` (null while adding); `onSaved` closes it, says so and reloads. */
  dialog: (row: R | null, onSaved: () => Promise<void>) => ReactNode;
  children?: ReactNode;
  /** What holds the grid (a tab panel, when `children` are the tabs that choose what it lists). */
  panel?: (grid: ReactNode) => ReactNode;
}) {
  const { t } = useLingui();
  const toast = useToast();
  const texts = useGridTexts();
  const { data, error, isLoading, mutate } = page;
  const { rowActions, openRow, confirmDialog } = useMasterRows<R>({
    onEdit: grid.edit,
    run,
    onDone: mutate,
    withDelete,
    describe,
  });

  async function onSaved() {
    toast.success(t`Saved successfully.`);
    grid.close();
    await mutate();
  }

  return (
    <section className="space-y-4" data-testid={testId}>
      <PageHeader title={title}>
        <Button onClick={grid.add}>{addLabel}</Button>
      </PageHeader>
      {children}
      {panel(
        <DataTable
          caption={caption}
          columns={columns}
          {...pageTableProps({ data, error, isLoading })}
          pageSizeOptions={GRID_PAGE_SIZE_OPTIONS}
          {...listStateProps(grid.state, grid.setState)}
          columnChooser
          columnState={
            reconcileColumns(
              grid.columns ?? null,
              columns.map((c) => c.field),
            ) ?? undefined
          }
          onColumnStateChange={grid.setColumns}
          toolbar={<div className="flex flex-wrap gap-2">{filters}</div>}
          rowActions={rowActions}
          openRow={openRow}
          texts={texts}
        />,
      )}
      {grid.editing ? (
        <Fragment key={grid.editing.row?.id ?? 'new'}>{dialog(grid.editing.row, onSaved)}</Fragment>
      ) : null}
      {confirmDialog}
    </section>
  );
}
