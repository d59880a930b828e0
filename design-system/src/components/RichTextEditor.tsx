import * as React from 'react';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { BoldIcon, ItalicIcon, ListIcon, ListOrderedIcon } from 'lucide-react';
import { cn } from '../lib/cn';
import { validate, type ValidationMessages } from '../lib/validate';

export interface RichTextEditorTexts {
  bold: string;
  italic: string;
  bulletList: string;
  orderedList: string;
  toolbar: string;
}

export const defaultRichTextEditorTexts: RichTextEditorTexts = {
  bold: 'Bold',
  italic: 'Italic',
  bulletList: 'Bullet list',
  orderedList: 'Numbered list',
  toolbar: 'Formatting',
};

export interface RichTextEditorProps {
  /** HTML content. The editor is uncontrolled after mount; a different value from outside replaces the content. */
  value: string;
  onChange: (html: string) => void;
  /** Optional rules string, e.g. 'required_editor'; the first error shows under the editor after blur. */
  rules?: string;
  messages?: Partial<ValidationMessages>;
  /** Shows the validation message even before the editor was touched (after a submit attempt). */
  showErrors?: boolean;
  disabled?: boolean;
  'aria-label'?: string;
  id?: string;
  texts?: Partial<RichTextEditorTexts>;
  className?: string;
}

/** Rich text on TipTap (ProseMirror) with a small toolbar; emits HTML. */
export function RichTextEditor({
  value,
  onChange,
  rules,
  messages,
  showErrors = false,
  disabled = false,
  'aria-label': ariaLabel = 'Rich text editor',
  id,
  texts,
  className,
}: RichTextEditorProps) {
  const t = { ...defaultRichTextEditorTexts, ...texts };
  const [touched, setTouched] = React.useState(false);
  const errorId = React.useId();
  const error = touched || showErrors ? validate(value, rules, { messages }) : null;
  const onChangeRef = React.useRef(onChange);
  React.useEffect(() => {
    onChangeRef.current = onChange;
  });

  const editor = useEditor({
    extensions: [StarterKit],
    content: value,
    editable: !disabled,
    immediatelyRender: true,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': ariaLabel,
        class:
          'min-h-24 px-3 py-2 outline-none [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:my-1 [&_ul]:list-disc [&_ul]:pl-6',
        ...(id ? { id } : {}),
      },
    },
    onUpdate: ({ editor: current }) => onChangeRef.current(current.isEmpty ? '' : current.getHTML()),
    onBlur: () => setTouched(true),
  });

  React.useEffect(() => {
    if (editor.isEditable === disabled) editor.setEditable(!disabled, false);
  }, [editor, disabled]);

  React.useEffect(() => {
    const current = editor.isEmpty ? '' : editor.getHTML();
    if (value !== current) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  React.useEffect(() => {
    const mark = () => {
      let dom: HTMLElement;
      try {
        dom = editor.view.dom;
      } catch {
        return; // the view is not mounted yet (slow first render): 'create' below marks it once it is
      }
      if (error) {
        dom.setAttribute('aria-invalid', 'true');
        dom.setAttribute('aria-describedby', errorId);
      } else {
        dom.removeAttribute('aria-invalid');
        dom.removeAttribute('aria-describedby');
      }
    };
    mark();
    editor.on('create', mark);
    return () => {
      editor.off('create', mark);
    };
  }, [editor, error, errorId]);

  const active = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      bulletList: e.isActive('bulletList'),
      orderedList: e.isActive('orderedList'),
    }),
  });

  const tools = [
    { key: 'bold', label: t.bold, icon: <BoldIcon />, run: () => editor.chain().focus().toggleBold().run() },
    { key: 'italic', label: t.italic, icon: <ItalicIcon />, run: () => editor.chain().focus().toggleItalic().run() },
    {
      key: 'bulletList',
      label: t.bulletList,
      icon: <ListIcon />,
      run: () => editor.chain().focus().toggleBulletList().run(),
    },
    {
      key: 'orderedList',
      label: t.orderedList,
      icon: <ListOrderedIcon />,
      run: () => editor.chain().focus().toggleOrderedList().run(),
    },
  ] as const;

  return (
    <div data-slot="rich-text-editor" className={cn('grid gap-1', className)}>
      <div
        className={cn(
          'rounded-md border border-input bg-background shadow-xs focus-within:border-ring focus-within:ring-[3px] focus-within:ring-ring/50',
          error && 'border-destructive',
          disabled && 'bg-muted opacity-70',
        )}
      >
        <div role="toolbar" aria-label={t.toolbar} className="flex gap-1 border-b p-1">
          {tools.map((tool) => (
            <button
              key={tool.key}
              type="button"
              aria-label={tool.label}
              title={tool.label}
              aria-pressed={active[tool.key]}
              disabled={disabled}
              onMouseDown={(event) => event.preventDefault()}
              onClick={tool.run}
              className="inline-flex size-8 items-center justify-center rounded-md outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/60 disabled:opacity-50 aria-pressed:bg-accent [&_svg]:size-4"
            >
              {tool.icon}
            </button>
          ))}
        </div>
        <EditorContent editor={editor} />
      </div>
      {error ? (
        <p id={errorId} role="alert" className="text-xs font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
