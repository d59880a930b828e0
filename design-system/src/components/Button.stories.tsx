import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { PencilIcon, PlusIcon } from 'lucide-react';
import { Button, IconButton } from './Button';

const meta = {
  title: 'Actions/Button',
  component: Button,
  args: { children: 'Save', onClick: fn() },
} satisfies Meta<typeof Button>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const button = canvas.getByRole('button', { name: 'Save' });
    await userEvent.click(button);
    await expect(args.onClick).toHaveBeenCalledTimes(1);
    await expect(button).toHaveAttribute('type', 'button');
  },
};

export const Variants: Story = {
  render: (args) => (
    <div className="flex flex-wrap gap-2">
      {(['default', 'secondary', 'outline', 'ghost', 'destructive', 'success', 'link'] as const).map((variant) => (
        <Button key={variant} {...args} variant={variant}>
          {variant}
        </Button>
      ))}
    </div>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'destructive' })).toHaveClass('bg-destructive');
    await expect(canvas.getByRole('button', { name: 'outline' })).toHaveClass('border-input');
    await expect(canvas.getByRole('button', { name: 'link' })).toHaveClass('text-primary');
  },
};

export const Sizes: Story = {
  render: (args) => (
    <div className="flex items-center gap-2">
      <Button {...args} size="sm">
        Small
      </Button>
      <Button {...args}>Default</Button>
      <Button {...args} size="lg">
        Large
      </Button>
    </div>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Small' })).toHaveClass('h-8');
    await expect(canvas.getByRole('button', { name: 'Large' })).toHaveClass('h-10');
  },
};

export const Loading: Story = {
  args: { loading: true },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const button = canvas.getByRole('button', { name: /Save/ });
    await expect(button).toBeDisabled();
    await expect(button).toHaveAttribute('aria-busy', 'true');
    await expect(canvas.getByRole('status', { name: 'Loading...' })).toBeInTheDocument();
    await userEvent.click(button, { pointerEventsCheck: 0 });
    await expect(args.onClick).not.toHaveBeenCalled();
  },
};

export const Disabled: Story = {
  args: { disabled: true },
  play: async ({ args, canvasElement }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Save' });
    await expect(button).toBeDisabled();
    await userEvent.click(button, { pointerEventsCheck: 0 });
    await expect(args.onClick).not.toHaveBeenCalled();
  },
};

export const LongText: Story = {
  args: { children: 'Send the recall notice to every affected location and distribution list now' },
};

export const Vietnamese: Story = {
  args: { children: 'Lưu thay đổi' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Lưu thay đổi' })).toBeVisible();
  },
};

export const KeyboardActivation: Story = {
  play: async ({ args, canvasElement }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Save' });
    await userEvent.tab();
    await expect(button).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onClick).toHaveBeenCalledTimes(1);
  },
};

export const Icon: Story = {
  render: (args) => (
    <div className="flex gap-2">
      <IconButton label="Add" onClick={args.onClick}>
        <PlusIcon />
      </IconButton>
      <IconButton label="Edit" variant="outline" size="icon-sm" onClick={args.onClick}>
        <PencilIcon />
      </IconButton>
    </div>
  ),
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Edit' }));
    await expect(args.onClick).toHaveBeenCalledTimes(1);
  },
};
