import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Textarea } from './Textarea';

const meta = {
  title: 'Forms/Textarea',
  component: Textarea,
  args: { 'aria-label': 'Notes', onValueChange: fn() },
  decorators: [(Story) => <div className="w-80">{Story()}</div>],
} satisfies Meta<typeof Textarea>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const area = within(canvasElement).getByRole('textbox', { name: 'Notes' });
    await expect(area).toHaveAttribute('rows', '3');
  },
};

export const GrowsToSixRows: Story = {
  play: async ({ args, canvasElement }) => {
    const area = within(canvasElement).getByRole('textbox', { name: 'Notes' });
    await userEvent.type(area, 'one{Enter}two{Enter}three{Enter}four');
    await expect(area).toHaveAttribute('rows', '4');
    await userEvent.type(area, '{Enter}five{Enter}six{Enter}seven{Enter}eight{Enter}nine');
    await expect(area).toHaveAttribute('rows', '6');
    await expect(args.onValueChange).toHaveBeenLastCalledWith(expect.stringContaining('nine'));
    await userEvent.clear(area);
    await expect(area).toHaveAttribute('rows', '3');
  },
};

export const Disabled: Story = {
  args: { disabled: true, defaultValue: 'Read only' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('textbox', { name: 'Notes' })).toBeDisabled();
  },
};

export const LongText: Story = {
  args: {
    defaultValue:
      'Please remove all affected units from inventory, quarantine them, and confirm the quantities on hand at each location. '.repeat(
        4,
      ),
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('textbox', { name: 'Notes' })).toHaveAttribute('rows', '6');
  },
};

export const Invalid: Story = {
  name: 'Error',
  args: { 'aria-invalid': true, defaultValue: 'x' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('textbox', { name: 'Notes' })).toHaveAttribute('aria-invalid', 'true');
  },
};

export const Vietnamese: Story = {
  args: { placeholder: 'Nhập ghi chú của bạn' },
};
