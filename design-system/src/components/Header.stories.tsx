import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Header } from './Header';

const logo = <span className="text-lg font-bold tracking-tight">Portal</span>;
const linkImage =
  'data:image/svg+xml;utf8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" width="80" height="32"><rect width="80" height="32" fill="#fff"/></svg>',
  );

const meta = {
  title: 'Shell/Header',
  component: Header,
  args: {
    logo,
    user: { name: 'Jane Doe', email: 'jane@acme.example' },
    organisation: { name: 'Acme Medical Supplies' },
    onToggleSidebar: fn(),
    sidebarOpen: true,
    onMyProfile: fn(),
    onLogout: fn(),
  },
} satisfies Meta<typeof Header>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    await expect(canvas.getByText('Acme Medical Supplies')).toBeInTheDocument();
    const toggle = canvas.getByRole('button', { name: 'Toggle sidebar' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(toggle);
    await expect(args.onToggleSidebar).toHaveBeenCalledTimes(1);
    await userEvent.click(canvas.getByRole('button', { name: /^Jane Doe.*User menu$/ }));
    await userEvent.click(await body.findByRole('menuitem', { name: 'My Profile' }));
    await expect(args.onMyProfile).toHaveBeenCalledTimes(1);
    await userEvent.click(canvas.getByRole('button', { name: /^Jane Doe.*User menu$/ }));
    await userEvent.click(await body.findByRole('menuitem', { name: 'Logout' }));
    await expect(args.onLogout).toHaveBeenCalledTimes(1);
  },
};

export const OperatorWithoutOrganization: Story = {
  args: { organisation: null },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('[data-slot="header-organization"]')).toBeNull();
  },
};

export const OrganizationLogoAndAccountLinks: Story = {
  args: {
    organisation: { name: 'Acme Medical Supplies', logoUrl: linkImage },
    accountLinks: [{ imageUrl: linkImage, url: 'https://partner.example.com', alt: 'Partner portal' }],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('img', { name: 'Acme Medical Supplies' })).toBeInTheDocument();
    const link = canvas.getByRole('link', { name: 'Partner portal' });
    await expect(link).toHaveAttribute('href', 'https://partner.example.com');
    await expect(link).toHaveAttribute('target', '_blank');
  },
};

export const LongText: Story = {
  args: {
    organisation: { name: 'Regional Health Network of Northern Valley Hospitals and Outpatient Clinics' },
    user: { name: 'Maximilian Alexander Richardson-Montgomery' },
  },
};

export const Vietnamese: Story = {
  args: {
    user: { name: 'Nguyễn Văn An' },
    organisation: { name: 'Bệnh viện Bạch Mai' },
    texts: {
      myProfile: 'Hồ sơ của tôi',
      logout: 'Đăng xuất',
      userMenu: 'Menu người dùng',
      toggleSidebar: 'Ẩn/hiện menu',
    },
  },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(canvas.getByRole('button', { name: /Menu người dùng/ }));
    await userEvent.click(await body.findByRole('menuitem', { name: 'Đăng xuất' }));
    await expect(args.onLogout).toHaveBeenCalled();
  },
};
