import * as React from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fireEvent, fn, userEvent, waitFor, within } from 'storybook/test';
import { DataTable, type DataTableColumn, type DataTableProps } from './DataTable';
import { RowActionsMenu } from './DropdownMenu';
import { StatusLabel } from './StatusLabel';
import { TableHeaderActions } from './TableHeaderActions';
import type { SortItem } from '../lib/table';

interface Recall {
  id: string;
  name: string;
  supplier: string;
  status: string;
  date: string;
}

const statuses = ['OPEN', 'CLOSED', 'DRAFT', 'COMPLETED'];
const allRecalls: Recall[] = Array.from({ length: 123 }, (_, i) => ({
  id: String(i + 1),
  name: `Recall ${String(i + 1).padStart(3, '0')}`,
  supplier: i % 3 === 0 ? 'Acme Medical' : 'Globex Pharma',
  status: statuses[i % statuses.length] ?? 'OPEN',
  date: `2026-0${(i % 9) + 1}-1${i % 10}`,
}));

const columns: DataTableColumn<Recall>[] = [
  { field: 'name', header: 'Name', sortable: true, filterable: true, hideable: false },
  { field: 'supplier', header: 'Supplier', sortable: true, filterable: true },
  { field: 'status', header: 'Status', cell: (row) => <StatusLabel status={row.status} kind="communication" /> },
  { field: 'date', header: 'Date', sortable: true },
];

type HarnessProps = Omit<
  DataTableProps<Recall>,
  'rows' | 'total' | 'pageNumber' | 'onPageChange' | 'getRowId' | 'columns'
> & {
  data?: Recall[];
  onPageChange: (page: number) => void;
};

/** Plays the server: pages, sorts and filters the in-memory rows as the BFF would. */
function ServerTable({
  data = allRecalls,
  onPageChange,
  onPageSizeChange,
  onSortChange,
  onSelectionChange,
  ...props
}: HarnessProps) {
  const [page, setPage] = React.useState(1);
  const [pageSize, setPageSize] = React.useState(props.pageSize ?? 50);
  const [sort, setSort] = React.useState<SortItem[]>([]);
  const [selected, setSelected] = React.useState<string[]>([]);
  const sorted = [...data].sort((a, b) => {
    for (const s of sort) {
      const key = s.field as keyof Recall;
      const cmp = a[key].localeCompare(b[key]);
      if (cmp !== 0) return s.direction === 'asc' ? cmp : -cmp;
    }
    return 0;
  });
  const rows = sorted.slice((page - 1) * pageSize, page * pageSize);
  return (
    <DataTable
      {...props}
      columns={columns}
      rows={rows}
      getRowId={(row) => row.id}
      total={data.length}
      pageNumber={page}
      pageSize={pageSize}
      onPageChange={(p) => {
        setPage(p);
        onPageChange(p);
      }}
      onPageSizeChange={(size) => {
        setPageSize(size);
        setPage(1);
        onPageSizeChange?.(size);
      }}
      sortModel={sort}
      onSortChange={(model) => {
        setSort(model);
        onSortChange?.(model);
      }}
      selectedIds={selected}
      onSelectionChange={
        onSelectionChange
          ? (ids) => {
              setSelected(ids);
              onSelectionChange(ids);
            }
          : undefined
      }
    />
  );
}

const meta = {
  title: 'Data/DataTable',
  component: ServerTable,
  args: {
    onPageChange: fn(),
    onPageSizeChange: fn(),
    onSortChange: fn(),
    onSelectionChange: fn(),
    onSearchChange: fn(),
    onFilterChange: fn(),
    columnChooser: true,
    // Most stories use short pages to keep the browser run fast; the paging stories use the default 50.
    pageSize: 10,
  },
} satisfies Meta<typeof ServerTable>;

export default meta;
type Story = StoryObj<typeof meta>;

const bodyRows = (canvasElement: HTMLElement) => Array.from(canvasElement.querySelectorAll('tbody tr'));
const headers = (canvasElement: HTMLElement) =>
  within(canvasElement)
    .getAllByRole('columnheader')
    .map((th) => th.textContent?.trim() ?? '')
    .filter(Boolean);

export const Default: Story = {
  args: { lastUpdated: '11/20/2026 09:15', pageSize: 50 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(bodyRows(canvasElement)).toHaveLength(50);
    await expect(canvas.getByText('Total 123 record(s)')).toBeInTheDocument();
    await expect(canvas.getByText('Last Updated: 11/20/2026 09:15')).toBeInTheDocument();
    const pager = canvas.getByRole('navigation', { name: 'Pagination' });
    await expect(within(pager).getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    await expect(within(pager).getByRole('button', { name: 'Previous page' })).toBeDisabled();
    await expect(within(pager).getAllByRole('button', { name: /^Page / })).toHaveLength(3);
  },
};

export const Paging: Story = {
  args: { pageSize: 50 },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Page 3' }));
    await expect(args.onPageChange).toHaveBeenCalledWith(3);
    await expect(bodyRows(canvasElement)).toHaveLength(23);
    await expect(canvas.getByText('Recall 101')).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Next page' })).toBeDisabled();
    await userEvent.click(canvas.getByRole('button', { name: 'Previous page' }));
    await expect(args.onPageChange).toHaveBeenLastCalledWith(2);
  },
};

export const PageSize: Story = {
  args: { pageSize: 50 },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(canvas.getByRole('combobox', { name: 'Rows per page' }));
    await expect(body.getAllByRole('option').map((o) => o.textContent)).toEqual(['10', '20', '30', '40', '50']);
    await userEvent.click(body.getByRole('option', { name: '10' }));
    await expect(args.onPageSizeChange).toHaveBeenCalledWith(10);
    await expect(bodyRows(canvasElement)).toHaveLength(10);
    const pager = canvas.getByRole('navigation', { name: 'Pagination' });
    await expect(
      within(pager)
        .getAllByRole('button', { name: /^Page / })
        .map((b) => b.textContent),
    ).toEqual(['1', '2', '3', '4', '5', '13']);
  },
};

export const MultiColumnSort: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const nameHeader = () => canvas.getByRole('columnheader', { name: /Name/ });
    await userEvent.click(canvas.getByRole('button', { name: /Supplier/ }));
    await expect(args.onSortChange).toHaveBeenLastCalledWith([{ field: 'supplier', direction: 'asc' }]);
    // The clicked column leads; the earlier one follows to break ties.
    await userEvent.click(canvas.getByRole('button', { name: /Name/ }));
    await expect(args.onSortChange).toHaveBeenLastCalledWith([
      { field: 'name', direction: 'asc' },
      { field: 'supplier', direction: 'asc' },
    ]);
    await expect(nameHeader()).toHaveAttribute('aria-sort', 'ascending');
    await expect(bodyRows(canvasElement)[0]).toHaveTextContent('Recall 001');
    await userEvent.click(canvas.getByRole('button', { name: /Name/ }));
    await expect(nameHeader()).toHaveAttribute('aria-sort', 'descending');
    await expect(bodyRows(canvasElement)[0]).toHaveTextContent('Recall 123');
    await userEvent.click(canvas.getByRole('button', { name: /Name/ }));
    await expect(args.onSortChange).toHaveBeenLastCalledWith([{ field: 'supplier', direction: 'asc' }]);
    await expect(nameHeader()).toHaveAttribute('aria-sort', 'none');
  },
};

export const DebouncedSearch: Story = {
  play: async ({ args, canvasElement }) => {
    const search = within(canvasElement).getByRole('searchbox', { name: 'Search' });
    await userEvent.click(search);
    const started = performance.now();
    // Two quick edits inside the 500 ms window collapse into one trimmed search.
    await userEvent.paste('  pu');
    await userEvent.paste('mp  ');
    await expect(args.onSearchChange).not.toHaveBeenCalled();
    await waitFor(() => expect(args.onSearchChange).toHaveBeenCalledWith('pump'), { timeout: 2000 });
    await expect(performance.now() - started).toBeGreaterThanOrEqual(500);
    await expect(args.onSearchChange).toHaveBeenCalledTimes(1);
    // Only whitespace changed: the trimmed text is the same, so nothing new is emitted.
    await userEvent.paste(' ');
    await new Promise((resolve) => setTimeout(resolve, 700));
    await expect(args.onSearchChange).toHaveBeenCalledTimes(1);
  },
};

export const ContainsFilters: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('textbox', { name: 'Filter Supplier' }));
    await userEvent.paste(' Acme ');
    await expect(args.onFilterChange).not.toHaveBeenCalled();
    await waitFor(
      () =>
        expect(args.onFilterChange).toHaveBeenLastCalledWith({
          supplier: { filterType: 'text', type: 'contains', filter: 'Acme' },
        }),
      { timeout: 2000 },
    );
    await expect(args.onFilterChange).toHaveBeenCalledTimes(1);
    await expect(canvas.queryByRole('textbox', { name: 'Filter Status' })).toBeNull();
  },
};

export const RowSelection: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Select row 2' }));
    await expect(args.onSelectionChange).toHaveBeenLastCalledWith(['2']);
    await expect(bodyRows(canvasElement)[1]).toHaveAttribute('data-state', 'selected');
    const all = canvas.getByRole('checkbox', { name: 'Select all rows' });
    await expect(all).toHaveAttribute('aria-checked', 'mixed');
    await userEvent.click(all);
    await expect(args.onSelectionChange).toHaveBeenLastCalledWith(expect.arrayContaining(['1', '2', '10']));
    await expect(all).toHaveAttribute('aria-checked', 'true');
    await userEvent.click(all);
    await expect(args.onSelectionChange).toHaveBeenLastCalledWith([]);
  },
};

export const ColumnChooserReorder: Story = {
  args: { onColumnStateChange: fn() },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    await expect(headers(canvasElement)).toEqual(['Name', 'Supplier', 'Status', 'Date']);
    await userEvent.click(canvas.getByRole('button', { name: 'Columns' }));
    const dialog = await body.findByRole('dialog');
    await expect(within(dialog).getByRole('checkbox', { name: 'Name' })).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Status' }));
    await expect(headers(canvasElement)).toEqual(['Name', 'Supplier', 'Date']);

    const items = dialog.querySelectorAll<HTMLElement>('[data-slot="column-chooser-item"]');
    const date = items[3];
    const name = items[0];
    if (!date || !name) throw new Error('column chooser items missing');
    const dataTransfer = new DataTransfer();
    await fireEvent.dragStart(date, { dataTransfer });
    await fireEvent.dragOver(name, { dataTransfer });
    await fireEvent.drop(name, { dataTransfer });
    await expect(headers(canvasElement)).toEqual(['Date', 'Name', 'Supplier']);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Move Supplier up' }));
    await expect(headers(canvasElement)).toEqual(['Date', 'Supplier', 'Name']);
    await expect(args.onColumnStateChange).toHaveBeenLastCalledWith([
      { field: 'date', visible: true },
      { field: 'supplier', visible: true },
      { field: 'name', visible: true },
      { field: 'status', visible: false },
    ]);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Reset' }));
    await expect(headers(canvasElement)).toEqual(['Name', 'Supplier', 'Status', 'Date']);
  },
};

export const Loading: Story = {
  args: { loading: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status', { name: 'Loading...' })).toBeInTheDocument();
    await expect(canvas.getByRole('table')).toHaveAttribute('aria-busy', 'true');
    await expect(canvas.queryByText('Recall 001')).toBeNull();
  },
};

export const Empty: Story = {
  args: { data: [] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('No record found')).toBeInTheDocument();
    await expect(canvas.getByText('Total 0 record(s)')).toBeInTheDocument();
    await expect(canvas.queryByRole('navigation', { name: 'Pagination' })).toBeNull();
    await expect(canvas.getByRole('checkbox', { name: 'Select all rows' })).toBeDisabled();
  },
};

export const LoadError: Story = {
  args: { error: 'The recall list could not be loaded.' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent('The recall list could not be loaded.');
    await expect(canvas.queryByText('Recall 001')).toBeNull();
  },
};

export const LongText: Story = {
  args: {
    data: allRecalls.slice(0, 3).map((r) => ({
      ...r,
      name: `${r.name}: voluntary correction of infusion pump model X-200 software affecting dose calculations in all regions`,
    })),
  },
  play: async ({ canvasElement }) => {
    await expect(bodyRows(canvasElement)).toHaveLength(3);
  },
};

export const PluralTotal: Story = {
  args: { data: allRecalls.slice(0, 1), texts: { total: (n: number) => `Total ${n} ${n === 1 ? 'item' : 'items'}` } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Total 1 item')).toBeInTheDocument();
  },
};

export const CappedTotal: Story = {
  args: { data: allRecalls.slice(0, 20), totalCapped: true, sortCapped: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('More than 20 record(s)')).toBeInTheDocument();
    await expect(within(canvasElement).getByText(/Only the most recent records are sorted/)).toBeInTheDocument();
  },
};

export const PagerHiddenOnOnePage: Story = {
  args: { data: allRecalls.slice(0, 50), pageSize: 50 },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('navigation', { name: 'Pagination' })).toBeNull();
    await expect(bodyRows(canvasElement)).toHaveLength(50);
  },
};

export const HeaderButtonsAndRowActions: Story = {
  args: {
    toolbar: <TableHeaderActions onAdd={fn()} onVerify={fn()} onDownloadCsv={fn()} onDownloadXlsx={fn()} />,
    rowActions: (row: Recall) => (
      <RowActionsMenu
        label={`Actions for ${row.name}`}
        actions={
          row.status === 'CLOSED'
            ? [{ id: 'view', label: 'View', onSelect: fn() }]
            : [
                { id: 'view', label: 'View', onSelect: fn() },
                { id: 'edit', label: 'Edit', onSelect: fn() },
              ]
        }
      />
    ),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    for (const name of ['Add', 'Verify', 'CSV', 'XLSX']) {
      await expect(canvas.getByRole('button', { name })).toBeInTheDocument();
    }
    await userEvent.click(canvas.getByRole('button', { name: 'Actions for Recall 002' }));
    await expect((await body.findAllByRole('menuitem')).map((m) => m.textContent)).toEqual(['View']);
    await userEvent.keyboard('{Escape}');
    await expect(body.queryByRole('menu')).toBeNull();
  },
};

export const Vietnamese: Story = {
  args: {
    texts: {
      total: 'Tổng {n} bản ghi',
      empty: 'Không tìm thấy bản ghi',
      search: 'Tìm kiếm',
      searchPlaceholder: 'Tìm kiếm...',
      rowsPerPage: 'Số dòng mỗi trang',
      columnChooser: { button: 'Cột', reset: 'Đặt lại' },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Tổng 123 bản ghi')).toBeInTheDocument();
    await expect(canvas.getByRole('searchbox', { name: 'Tìm kiếm' })).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Cột' })).toBeInTheDocument();
  },
};
