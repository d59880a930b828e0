import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { TruncatedText } from './TruncatedText';

const meta = {
  title: 'Data/TruncatedText',
  component: TruncatedText,
  args: { text: 'Sterile single-use catheter, 14 Fr, box of 10' },
} satisfies Meta<typeof TruncatedText>;

export default meta;
type Story = StoryObj<typeof meta>;

export const CutAtTwentyFive: Story = {
  play: async ({ canvasElement }) => {
    const span = canvasElement.querySelector('[data-slot="truncated-text"]')!;
    await expect(span.textContent!.length).toBeLessThanOrEqual(28);
    await expect(span.textContent).not.toBe('Sterile single-use catheter, 14 Fr, box of 10');
    await expect(span).toHaveAttribute('title', 'Sterile single-use catheter, 14 Fr, box of 10');
  },
};

export const ShortTextKeptWhole: Story = {
  args: { text: 'Catheter 14 Fr' },
  play: async ({ canvasElement }) => {
    const span = canvasElement.querySelector('[data-slot="truncated-text"]')!;
    await expect(span).toHaveTextContent('Catheter 14 Fr');
    await expect(span).not.toHaveAttribute('title');
  },
};
