import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Checkbox } from './Checkbox';
import { Label } from './Label';

const meta = {
  title: 'Forms/Checkbox',
  component: Checkbox,
  args: { onCheckedChange: fn(), id: 'ack' },
  render: (args) => (
    <div className="flex items-center gap-2">
      <Checkbox {...args} />
      <Label htmlFor="ack">I acknowledge receipt of this recall</Label>
    </div>
  ),
} satisfies Meta<typeof Checkbox>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ args, canvasElement }) => {
    const box = within(canvasElement).getByRole('checkbox', { name: 'I acknowledge receipt of this recall' });
    await userEvent.click(box);
    await expect(box).toHaveAttribute('aria-checked', 'true');
    await expect(args.onCheckedChange).toHaveBeenLastCalledWith(true);
    await userEvent.keyboard(' ');
    await expect(box).toHaveAttribute('aria-checked', 'false');
  },
};

export const Indeterminate: Story = {
  args: { checked: 'indeterminate' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('checkbox')).toHaveAttribute('aria-checked', 'mixed');
  },
};

export const Disabled: Story = {
  args: { disabled: true },
  play: async ({ args, canvasElement }) => {
    const box = within(canvasElement).getByRole('checkbox');
    await userEvent.click(box, { pointerEventsCheck: 0 });
    await expect(args.onCheckedChange).not.toHaveBeenCalled();
  },
};

export const Vietnamese: Story = {
  render: (args) => (
    <div className="flex items-center gap-2">
      <Checkbox {...args} />
      <Label htmlFor="ack">Tôi xác nhận đã nhận thông báo thu hồi này</Label>
    </div>
  ),
  play: async ({ args, canvasElement }) => {
    await userEvent.click(
      within(canvasElement).getByRole('checkbox', { name: 'Tôi xác nhận đã nhận thông báo thu hồi này' }),
    );
    await expect(args.onCheckedChange).toHaveBeenCalledWith(true);
  },
};
