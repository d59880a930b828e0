import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { NewsCard } from './NewsCard';

const image =
  'data:image/svg+xml;utf8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" width="320" height="180"><rect width="320" height="180" fill="#2563eb"/></svg>',
  );

const meta = {
  title: 'Data/NewsCard',
  component: NewsCard,
  args: {
    title: 'New FDA guidance on device recalls',
    description: 'What suppliers need to know about the updated recall notification timelines.',
    imageUrl: image,
    imageAlt: 'Guidance cover',
    onReadMore: fn(),
  },
} satisfies Meta<typeof NewsCard>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('article', { name: 'New FDA guidance on device recalls' })).toBeInTheDocument();
    await expect(canvas.getByRole('img', { name: 'Guidance cover' })).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Read more' }));
    await expect(args.onReadMore).toHaveBeenCalledTimes(1);
  },
};

export const AsLink: Story = {
  args: { href: 'https://example.com/news/1', onReadMore: undefined },
  play: async ({ canvasElement }) => {
    const link = within(canvasElement).getByRole('link', { name: 'Read more' });
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  },
};

export const NoImage: Story = {
  args: { imageUrl: undefined },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('img')).toBeNull();
  },
};

export const LongText: Story = {
  args: {
    title:
      'A very long headline about supply chain disruption in intravenous solutions across every region this winter',
    description: 'Manufacturers report continued shortages. '.repeat(12),
  },
};

export const Vietnamese: Story = {
  args: {
    title: 'Hướng dẫn mới về thu hồi thiết bị',
    description: 'Những điều nhà cung cấp cần biết.',
    readMoreText: 'Xem thêm',
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Xem thêm' })).toBeInTheDocument();
  },
};
