import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { LegacyDomainModal, NewVersionModal, PermissionDeniedOverlay } from './ShellModals';

const meta = {
  title: 'Shell/PermissionDeniedOverlay',
  component: PermissionDeniedOverlay,
  args: { open: true, onOk: fn(), onRequestAccess: fn() },
} satisfies Meta<typeof PermissionDeniedOverlay>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  args: { onRequestAccess: undefined },
  play: async ({ args, canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    const dialog = await body.findByRole('alertdialog', { name: 'Access denied' });
    await expect(dialog).toHaveAccessibleDescription("You don't have permission to access.");
    await userEvent.keyboard('{Escape}');
    await expect(body.getByRole('alertdialog')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ok' }));
    await expect(args.onOk).toHaveBeenCalledTimes(1);
  },
};

export const Provider: Story = {
  args: {
    onOk: undefined,
    provider: {
      type: 'Recall',
      supplier: 'Acme Medical',
      administrator: { firstName: 'Jane', lastName: 'Doe', email: 'jane.doe@hospital.example' },
    },
  },
  play: async ({ args, canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    const dialog = await body.findByRole('alertdialog');
    await expect(dialog).toHaveTextContent('received a Recall from Acme Medical');
    await expect(dialog).toHaveTextContent('Jane Doe (jane.doe@hospital.example)');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Request Access' }));
    await expect(args.onRequestAccess).toHaveBeenCalledTimes(1);
  },
};

export const Requesting: Story = {
  args: { ...Provider.args, requesting: true },
  play: async ({ canvasElement }) => {
    const dialog = await within(canvasElement.ownerDocument.body).findByRole('alertdialog');
    await expect(within(dialog).getByRole('button', { name: /Request Access/ })).toBeDisabled();
  },
};

export const Vietnamese: Story = {
  args: {
    onRequestAccess: undefined,
    texts: { title: 'Từ chối truy cập', denied: 'Bạn không có quyền truy cập.', ok: 'Đồng ý' },
  },
  play: async ({ canvasElement }) => {
    const dialog = await within(canvasElement.ownerDocument.body).findByRole('alertdialog', {
      name: 'Từ chối truy cập',
    });
    await expect(dialog).toHaveAccessibleDescription('Bạn không có quyền truy cập.');
  },
};

export const NewVersion: Story = {
  render: (args) => <NewVersionModal open={args.open} onRefresh={args.onOk ?? (() => undefined)} />,
  play: async ({ args, canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    const dialog = await body.findByRole('alertdialog', { name: 'New version available' });
    await userEvent.keyboard('{Escape}');
    await expect(body.getByRole('alertdialog')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refresh' }));
    await expect(args.onOk).toHaveBeenCalledTimes(1);
  },
};

export const LegacyDomain: Story = {
  render: (args) => (
    <LegacyDomainModal open={args.open} newDomain="alerts.example.com" onRedirect={args.onOk ?? (() => undefined)} />
  ),
  play: async ({ args, canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    const dialog = await body.findByRole('alertdialog', { name: 'We have moved' });
    await expect(dialog).toHaveTextContent('alerts.example.com');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Redirect' }));
    await expect(args.onOk).toHaveBeenCalledTimes(1);
  },
};
