import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { defaultCommonWords, CommonWordsProvider } from '../lib/words';
import { Button } from './Button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from './Dialog';

const meta = {
  title: 'Overlays/Dialog',
  component: Dialog,
  args: { onOpenChange: fn() },
  render: (args) => (
    <Dialog {...args}>
      <DialogTrigger asChild>
        <Button>Edit location</Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Edit location</DialogTitle>
          <DialogDescription>Change the address of this location.</DialogDescription>
        </DialogHeader>
        <input aria-label="Address" className="rounded border px-2 py-1" />
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  ),
} satisfies Meta<typeof Dialog>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(canvas.getByRole('button', { name: 'Edit location' }));
    const dialog = await body.findByRole('dialog', { name: 'Edit location' });
    await expect(dialog).toHaveAccessibleDescription('Change the address of this location.');
    await expect(args.onOpenChange).toHaveBeenLastCalledWith(true);
    await userEvent.keyboard('{Escape}');
    await expect(body.queryByRole('dialog')).toBeNull();
    await expect(args.onOpenChange).toHaveBeenLastCalledWith(false);
  },
};

export const CloseButton: Story = {
  args: { defaultOpen: true },
  play: async ({ args, canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    const dialog = await body.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await expect(body.queryByRole('dialog')).toBeNull();
    await expect(args.onOpenChange).toHaveBeenCalledWith(false);
  },
};

export const LongTextVietnamese: Story = {
  args: { defaultOpen: true },
  render: (args) => (
    <Dialog {...args}>
      <DialogContent closeLabel="Đóng">
        <DialogHeader>
          <DialogTitle>Chỉnh sửa địa điểm bị ảnh hưởng bởi đợt thu hồi thiết bị y tế khẩn cấp</DialogTitle>
          <DialogDescription>
            {'Vui lòng kiểm tra địa chỉ, số lượng tồn kho và người liên hệ trước khi lưu. '.repeat(6)}
          </DialogDescription>
        </DialogHeader>
      </DialogContent>
    </Dialog>
  ),
  play: async ({ canvasElement }) => {
    const dialog = await within(canvasElement.ownerDocument.body).findByRole('dialog', { name: /Chỉnh sửa địa điểm/ });
    await expect(within(dialog).getByRole('button', { name: 'Đóng' })).toBeInTheDocument();
  },
};

/** The app's own words (CommonWordsProvider at its root) name the close button of a dialog given no closeLabel. */
export const WordsFromTheApp: Story = {
  args: { defaultOpen: true },
  render: (args) => (
    <CommonWordsProvider value={{ ...defaultCommonWords, close: 'Đóng', loading: 'Đang tải...' }}>
      <Dialog {...args}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Sửa địa điểm</DialogTitle>
          </DialogHeader>
          <Button loading>Lưu</Button>
        </DialogContent>
      </Dialog>
    </CommonWordsProvider>
  ),
  play: async ({ canvasElement }) => {
    const dialog = await within(canvasElement.ownerDocument.body).findByRole('dialog', { name: 'Sửa địa điểm' });
    await expect(within(dialog).getByRole('button', { name: 'Đóng' })).toBeInTheDocument();
    await expect(within(dialog).queryByRole('button', { name: 'Close' })).toBeNull();
    // The busy button's spinner takes the app's word too.
    await expect(within(dialog).getByRole('status', { name: 'Đang tải...' })).toBeInTheDocument();
  },
};
