import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { Button } from './Button';
import { Tooltip } from './Tooltip';

const meta = {
  title: 'Overlays/Tooltip',
  component: Tooltip,
  args: { content: 'Download as CSV', children: <Button variant="outline">CSV</Button>, delayDuration: 0 },
  decorators: [(Story) => <div className="p-12">{Story()}</div>],
} satisfies Meta<typeof Tooltip>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    const trigger = within(canvasElement).getByRole('button', { name: 'CSV' });
    await userEvent.hover(trigger);
    await expect(await body.findByRole('tooltip')).toHaveTextContent('Download as CSV');
    await userEvent.unhover(trigger);
  },
};

export const KeyboardFocus: Story = {
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.tab();
    await expect(within(canvasElement).getByRole('button', { name: 'CSV' })).toHaveFocus();
    await expect(await body.findByRole('tooltip')).toHaveTextContent('Download as CSV');
    await userEvent.keyboard('{Escape}');
    await expect(body.queryByRole('tooltip')).toBeNull();
  },
};

export const Vietnamese: Story = {
  args: { content: 'Tải xuống dưới dạng CSV' },
};
