import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Pagination } from './Pagination';

const meta = {
  title: 'Data/Pagination',
  component: Pagination,
  args: { page: 10, total: 1000, pageSize: 50, onPageChange: fn() },
} satisfies Meta<typeof Pagination>;

export default meta;
type Story = StoryObj<typeof meta>;

const labels = (canvasElement: HTMLElement) =>
  Array.from(canvasElement.querySelectorAll('nav > *')).map((el) => el.getAttribute('aria-label') ?? el.textContent);

export const Default: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(labels(canvasElement)).toEqual([
      'Previous page',
      'Page 1',
      'More pages',
      'Page 8',
      'Page 9',
      'Page 10',
      'Page 11',
      'Page 12',
      'More pages',
      'Page 20',
      'Next page',
    ]);
    await expect(canvas.getByRole('button', { name: 'Page 10' })).toHaveAttribute('aria-current', 'page');
    await userEvent.click(canvas.getByRole('button', { name: 'Page 20' }));
    await expect(args.onPageChange).toHaveBeenCalledWith(20);
    await userEvent.click(canvas.getByRole('button', { name: 'Next page' }));
    await expect(args.onPageChange).toHaveBeenLastCalledWith(11);
  },
};

export const FirstPage: Story = {
  args: { page: 1 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    await expect(labels(canvasElement).filter((l) => l?.startsWith('Page '))).toEqual([
      'Page 1',
      'Page 2',
      'Page 3',
      'Page 4',
      'Page 5',
      'Page 20',
    ]);
  },
};

export const HiddenWhenOnePage: Story = {
  args: { total: 50 },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('navigation')).toBeNull();
  },
};

export const Vietnamese: Story = {
  args: {
    texts: { label: 'Phân trang', previous: 'Trang trước', next: 'Trang sau', page: 'Trang {n}', more: 'Thêm trang' },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('navigation', { name: 'Phân trang' })).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Trang 10' })).toHaveAttribute('aria-current', 'page');
  },
};
