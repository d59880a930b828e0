import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { Label } from './Label';
import { RadioGroup, RadioGroupItem } from './RadioGroup';

const answers = [
  ['yes', 'Yes'],
  ['no', 'No'],
  ['na', 'Không áp dụng (Not applicable)'],
] as const;

const meta = {
  title: 'Forms/RadioGroup',
  component: RadioGroup,
  args: { onValueChange: fn(), defaultValue: 'yes', 'aria-label': 'Answer' },
  render: (args) => (
    <RadioGroup {...args}>
      {answers.map(([value, label]) => (
        <div key={value} className="flex items-center gap-2">
          <RadioGroupItem value={value} id={`r-${value}`} />
          <Label htmlFor={`r-${value}`}>{label}</Label>
        </div>
      ))}
    </RadioGroup>
  ),
} satisfies Meta<typeof RadioGroup>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('radio', { name: 'Yes' })).toBeChecked();
    await userEvent.click(canvas.getByRole('radio', { name: 'No' }));
    await expect(canvas.getByRole('radio', { name: 'No' })).toBeChecked();
    await expect(args.onValueChange).toHaveBeenLastCalledWith('no');
    await userEvent.keyboard('{ArrowDown}');
    const third = canvas.getByRole('radio', { name: /Không áp dụng/ });
    await waitFor(() => expect(third).toHaveFocus());
    await userEvent.keyboard(' ');
    await expect(third).toBeChecked();
    await expect(args.onValueChange).toHaveBeenLastCalledWith('na');
  },
};

export const Disabled: Story = {
  args: { disabled: true },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('radio', { name: 'No' })).toBeDisabled();
    await userEvent.click(canvas.getByRole('radio', { name: 'No' }), { pointerEventsCheck: 0 });
    await expect(args.onValueChange).not.toHaveBeenCalled();
    await expect(canvas.getByRole('radio', { name: 'Yes' })).toBeChecked();
  },
};

export const Empty: Story = {
  args: { defaultValue: undefined },
  play: async ({ canvasElement }) => {
    for (const radio of within(canvasElement).getAllByRole('radio')) await expect(radio).not.toBeChecked();
  },
};
