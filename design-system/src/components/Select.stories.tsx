import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { defaultCommonWords, CommonWordsProvider } from '../lib/words';
import { SimpleSelect } from './Select';

const options = [
  { value: 'RECALL', label: 'Recall' },
  { value: 'PRODUCT DISRUPTION', label: 'Supply Advisory' },
  { value: 'OTHER', label: 'Other', disabled: true },
];

const meta = {
  title: 'Forms/Select',
  component: SimpleSelect,
  args: { options, 'aria-label': 'Event type', onValueChange: fn(), className: 'w-64' },
} satisfies Meta<typeof SimpleSelect>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    const trigger = canvas.getByRole('combobox', { name: 'Event type' });
    await expect(trigger).toHaveTextContent('Select...');
    await userEvent.click(trigger);
    await expect(body.getByRole('option', { name: 'Other' })).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(body.getByRole('option', { name: 'Supply Advisory' }));
    await expect(args.onValueChange).toHaveBeenCalledWith('PRODUCT DISRUPTION');
    await expect(trigger).toHaveTextContent('Supply Advisory');
  },
};

export const Keyboard: Story = {
  play: async ({ args, canvasElement }) => {
    const trigger = within(canvasElement).getByRole('combobox', { name: 'Event type' });
    trigger.focus();
    await userEvent.keyboard('{Enter}');
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await expect(args.onValueChange).toHaveBeenCalledTimes(1);
  },
};

export const Disabled: Story = {
  args: { disabled: true, defaultValue: 'RECALL' },
  play: async ({ canvasElement }) => {
    const trigger = within(canvasElement).getByRole('combobox', { name: 'Event type' });
    await expect(trigger).toBeDisabled();
    await expect(trigger).toHaveTextContent('Recall');
  },
};

export const Invalid: Story = {
  name: 'Error',
  args: { 'aria-invalid': true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('combobox', { name: 'Event type' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
  },
};

export const Empty: Story = {
  args: { options: [], placeholder: 'No options' },
};

export const Vietnamese: Story = {
  args: {
    placeholder: 'Chọn loại sự kiện',
    options: [
      { value: 'RECALL', label: 'Thu hồi' },
      { value: 'PRODUCT DISRUPTION', label: 'Tư vấn cung ứng' },
    ],
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('combobox')).toHaveTextContent('Chọn loại sự kiện');
  },
};

/** The app's own words (CommonWordsProvider at its root) for a select whose caller passed no placeholder. */
export const WordsFromTheApp: Story = {
  render: (args) => (
    <CommonWordsProvider value={{ ...defaultCommonWords, selectPlaceholder: 'Chọn...' }}>
      <SimpleSelect {...args} />
      <SimpleSelect {...args} aria-label="With its own placeholder" placeholder="Chọn loại sự kiện" />
    </CommonWordsProvider>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('combobox', { name: 'Event type' })).toHaveTextContent('Chọn...');
    await expect(canvas.getByRole('combobox', { name: 'With its own placeholder' })).toHaveTextContent(
      'Chọn loại sự kiện',
    );
  },
};
