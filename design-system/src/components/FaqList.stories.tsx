import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { FaqList } from './FaqList';

const meta = {
  title: 'Data/FaqList',
  component: FaqList,
  args: {
    items: [
      {
        id: 1,
        question: 'What is a recall?',
        answerHtml: '<p>A notice that a <strong>product</strong> must be pulled.</p>',
      },
      {
        id: 2,
        question: 'How do I answer a notice?',
        answerHtml: '<ol><li>Open the notice.</li><li>Acknowledge it.</li></ol>',
      },
    ],
  },
} satisfies Meta<typeof FaqList>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByText('What is a recall?'));
    await expect(canvas.getByText('product').tagName).toBe('STRONG');
  },
};

export const UnsafeAnswer: Story = {
  args: {
    items: [
      {
        id: 3,
        question: 'Is this safe?',
        answerHtml: '<p onclick="alert(1)">Yes<script>alert(1)</script><img src=x onerror="alert(1)"></p>',
      },
    ],
  },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByText('Is this safe?'));
    await expect(canvasElement.querySelector('script')).toBeNull();
    await expect(canvasElement.querySelector('img')).toBeNull();
    await expect(canvasElement.querySelector('[onclick]')).toBeNull();
  },
};

export const Empty: Story = {
  args: { items: [], emptyText: 'Không có bản ghi' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Không có bản ghi')).toBeInTheDocument();
  },
};
