import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { Checkbox } from './Checkbox';
import { Label } from './Label';
import { RadioGroup, RadioGroupItem } from './RadioGroup';
import { Switch } from './Switch';

const meta = {
  title: 'Forms/Checkbox',
  component: Checkbox,
  args: { onCheckedChange: fn(), id: 'ack' },
  render: (args) => (
    <div className="flex items-center gap-2">
      <Checkbox {...args} />
      <Label htmlFor="ack">I acknowledge receipt of this recall</Label>
    </div>
  ),
} satisfies Meta<typeof Checkbox>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ args, canvasElement }) => {
    const box = within(canvasElement).getByRole('checkbox', { name: 'I acknowledge receipt of this recall' });
    await userEvent.click(box);
    await expect(box).toHaveAttribute('aria-checked', 'true');
    await expect(args.onCheckedChange).toHaveBeenLastCalledWith(true);
    await userEvent.keyboard(' ');
    await expect(box).toHaveAttribute('aria-checked', 'false');
  },
};

export const Indeterminate: Story = {
  args: { checked: 'indeterminate' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('checkbox')).toHaveAttribute('aria-checked', 'mixed');
  },
};

export const Disabled: Story = {
  args: { disabled: true },
  play: async ({ args, canvasElement }) => {
    const box = within(canvasElement).getByRole('checkbox');
    await userEvent.click(box, { pointerEventsCheck: 0 });
    await expect(args.onCheckedChange).not.toHaveBeenCalled();
  },
};

export const Radio: Story = {
  render: (args) => (
    <RadioGroup aria-label="Answer" onValueChange={args.onCheckedChange} defaultValue="yes">
      {[
        ['yes', 'Yes'],
        ['no', 'No'],
        ['na', 'Không áp dụng (Not applicable)'],
      ].map(([value, label]) => (
        <div key={value} className="flex items-center gap-2">
          <RadioGroupItem value={value ?? ''} id={`r-${value}`} />
          <Label htmlFor={`r-${value}`}>{label}</Label>
        </div>
      ))}
    </RadioGroup>
  ),
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('radio', { name: 'Yes' })).toBeChecked();
    await userEvent.click(canvas.getByRole('radio', { name: 'No' }));
    await expect(canvas.getByRole('radio', { name: 'No' })).toBeChecked();
    await expect(args.onCheckedChange).toHaveBeenLastCalledWith('no');
    await userEvent.keyboard('{ArrowDown}');
    const third = canvas.getByRole('radio', { name: /Không áp dụng/ });
    await waitFor(() => expect(third).toHaveFocus());
    await userEvent.keyboard(' ');
    await expect(third).toBeChecked();
    await expect(args.onCheckedChange).toHaveBeenLastCalledWith('na');
  },
};

export const SwitchToggle: Story = {
  render: (args) => (
    <div className="flex items-center gap-2">
      <Switch id="notify" onCheckedChange={args.onCheckedChange} disabled={args.disabled} />
      <Label htmlFor="notify">Email notifications</Label>
    </div>
  ),
  play: async ({ args, canvasElement }) => {
    const toggle = within(canvasElement).getByRole('switch', { name: 'Email notifications' });
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
    await userEvent.click(toggle);
    await expect(toggle).toHaveAttribute('aria-checked', 'true');
    await expect(args.onCheckedChange).toHaveBeenCalledWith(true);
  },
};

export const SwitchDisabled: Story = {
  ...SwitchToggle,
  args: { disabled: true },
  play: async ({ args, canvasElement }) => {
    const toggle = within(canvasElement).getByRole('switch', { name: 'Email notifications' });
    await expect(toggle).toBeDisabled();
    await userEvent.click(toggle, { pointerEventsCheck: 0 });
    await expect(args.onCheckedChange).not.toHaveBeenCalled();
  },
};
