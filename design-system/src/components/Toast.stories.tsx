import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { Button } from './Button';
import { ToastProvider, useToast, type ToastVariant } from './Toast';

function Demo({ variant, message, title }: { variant: ToastVariant; message: string; title?: string }) {
  const { toast } = useToast();
  return <Button onClick={() => toast({ variant, message, title })}>Show toast</Button>;
}

const meta = {
  title: 'Feedback/Toast',
  component: ToastProvider,
  args: { children: null },
} satisfies Meta<typeof ToastProvider>;

export default meta;
type Story = StoryObj<typeof meta>;

async function showAndFind(canvasElement: HTMLElement) {
  await userEvent.click(within(canvasElement).getByRole('button', { name: 'Show toast' }));
  const region = within(canvasElement.ownerDocument.body).getByRole('region', { name: /Notifications/ });
  await waitFor(() => expect(region.querySelector('[data-slot="toast"]')).not.toBeNull());
  return region.querySelector<HTMLElement>('[data-slot="toast"]');
}

export const Success: Story = {
  render: (args) => (
    <ToastProvider {...args}>
      <Demo variant="success" message="Successfully Deleted!" />
    </ToastProvider>
  ),
  play: async ({ canvasElement }) => {
    const toast = await showAndFind(canvasElement);
    await expect(toast).toHaveTextContent('Notice');
    await expect(toast).toHaveTextContent('Successfully Deleted!');
    await expect(toast).toHaveAttribute('data-variant', 'success');
    await expect(toast).toHaveClass('bg-success');
  },
};

export const DangerClosesOnClick: Story = {
  render: (args) => (
    <ToastProvider {...args}>
      <Demo variant="danger" message="Nothing to download" />
    </ToastProvider>
  ),
  play: async ({ canvasElement }) => {
    const toast = await showAndFind(canvasElement);
    await expect(toast).toHaveClass('bg-destructive');
    const region = within(canvasElement.ownerDocument.body).getByRole('region', { name: /Notifications/ });
    await userEvent.click(within(region).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(region.querySelector('[data-slot="toast"]')).toBeNull());
  },
};

export const AutoHidesAfter3Seconds: Story = {
  render: (args) => (
    <ToastProvider {...args}>
      <Demo variant="success" message="Your request has been sent." />
    </ToastProvider>
  ),
  play: async ({ canvasElement }) => {
    const started = Date.now();
    await showAndFind(canvasElement);
    const region = within(canvasElement.ownerDocument.body).getByRole('region', { name: /Notifications/ });
    // Move the pointer away so Radix does not pause the timer on hover.
    await userEvent.unhover(within(canvasElement).getByRole('button', { name: 'Show toast' }));
    // Still there after 2 s, gone a little after 3 s (margins for a busy machine).
    await new Promise((resolve) => setTimeout(resolve, 2000));
    await expect(region.querySelector('[data-slot="toast"]')).not.toBeNull();
    await waitFor(() => expect(region.querySelector('[data-slot="toast"]')).toBeNull(), { timeout: 3000 });
    await expect(Date.now() - started).toBeGreaterThanOrEqual(3000);
  },
};

export const Vietnamese: Story = {
  render: (args) => (
    <ToastProvider {...args} defaultTitle="Thông báo" label="Thông báo mới">
      <Demo variant="success" message="Đã xóa thành công!" />
    </ToastProvider>
  ),
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Show toast' }));
    const region = within(canvasElement.ownerDocument.body).getByRole('region', { name: /Thông báo mới/ });
    await waitFor(() => expect(region).toHaveTextContent('Đã xóa thành công!'));
    await expect(region).toHaveTextContent('Thông báo');
  },
};

export const LongText: Story = {
  render: (args) => (
    <ToastProvider {...args} duration={60000}>
      <Demo
        variant="default"
        message="The location file was accepted. 1,204 rows are being processed in the background and you will receive an email when verification is complete."
      />
    </ToastProvider>
  ),
};
