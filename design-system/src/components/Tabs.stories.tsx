import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { Tabs, TabsContent, TabsList, TabsTrigger } from './Tabs';

const meta = {
  title: 'Navigation/Tabs',
  component: Tabs,
  args: { defaultValue: 'details', onValueChange: fn() },
  render: (args) => (
    <Tabs {...args}>
      <TabsList aria-label="Recall sections">
        <TabsTrigger value="details">Details</TabsTrigger>
        <TabsTrigger value="locations">Affected locations</TabsTrigger>
        <TabsTrigger value="history" disabled>
          History
        </TabsTrigger>
      </TabsList>
      <TabsContent value="details">Recall details panel</TabsContent>
      <TabsContent value="locations">Locations panel</TabsContent>
      <TabsContent value="history">History panel</TabsContent>
    </Tabs>
  ),
} satisfies Meta<typeof Tabs>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('tabpanel')).toHaveTextContent('Recall details panel');
    await userEvent.click(canvas.getByRole('tab', { name: 'Affected locations' }));
    await expect(canvas.getByRole('tabpanel')).toHaveTextContent('Locations panel');
    await expect(args.onValueChange).toHaveBeenCalledWith('locations');
  },
};

export const KeyboardSkipsDisabled: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    canvas.getByRole('tab', { name: 'Details' }).focus();
    await userEvent.keyboard('{ArrowRight}');
    await waitFor(() =>
      expect(canvas.getByRole('tab', { name: 'Affected locations' })).toHaveAttribute('aria-selected', 'true'),
    );
    await userEvent.keyboard('{ArrowRight}');
    await waitFor(() => expect(canvas.getByRole('tab', { name: 'Details' })).toHaveFocus());
    await expect(canvas.getByRole('tab', { name: 'History' })).toBeDisabled();
  },
};
