import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { LoadingOverlay } from './LoadingOverlay';

const meta = {
  title: 'Feedback/LoadingOverlay',
  component: LoadingOverlay,
  args: { active: true },
  render: (args) => (
    <div className="relative h-40 w-80 rounded border p-4">
      <p>Recall list</p>
      <LoadingOverlay {...args} />
    </div>
  ),
} satisfies Meta<typeof LoadingOverlay>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status', { name: 'Loading...' })).toBeInTheDocument();
    await expect(canvasElement.querySelector('[data-slot="loading-overlay"]')).toHaveAttribute('aria-busy', 'true');
  },
};

export const Inactive: Story = {
  args: { active: false },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('status')).toBeNull();
  },
};

export const Vietnamese: Story = {
  args: { label: 'Đang tải...' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status', { name: 'Đang tải...' })).toBeInTheDocument();
  },
};
