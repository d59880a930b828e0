import * as React from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { DataGrid } from './DataGrid';
import type { DataTableColumn } from './DataTable';
import type { SortItem } from '../lib/table';

interface Location {
  id: number;
  name: string;
  city: string;
}

const columns: DataTableColumn<Location>[] = [
  { field: 'id', header: 'ID', sortable: true },
  { field: 'name', header: 'Location', sortable: true },
  { field: 'city', header: 'City' },
];

interface HarnessProps {
  total: number;
  /** Spy receiving every getRows(startRow, endRow) call. */
  onFetch: (startRow: number, endRow: number) => void;
  delayMs?: number;
  fail?: boolean;
}

/** A fake server of `total` locations; sorting by id descending reverses the order. */
function GridHarness({ total, onFetch, delayMs = 20, fail = false }: HarnessProps) {
  const [sort, setSort] = React.useState<SortItem[]>([]);
  const descending = sort.some((s) => s.field === 'id' && s.direction === 'desc');
  const getRows = React.useCallback(
    async (startRow: number, endRow: number) => {
      onFetch(startRow, endRow);
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      if (fail) throw new Error('server down');
      const rows: Location[] = [];
      for (let i = startRow; i < Math.min(endRow, total); i += 1) {
        const id = descending ? total - i : i + 1;
        rows.push({ id, name: `Location ${id}`, city: id % 2 ? 'Hà Nội' : 'Boston' });
      }
      return { rows, total };
    },
    [descending, total, onFetch, delayMs, fail],
  );
  return (
    <DataGrid
      columns={columns}
      getRows={getRows}
      height={400}
      sortModel={sort}
      onSortChange={setSort}
      label="Locations"
    />
  );
}

const meta = {
  title: 'Data/DataGrid',
  component: GridHarness,
  args: { total: 100_000, onFetch: fn() },
} satisfies Meta<typeof GridHarness>;

export default meta;
type Story = StoryObj<typeof meta>;

const renderedRows = (grid: HTMLElement) => grid.querySelectorAll('[role="row"][data-index]');

export const Default: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const grid = canvas.getByRole('grid', { name: 'Locations' });
    await waitFor(() => expect(within(grid).getByText('Location 1')).toBeInTheDocument());
    await expect(args.onFetch).toHaveBeenCalledWith(0, 500);
    await expect(args.onFetch).toHaveBeenCalledTimes(1);
    await expect(canvas.getByText('Total 100000 record(s)')).toBeInTheDocument();
    await expect(grid).toHaveAttribute('aria-rowcount', '100001');
    // Virtualised: only the visible rows (≈ (400 - 40) / 32) plus overscan are in the DOM.
    await expect(renderedRows(grid).length).toBeLessThan(30);
    const header = grid.querySelector<HTMLElement>('[role="row"][aria-rowindex="1"]');
    await expect(header?.getBoundingClientRect().height).toBe(40);
    await expect(renderedRows(grid)[0]?.getBoundingClientRect().height).toBe(32);
  },
};

export const PageSizesAndScrolling: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    const grid = canvas.getByRole('grid', { name: 'Locations' });
    await waitFor(() => expect(within(grid).getByText('Location 1')).toBeInTheDocument());
    await userEvent.click(canvas.getByRole('combobox', { name: 'Rows per page' }));
    await expect(body.getAllByRole('option').map((o) => o.textContent)).toEqual(['50', '100', '250', '500']);
    await userEvent.click(body.getByRole('option', { name: '500' }));
    grid.scrollTop = grid.scrollHeight;
    await waitFor(() => expect(within(grid).getByText('Location 500')).toBeInTheDocument());
    await userEvent.click(canvas.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(within(grid).getByText('Location 501')).toBeInTheDocument());
    await expect(args.onFetch).toHaveBeenCalledWith(500, 1000);
    await expect(args.onFetch).toHaveBeenCalledTimes(2);
  },
};

export const SortRefetches: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const grid = canvas.getByRole('grid', { name: 'Locations' });
    await waitFor(() => expect(within(grid).getByText('Location 1')).toBeInTheDocument());
    await userEvent.click(canvas.getByRole('button', { name: /ID/ }));
    await userEvent.click(canvas.getByRole('button', { name: /ID/ }));
    await expect(canvas.getByRole('columnheader', { name: /ID/ })).toHaveAttribute('aria-sort', 'descending');
    await waitFor(() => expect(within(grid).getByText('Location 100000')).toBeInTheDocument());
    await expect(args.onFetch).toHaveBeenLastCalledWith(0, 500);
  },
};

export const Loading: Story = {
  args: { delayMs: 60_000 },
  play: async ({ canvasElement }) => {
    const grid = within(canvasElement).getByRole('grid', { name: 'Locations' });
    await expect(within(grid).getByText('Loading...')).toBeInTheDocument();
    await expect(grid).toHaveAttribute('aria-busy', 'true');
  },
};

export const Empty: Story = {
  args: { total: 0 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(canvas.getByText('No record found')).toBeInTheDocument());
    await expect(canvas.queryByRole('navigation', { name: 'Pagination' })).toBeNull();
  },
};

export const FetchError: Story = {
  args: { fail: true },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(within(canvasElement).getByText('Rows could not be loaded.')).toBeInTheDocument());
  },
};

export const Vietnamese: Story = {
  args: { total: 3 },
  render: (args) => <VietnameseGrid {...args} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(canvas.getByText('Tổng 3 bản ghi')).toBeInTheDocument());
    await expect(canvas.getAllByText('Hà Nội').length).toBeGreaterThan(0);
  },
};

function VietnameseGrid({ total, onFetch }: HarnessProps) {
  const getRows = React.useCallback(
    async (startRow: number, endRow: number) => {
      onFetch(startRow, endRow);
      const rows: Location[] = Array.from({ length: Math.max(0, Math.min(endRow, total) - startRow) }, (_, i) => ({
        id: startRow + i + 1,
        name: `Bệnh viện số ${startRow + i + 1}`,
        city: 'Hà Nội',
      }));
      return { rows, total };
    },
    [total, onFetch],
  );
  return (
    <DataGrid
      columns={[
        { field: 'id', header: 'Mã' },
        { field: 'name', header: 'Địa điểm' },
        { field: 'city', header: 'Thành phố' },
      ]}
      getRows={getRows}
      height={240}
      label="Địa điểm"
      texts={{
        total: 'Tổng {n} bản ghi',
        loading: 'Đang tải...',
        empty: 'Không tìm thấy bản ghi',
        rowsPerPage: 'Số dòng mỗi trang',
      }}
    />
  );
}
