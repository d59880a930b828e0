import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Stepper } from './Stepper';

const recallSteps = [
  { label: 'Recall info' },
  { label: 'Products' },
  { label: 'Actions' },
  { label: 'Locations & customers' },
];

const meta = {
  title: 'Navigation/Stepper',
  component: Stepper,
  args: { steps: recallSteps, current: 2, onStepChange: fn() },
} satisfies Meta<typeof Stepper>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const items = canvas.getAllByRole('listitem');
    await expect(items.map((item) => item.getAttribute('data-state'))).toEqual([
      'complete',
      'complete',
      'current',
      'upcoming',
    ]);
    await expect(items[2]).toHaveAttribute('aria-current', 'step');
    await expect(canvas.queryByRole('button', { name: /Actions/ })).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: /Products/ }));
    await expect(args.onStepChange).toHaveBeenCalledWith(1);
  },
};

export const FirstStep: Story = {
  args: { current: 0 },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryAllByRole('button')).toHaveLength(0);
  },
};

export const ReadOnly: Story = {
  args: { current: 3, onStepChange: undefined },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryAllByRole('button')).toHaveLength(0);
  },
};

export const Vietnamese: Story = {
  args: {
    label: 'Tiến trình',
    steps: [{ label: 'Thông tin' }, { label: 'Sản phẩm' }, { label: 'Hành động' }, { label: 'Địa điểm và khách hàng' }],
    current: 1,
  },
};
