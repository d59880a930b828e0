import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { Button } from './components/Button';
import { TextInput } from './components/TextInput';
import { cn } from './lib/cn';

/** Every text/background pair the components use; the story's axe check verifies WCAG AA contrast for all of them. */
const pairs: Array<[string, string]> = [
  ['bg-background text-foreground', 'foreground on background'],
  ['bg-background text-muted-foreground', 'muted-foreground on background'],
  ['bg-muted text-muted-foreground', 'muted-foreground on muted'],
  ['bg-card text-card-foreground', 'card'],
  ['bg-popover text-popover-foreground', 'popover'],
  ['bg-primary text-primary-foreground', 'primary'],
  ['bg-background text-primary', 'primary text (links)'],
  ['bg-secondary text-secondary-foreground', 'secondary'],
  ['bg-accent text-accent-foreground', 'accent'],
  ['bg-destructive text-destructive-foreground', 'destructive'],
  ['bg-background text-destructive', 'destructive text (errors)'],
  ['bg-success text-success-foreground', 'success'],
  ['bg-background text-success', 'success text'],
  ['bg-warning text-warning-foreground', 'warning'],
  ['bg-info text-info-foreground', 'info'],
  ['bg-background text-info', 'info text'],
  ['bg-sidebar text-sidebar-foreground', 'sidebar'],
  ['bg-sidebar-accent text-sidebar-accent-foreground', 'sidebar accent'],
  ['bg-header text-header-foreground', 'header'],
  ['bg-avatar-1 text-avatar-foreground', 'avatar 1'],
  ['bg-avatar-2 text-avatar-foreground', 'avatar 2'],
  ['bg-avatar-3 text-avatar-foreground', 'avatar 3'],
  ['bg-avatar-4 text-avatar-foreground', 'avatar 4'],
  ['bg-avatar-5 text-avatar-foreground', 'avatar 5'],
  ['bg-avatar-6 text-avatar-foreground', 'avatar 6'],
];

function ThemeTokens() {
  return (
    <div className="grid gap-4">
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
        {pairs.map(([classes, label]) => (
          <div key={label} data-pair={label} className={cn('rounded-md border p-3 text-sm', classes)}>
            {label}
          </div>
        ))}
      </div>
      <div className="flex items-center gap-2">
        <Button>Focus me</Button>
        <TextInput aria-label="Focusable input" className="w-48" />
      </div>
    </div>
  );
}

const meta = {
  title: 'Foundations/Theme',
  component: ThemeTokens,
} satisfies Meta<typeof ThemeTokens>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Tokens: Story = {
  play: async ({ canvasElement }) => {
    const primary = canvasElement.querySelector<HTMLElement>('[data-pair="primary"]');
    if (!primary) throw new Error('primary swatch missing');
    const style = getComputedStyle(primary);
    // The tokens resolve to real colours (the theme CSS is loaded and mapped by @theme inline).
    await expect(style.backgroundColor).not.toBe('rgba(0, 0, 0, 0)');
    await expect(style.color).not.toBe(style.backgroundColor);
  },
};

export const VisibleFocusRing: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // A focus ring is a box-shadow with a 3px spread (plus a 1px offset on buttons).
    const ring = /0px 0px 0px [34]px/;
    const button = canvas.getByRole('button', { name: 'Focus me' });
    await expect(getComputedStyle(button).boxShadow).not.toMatch(ring);
    await userEvent.tab();
    await expect(button).toHaveFocus();
    // waitFor: the ring may animate in.
    await waitFor(() => expect(getComputedStyle(button).boxShadow).toMatch(ring));
    const input = canvas.getByRole('textbox', { name: 'Focusable input' });
    await expect(getComputedStyle(input).boxShadow).not.toMatch(ring);
    await userEvent.tab();
    await expect(input).toHaveFocus();
    await waitFor(() => expect(getComputedStyle(input).boxShadow).toMatch(ring));
  },
};
