import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { RowActionsMenu } from './DropdownMenu';

const onView = fn();
const onEdit = fn();
const onDelete = fn();

const meta = {
  title: 'Overlays/RowActionsMenu',
  component: RowActionsMenu,
  args: {
    label: 'Actions for Recall 42',
    actions: [
      { id: 'view', label: 'View', onSelect: onView },
      { id: 'edit', label: 'Edit', onSelect: onEdit },
      { id: 'delete', label: 'Delete', onSelect: onDelete, destructive: true },
    ],
  },
  beforeEach: () => {
    onView.mockClear();
    onEdit.mockClear();
    onDelete.mockClear();
  },
} satisfies Meta<typeof RowActionsMenu>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Actions for Recall 42' }));
    const menu = await body.findByRole('menu');
    await expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['View', 'Edit', 'Delete']);
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Edit' }));
    await expect(onEdit).toHaveBeenCalledTimes(1);
    await expect(body.queryByRole('menu')).toBeNull();
  },
};

export const Keyboard: Story = {
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    within(canvasElement).getByRole('button', { name: 'Actions for Recall 42' }).focus();
    await userEvent.keyboard('{Enter}');
    await body.findByRole('menu');
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    await expect(onDelete).toHaveBeenCalledTimes(1);
  },
};

export const DisabledEdit: Story = {
  args: {
    actions: [
      { id: 'view', label: 'View', onSelect: onView },
      { id: 'edit', label: 'Edit', onSelect: onEdit, disabled: true },
    ],
  },
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Actions for Recall 42' }));
    const edit = await body.findByRole('menuitem', { name: 'Edit' });
    await expect(edit).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(edit, { pointerEventsCheck: 0 });
    await expect(onEdit).not.toHaveBeenCalled();
    await userEvent.keyboard('{Escape}');
    await expect(body.queryByRole('menu')).toBeNull();
  },
};

export const Empty: Story = {
  args: { actions: [] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Actions for Recall 42' })).toBeDisabled();
  },
};

export const Vietnamese: Story = {
  args: {
    label: 'Thao tác',
    actions: [
      { id: 'view', label: 'Xem', onSelect: onView },
      { id: 'edit', label: 'Chỉnh sửa', onSelect: onEdit },
    ],
  },
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Thao tác' }));
    await userEvent.click(await body.findByRole('menuitem', { name: 'Xem' }));
    await expect(onView).toHaveBeenCalledTimes(1);
  },
};
