import * as React from 'react';
import { cn } from '../lib/cn';
import { useDebouncedCallback } from '../lib/useDebouncedCallback';
import { Spinner } from './Spinner';
import { inputClassName } from './TextInput';

export interface AutocompleteOption {
  value: string;
  label: string;
}

export interface AutocompleteTexts {
  loading: string;
  noResults: string;
}

export const defaultAutocompleteTexts: AutocompleteTexts = {
  loading: 'Loading results...',
  noResults: 'No results found',
};

export interface AutocompleteProps {
  /** Options for the current query, supplied by the caller (e.g. after onSearch resolves). */
  options: readonly AutocompleteOption[];
  /** Called with the typed text after `debounceMs`, once it has `minChars` characters. */
  onSearch: (query: string) => void;
  onSelect: (option: AutocompleteOption) => void;
  /** True while the caller fetches options: shows 'Loading results...'. */
  loading?: boolean;
  /** Initial text of the box. */
  defaultValue?: string;
  minChars?: number;
  debounceMs?: number;
  placeholder?: string;
  disabled?: boolean;
  id?: string;
  'aria-label'?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  texts?: Partial<AutocompleteTexts>;
  className?: string;
}

/** Text box with suggestions (ARIA combobox); it never fetches, it asks through onSearch. */
export function Autocomplete({
  options,
  onSearch,
  onSelect,
  loading = false,
  defaultValue = '',
  minChars = 1,
  debounceMs = 300,
  placeholder,
  disabled = false,
  id,
  'aria-label': ariaLabel,
  'aria-invalid': ariaInvalid,
  'aria-describedby': ariaDescribedBy,
  texts,
  className,
}: AutocompleteProps) {
  const t = { ...defaultAutocompleteTexts, ...texts };
  const [text, setText] = React.useState(defaultValue);
  const [open, setOpen] = React.useState(false);
  const [active, setActive] = React.useState(0);
  const listId = React.useId();
  const search = useDebouncedCallback((query: string) => onSearch(query), debounceMs);

  // The highlighted option, kept inside the current options (the first one by default).
  const activeIndex = options.length === 0 ? -1 : Math.min(Math.max(active, 0), options.length - 1);

  function choose(option: AutocompleteOption) {
    setText(option.label);
    setOpen(false);
    onSelect(option);
  }

  const showList = open && text.trim().length >= minChars;
  const optionId = (index: number) => `${listId}-option-${index}`;

  return (
    <div data-slot="autocomplete" className={cn('relative', className)}>
      <input
        id={id}
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={showList && !loading && options.length > 0}
        aria-controls={showList && !loading && options.length > 0 ? listId : undefined}
        aria-activedescendant={showList && activeIndex >= 0 && !loading ? optionId(activeIndex) : undefined}
        aria-label={ariaLabel}
        aria-invalid={ariaInvalid}
        aria-describedby={ariaDescribedBy}
        autoComplete="off"
        className={inputClassName}
        placeholder={placeholder}
        disabled={disabled}
        value={text}
        onChange={(event) => {
          const next = event.target.value;
          setText(next);
          setOpen(true);
          setActive(0);
          if (next.trim().length >= minChars) search(next.trim());
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown') {
            event.preventDefault();
            setOpen(true);
            setActive(options.length ? (activeIndex + 1) % options.length : 0);
          } else if (event.key === 'ArrowUp') {
            event.preventDefault();
            setActive(options.length ? (activeIndex - 1 + options.length) % options.length : 0);
          } else if (event.key === 'Enter' && showList && !loading) {
            const option = options[activeIndex];
            if (option) {
              event.preventDefault();
              choose(option);
            }
          } else if (event.key === 'Escape') {
            setOpen(false);
          }
        }}
      />
      {showList && (loading || options.length === 0) ? (
        <div
          data-slot="autocomplete-status"
          className="absolute z-50 mt-1 flex w-full items-center gap-2 rounded-md border bg-popover px-3 py-2 text-sm text-muted-foreground shadow-md"
        >
          {loading ? (
            <>
              <Spinner label={t.loading} />
              <span aria-hidden="true">{t.loading}</span>
            </>
          ) : (
            <span role="status">{t.noResults}</span>
          )}
        </div>
      ) : null}
      {showList && !loading && options.length > 0 ? (
        <ul
          id={listId}
          role="listbox"
          aria-label={ariaLabel}
          className="absolute z-50 mt-1 max-h-60 w-full overflow-auto rounded-md border bg-popover p-1 text-sm text-popover-foreground shadow-md"
        >
          {options.map((option, index) => (
            <li
              key={option.value}
              id={optionId(index)}
              role="option"
              aria-selected={index === activeIndex}
              className={cn(
                'cursor-default rounded-sm px-2 py-1.5',
                index === activeIndex && 'bg-accent text-accent-foreground',
              )}
              onMouseDown={(event) => event.preventDefault()}
              onMouseEnter={() => setActive(index)}
              onClick={() => choose(option)}
            >
              {option.label}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
