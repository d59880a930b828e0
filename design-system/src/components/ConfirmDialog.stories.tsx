import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { ConfirmDialog, ErrorModal, OkDialog } from './ConfirmDialog';

const meta = {
  title: 'Overlays/ConfirmDialog',
  component: ConfirmDialog,
  args: { open: true, onConfirm: fn(), onCancel: fn(), onOpenChange: fn() },
} satisfies Meta<typeof ConfirmDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ args, canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    const dialog = await body.findByRole('alertdialog', { name: 'Are you sure?' });
    await expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await expect(args.onConfirm).toHaveBeenCalledTimes(1);
    await expect(args.onCancel).not.toHaveBeenCalled();
  },
};

export const Cancel: Story = {
  play: async ({ args, canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    const dialog = await body.findByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await expect(args.onCancel).toHaveBeenCalledTimes(1);
    await expect(args.onOpenChange).toHaveBeenCalledWith(false);
    await expect(args.onConfirm).not.toHaveBeenCalled();
  },
};

export const DeleteFile: Story = {
  args: { title: 'Confirm delete file?', destructive: true, confirmText: 'Delete' },
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    const dialog = await body.findByRole('alertdialog', { name: 'Confirm delete file?' });
    await expect(within(dialog).getByRole('button', { name: 'Delete' })).toHaveClass('bg-destructive');
  },
};

export const Loading: Story = {
  args: { loading: true },
  play: async ({ args, canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    const dialog = await body.findByRole('alertdialog');
    const confirm = within(dialog).getByRole('button', { name: /Confirm/ });
    await expect(confirm).toBeDisabled();
    await userEvent.click(confirm, { pointerEventsCheck: 0 });
    await expect(args.onConfirm).not.toHaveBeenCalled();
  },
};

export const LongText: Story = {
  args: {
    description:
      'Closing this recall will stop all reminders to the 1,284 affected locations and lock their responses. This cannot be undone from the provider side.',
  },
};

export const Vietnamese: Story = {
  args: { title: 'Bạn có chắc không?', confirmText: 'Xác nhận', cancelText: 'Hủy' },
  play: async ({ args, canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    const dialog = await body.findByRole('alertdialog', { name: 'Bạn có chắc không?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Xác nhận' }));
    await expect(args.onConfirm).toHaveBeenCalled();
  },
};

export const Ok: Story = {
  render: (args) => <OkDialog open={args.open} onOk={args.onConfirm} description="Your request has been sent." />,
  play: async ({ args, canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    const dialog = await body.findByRole('alertdialog', { name: 'Notice' });
    await expect(dialog).toHaveTextContent('Your request has been sent.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await expect(args.onConfirm).toHaveBeenCalledTimes(1);
  },
};

export const ErrorWithServerMessage: Story = {
  render: (args) => <ErrorModal open={args.open} onClose={args.onConfirm} message="Recall name already exists" />,
  play: async ({ args, canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    const dialog = await body.findByRole('alertdialog', { name: 'Error' });
    await expect(dialog).toHaveAccessibleDescription('Recall name already exists');
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await expect(args.onConfirm).toHaveBeenCalled();
  },
};

export const ErrorUnknown: Story = {
  render: (args) => <ErrorModal open={args.open} message="" />,
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    await expect(await body.findByRole('alertdialog', { name: 'Error' })).toHaveAccessibleDescription('Unknown error');
  },
};
