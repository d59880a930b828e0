import * as React from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { RichTextEditor, type RichTextEditorProps } from './RichTextEditor';

function Controlled(props: RichTextEditorProps) {
  const [value, setValue] = React.useState(props.value);
  return (
    <div className="grid gap-2">
      <RichTextEditor
        {...props}
        value={value}
        onChange={(html) => {
          setValue(html);
          props.onChange(html);
        }}
      />
      <button type="button">Elsewhere</button>
    </div>
  );
}

/**
 * Types into the ProseMirror surface with the browser's own editing command, which fires the same
 * beforeinput/input and DOM changes as a keyboard. Simulated per-key events can lose characters
 * on a busy machine because ProseMirror reads the DOM asynchronously.
 */
async function typeInEditor(editor: HTMLElement, text: string) {
  if (!editor.contains(editor.ownerDocument.activeElement)) await userEvent.click(editor);
  editor.ownerDocument.execCommand('insertText', false, text);
  await waitFor(() => expect(editor).toHaveTextContent(text.trim()));
}

const meta = {
  title: 'Forms/RichTextEditor',
  component: RichTextEditor,
  args: { value: '', onChange: fn(), 'aria-label': 'Message' },
  render: (args) => <Controlled {...args} />,
  decorators: [(Story) => <div className="w-[32rem]">{Story()}</div>],
} satisfies Meta<typeof RichTextEditor>;

export default meta;
type Story = StoryObj<typeof meta>;

export const TypingAndBold: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const editor = canvas.getByRole('textbox', { name: 'Message' });
    await typeInEditor(editor, 'Hello ');
    await userEvent.click(canvas.getByRole('button', { name: 'Bold' }));
    await expect(canvas.getByRole('button', { name: 'Bold' })).toHaveAttribute('aria-pressed', 'true');
    await typeInEditor(editor, 'world');
    await waitFor(() => expect(args.onChange).toHaveBeenLastCalledWith('<p>Hello <strong>world</strong></p>'));
  },
};

export const RequiredEditor: Story = {
  args: { rules: 'required_editor' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const editor = canvas.getByRole('textbox', { name: 'Message' });
    await userEvent.click(editor);
    await userEvent.keyboard('   ');
    await userEvent.click(canvas.getByRole('button', { name: 'Elsewhere' }));
    await waitFor(() => expect(canvas.getByRole('alert')).toHaveTextContent('Field required'));
    await expect(editor).toHaveAttribute('aria-invalid', 'true');
    await typeInEditor(editor, 'Recall details');
    await waitFor(() => expect(canvas.queryByRole('alert')).toBeNull());
  },
};

export const WithContent: Story = {
  args: { value: '<p>Please <em>quarantine</em> the product.</p><ul><li>Lot 42</li><li>Lot 43</li></ul>' },
  play: async ({ canvasElement }) => {
    const editor = within(canvasElement).getByRole('textbox', { name: 'Message' });
    await expect(editor.querySelectorAll('li')).toHaveLength(2);
    await expect(editor).toHaveTextContent('Please quarantine the product.');
  },
};

export const Disabled: Story = {
  args: { disabled: true, value: '<p>Locked text</p>' },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const editor = canvas.getByRole('textbox', { name: 'Message' });
    await expect(editor).toHaveAttribute('contenteditable', 'false');
    await expect(canvas.getByRole('button', { name: 'Bold' })).toBeDisabled();
    await userEvent.click(editor);
    await userEvent.keyboard('x');
    await expect(args.onChange).not.toHaveBeenCalled();
  },
};

export const ShowErrorsVietnamese: Story = {
  args: {
    rules: 'required_editor',
    showErrors: true,
    messages: { required_editor: 'Trường bắt buộc' },
    'aria-label': 'Nội dung',
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('Trường bắt buộc');
  },
};
