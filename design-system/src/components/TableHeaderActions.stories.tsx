import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { TableHeaderActions } from './TableHeaderActions';

const meta = {
  title: 'Data/TableHeaderActions',
  component: TableHeaderActions,
  args: { onAdd: fn(), onVerify: fn(), onDownloadCsv: fn(), onDownloadXlsx: fn() },
} satisfies Meta<typeof TableHeaderActions>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'CSV' }));
    await expect(args.onDownloadCsv).toHaveBeenCalledTimes(1);
    await userEvent.click(canvas.getByRole('button', { name: 'XLSX' }));
    await expect(args.onDownloadXlsx).toHaveBeenCalledTimes(1);
    await userEvent.click(canvas.getByRole('button', { name: 'Add' }));
    await expect(args.onAdd).toHaveBeenCalledTimes(1);
    await userEvent.click(canvas.getByRole('button', { name: 'Verify' }));
    await expect(args.onVerify).toHaveBeenCalledTimes(1);
  },
};

export const OnlyDownloads: Story = {
  args: { onAdd: undefined, onVerify: undefined },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['CSV', 'XLSX']);
  },
};

export const Downloading: Story = {
  args: { downloading: true },
  play: async ({ args, canvasElement }) => {
    const csv = within(canvasElement).getByRole('button', { name: /CSV/ });
    await expect(csv).toBeDisabled();
    await userEvent.click(csv, { pointerEventsCheck: 0 });
    await expect(args.onDownloadCsv).not.toHaveBeenCalled();
  },
};

export const Vietnamese: Story = {
  args: { addText: 'Thêm mới', verifyText: 'Xác minh', csvText: 'Tải CSV', xlsxText: 'Tải XLSX' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Thêm mới' })).toBeInTheDocument();
  },
};
