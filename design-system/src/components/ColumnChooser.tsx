import * as React from 'react';
import { ArrowDownIcon, ArrowUpIcon, Columns3Icon, GripVerticalIcon } from 'lucide-react';
import { cn } from '../lib/cn';
import { moveItem } from '../lib/table';
import { Button, IconButton } from './Button';
import { Checkbox } from './Checkbox';
import { Popover, PopoverContent, PopoverTrigger } from './Popover';

export interface ColumnState {
  field: string;
  visible: boolean;
}

export interface ColumnChooserTexts {
  button: string;
  title: string;
  reset: string;
  /** `{column}` is replaced by the column header. */
  moveUp: string;
  moveDown: string;
}

export const defaultColumnChooserTexts: ColumnChooserTexts = {
  button: 'Columns',
  title: 'Show and order columns',
  reset: 'Reset',
  moveUp: 'Move {column} up',
  moveDown: 'Move {column} down',
};

export interface ColumnChooserProps {
  /** Current order and visibility. */
  state: readonly ColumnState[];
  /** Header text per field. */
  headers: Readonly<Record<string, string>>;
  /** Fields that cannot be hidden. */
  locked?: readonly string[];
  onChange: (state: ColumnState[]) => void;
  onReset: () => void;
  texts?: Partial<ColumnChooserTexts>;
}

/** Show/hide columns, reorder them by dragging (or the arrow buttons) and Reset to the default. */
export function ColumnChooser({ state, headers, locked = [], onChange, onReset, texts }: ColumnChooserProps) {
  const t = { ...defaultColumnChooserTexts, ...texts };
  const [dragIndex, setDragIndex] = React.useState<number | null>(null);
  const [overIndex, setOverIndex] = React.useState<number | null>(null);

  return (
    <Popover>
      <PopoverTrigger asChild>
        <Button variant="outline" size="sm">
          <Columns3Icon />
          {t.button}
        </Button>
      </PopoverTrigger>
      <PopoverContent align="end" className="w-80 p-3" aria-label={t.title}>
        <p className="mb-2 text-sm font-medium">{t.title}</p>
        <ul data-slot="column-chooser-list" className="grid gap-1" aria-label={t.title}>
          {state.map((column, index) => {
            const header = headers[column.field] ?? column.field;
            const id = `column-chooser-${column.field}`;
            return (
              <li
                key={column.field}
                data-slot="column-chooser-item"
                data-field={column.field}
                draggable
                onDragStart={(event) => {
                  setDragIndex(index);
                  event.dataTransfer.effectAllowed = 'move';
                  event.dataTransfer.setData('text/plain', column.field);
                }}
                onDragOver={(event) => {
                  event.preventDefault();
                  setOverIndex(index);
                }}
                onDragLeave={() => setOverIndex((current) => (current === index ? null : current))}
                onDrop={(event) => {
                  event.preventDefault();
                  if (dragIndex !== null) onChange(moveItem(state, dragIndex, index));
                  setDragIndex(null);
                  setOverIndex(null);
                }}
                onDragEnd={() => {
                  setDragIndex(null);
                  setOverIndex(null);
                }}
                className={cn(
                  'flex items-center gap-2 rounded-md border border-transparent px-1 py-1 text-sm',
                  overIndex === index && dragIndex !== index && 'border-ring bg-accent',
                  dragIndex === index && 'opacity-50',
                )}
              >
                <GripVerticalIcon aria-hidden="true" className="size-4 cursor-grab text-muted-foreground" />
                <Checkbox
                  id={id}
                  checked={column.visible}
                  disabled={locked.includes(column.field)}
                  onCheckedChange={(checked) =>
                    onChange(state.map((c) => (c.field === column.field ? { ...c, visible: checked === true } : c)))
                  }
                />
                <label htmlFor={id} className="flex-1 truncate">
                  {header}
                </label>
                <IconButton
                  size="icon-sm"
                  label={t.moveUp.replace('{column}', header)}
                  disabled={index === 0}
                  onClick={() => onChange(moveItem(state, index, index - 1))}
                >
                  <ArrowUpIcon />
                </IconButton>
                <IconButton
                  size="icon-sm"
                  label={t.moveDown.replace('{column}', header)}
                  disabled={index === state.length - 1}
                  onClick={() => onChange(moveItem(state, index, index + 1))}
                >
                  <ArrowDownIcon />
                </IconButton>
              </li>
            );
          })}
        </ul>
        <div className="mt-3 flex justify-end">
          <Button variant="outline" size="sm" onClick={onReset}>
            {t.reset}
          </Button>
        </div>
      </PopoverContent>
    </Popover>
  );
}
