import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Avatar } from './Avatar';

const meta = {
  title: 'Data/Avatar',
  component: Avatar,
  args: { name: 'Jane Doe' },
} satisfies Meta<typeof Avatar>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const avatar = within(canvasElement).getByRole('img', { name: 'Jane Doe' });
    await expect(avatar).toHaveTextContent('JD');
  },
};

export const SixColours: Story = {
  render: () => (
    <div className="flex gap-2">
      {['Jane Doe', 'Ann Lee', 'Bob Ray', 'Chi Mai', 'Dung Tran', 'Eve Ng', 'Fay Ho', 'Gus Lu'].map((name) => (
        <Avatar key={name} name={name} />
      ))}
    </div>
  ),
  play: async ({ canvasElement }) => {
    const colours = Array.from(canvasElement.querySelectorAll('[data-slot="avatar"]')).map((el) =>
      el.getAttribute('data-color'),
    );
    await expect(colours).toHaveLength(8);
    for (const colour of colours) await expect(['1', '2', '3', '4', '5', '6']).toContain(colour);
    await expect(new Set(colours).size).toBeGreaterThan(1);
  },
};

export const BrokenPhotoFallsBack: Story = {
  args: { src: 'data:image/png;base64,broken', name: 'Nguyễn Văn An', size: 'lg' },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('img', { name: 'Nguyễn Văn An' })).toHaveTextContent('NA');
  },
};
