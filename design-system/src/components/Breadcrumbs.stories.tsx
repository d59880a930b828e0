import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Breadcrumbs } from './Breadcrumbs';

const meta = {
  title: 'Navigation/Breadcrumbs',
  component: Breadcrumbs,
  args: {
    onNavigate: fn(),
    items: [{ label: 'Home', href: '/' }, { label: 'Recalls', href: '/supplier/recalls' }, { label: 'Recall 42' }],
  },
} satisfies Meta<typeof Breadcrumbs>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Recall 42')).toHaveAttribute('aria-current', 'page');
    await userEvent.click(canvas.getByRole('link', { name: 'Recalls' }));
    await expect(args.onNavigate).toHaveBeenCalledWith('/supplier/recalls');
    await expect(canvas.getAllByRole('link')).toHaveLength(2);
  },
};

export const CustomLink: Story = {
  args: {
    onNavigate: undefined,
    renderLink: ({ children, ...props }) => (
      <a {...props} data-router="yes">
        {children}
      </a>
    ),
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('link', { name: 'Home' })).toHaveAttribute('data-router', 'yes');
  },
};

export const LongText: Story = {
  args: {
    items: [
      { label: 'Home', href: '/' },
      { label: 'Supply Advisories', href: '/a' },
      { label: 'Product disruption: intravenous solution shortage affecting all regional distribution centres' },
    ],
  },
};

export const Vietnamese: Story = {
  args: {
    items: [{ label: 'Trang chủ', href: '/' }, { label: 'Thu hồi', href: '/recalls' }, { label: 'Chi tiết' }],
  },
};
