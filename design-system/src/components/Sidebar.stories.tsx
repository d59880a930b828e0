import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { BellIcon, BuildingIcon, HelpCircleIcon, LayoutDashboardIcon, SettingsIcon } from 'lucide-react';
import { Sidebar, type SidebarItem } from './Sidebar';

const supplierItems: SidebarItem[] = [
  { label: 'Dashboard', href: '/supplier/dashboard', icon: <LayoutDashboardIcon /> },
  { label: 'Recalls', href: '/supplier/recalls', icon: <BellIcon /> },
  { label: 'Supply Advisories', href: '/supplier/advisories', icon: <BellIcon /> },
  {
    label: 'Organization Settings',
    icon: <SettingsIcon />,
    children: [
      { label: 'General', href: '/supplier/settings/general' },
      { label: 'Roles', href: '/supplier/settings/roles' },
      { label: 'Users', href: '/supplier/settings/users' },
      { label: 'Sales Reps', href: '/supplier/settings/sales-reps' },
    ],
  },
  {
    label: 'Location Management',
    icon: <BuildingIcon />,
    children: [
      { label: 'Providers', href: '/supplier/providers' },
      { label: 'Locations', href: '/supplier/locations' },
      { label: 'Access Denied', href: '/supplier/denied', hidden: true },
    ],
  },
  {
    label: 'Help',
    icon: <HelpCircleIcon />,
    children: [{ label: 'FAQs', href: 'https://help.example.com/faq', external: true }],
  },
];

const meta = {
  title: 'Shell/Sidebar',
  component: Sidebar,
  args: { items: supplierItems, activeHref: '/supplier/settings/users', onNavigate: fn() },
  decorators: [(Story) => <div className="h-[32rem]">{Story()}</div>],
} satisfies Meta<typeof Sidebar>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('link', { name: 'Users' })).toHaveAttribute('aria-current', 'page');
    await expect(canvas.getByRole('button', { name: 'Organization Settings' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    const locations = canvas.getByRole('button', { name: 'Location Management' });
    await expect(locations).toHaveAttribute('aria-expanded', 'false');
    await expect(canvas.queryByRole('link', { name: 'Providers' })).toBeNull();
    await userEvent.click(locations);
    await expect(locations).toHaveAttribute('aria-expanded', 'true');
    await expect(canvas.queryByRole('link', { name: 'Access Denied' })).toBeNull();
    await userEvent.click(canvas.getByRole('link', { name: 'Providers' }));
    await expect(args.onNavigate).toHaveBeenCalledWith('/supplier/providers');
  },
};

export const WithBadge: Story = {
  args: {
    items: [
      { label: 'Worklist', href: '/provider/worklist', icon: <BellIcon />, badge: 5, badgeLabel: '5 need attention' },
      { label: 'Dashboard', href: '/provider/dashboard', icon: <LayoutDashboardIcon />, badge: 0 },
    ],
    activeHref: '/provider/worklist',
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const worklist = canvas.getByRole('link', { name: 'Worklist 5 need attention' });
    await expect(worklist).toHaveTextContent(/^Worklist5/);
    // A zero count shows nothing.
    await expect(canvas.getByRole('link', { name: 'Dashboard' })).toHaveTextContent(/^Dashboard$/);
  },
};

export const ExternalHelpLink: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Help' }));
    const faq = canvas.getByRole('link', { name: 'FAQs' });
    await expect(faq).toHaveAttribute('target', '_blank');
    await expect(faq).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(args.onNavigate).not.toHaveBeenCalled();
  },
};

export const Keyboard: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    canvas.getByRole('button', { name: 'Location Management' }).focus();
    await userEvent.keyboard('{Enter}');
    await expect(canvas.getByRole('link', { name: 'Locations' })).toBeVisible();
  },
};

export const Collapsed: Story = {
  args: { collapsed: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('navigation', { name: 'Main' })).toHaveAttribute('data-collapsed', 'true');
    await expect(canvas.getByRole('link', { name: 'Dashboard' })).toBeInTheDocument();
  },
};

export const Empty: Story = {
  args: { items: [] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryAllByRole('link')).toHaveLength(0);
  },
};

export const Vietnamese: Story = {
  args: {
    activeHref: '/dashboard',
    items: [
      { label: 'Bảng điều khiển', href: '/dashboard' },
      { label: 'Thu hồi', href: '/recalls' },
      { label: 'Cài đặt tổ chức', children: [{ label: 'Người dùng', href: '/users' }] },
    ],
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('link', { name: 'Bảng điều khiển' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  },
};
