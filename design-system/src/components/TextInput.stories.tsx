import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { TextInput } from './TextInput';

const meta = {
  title: 'Forms/TextInput',
  component: TextInput,
  args: { 'aria-label': 'Name', placeholder: 'Enter a name', onValueChange: fn() },
} satisfies Meta<typeof TextInput>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ args, canvasElement }) => {
    const input = within(canvasElement).getByRole('textbox', { name: 'Name' });
    await userEvent.type(input, 'Recall 42');
    await expect(input).toHaveValue('Recall 42');
    await expect(args.onValueChange).toHaveBeenLastCalledWith('Recall 42');
  },
};

export const PreventSpace: Story = {
  args: { preventSpace: true, 'aria-label': 'Username' },
  play: async ({ args, canvasElement }) => {
    const input = within(canvasElement).getByRole('textbox', { name: 'Username' });
    await userEvent.type(input, 'john doe-1!_x');
    await expect(input).toHaveValue('johndoe1_x');
    await expect(args.onValueChange).toHaveBeenLastCalledWith('johndoe1_x');
  },
};

export const MaxLength: Story = {
  args: { maxLength: 5 },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole('textbox', { name: 'Name' });
    await userEvent.type(input, '1234567890');
    await expect(input).toHaveValue('12345');
  },
};

export const Disabled: Story = {
  args: { disabled: true, defaultValue: 'Locked value' },
  play: async ({ args, canvasElement }) => {
    const input = within(canvasElement).getByRole('textbox', { name: 'Name' });
    await expect(input).toBeDisabled();
    await userEvent.type(input, 'x');
    await expect(input).toHaveValue('Locked value');
    await expect(args.onValueChange).not.toHaveBeenCalled();
  },
};

export const Invalid: Story = {
  name: 'Error',
  args: { 'aria-invalid': true, defaultValue: 'not-an-email' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('textbox', { name: 'Name' })).toHaveClass(
      'aria-invalid:border-destructive',
    );
  },
};

export const LongText: Story = {
  args: {
    defaultValue:
      'Urgent medical device correction: infusion pump model X-200 software update required for all affected locations',
  },
};

export const Vietnamese: Story = {
  args: { 'aria-label': 'Họ và tên', placeholder: 'Nhập họ và tên', preventSpace: true },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole('textbox', { name: 'Họ và tên' });
    await userEvent.type(input, 'Nguyễn Văn');
    await expect(input).toHaveValue('NguyễnVăn');
  },
};
