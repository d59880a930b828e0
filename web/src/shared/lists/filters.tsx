import type { ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import { SimpleSelect } from '@portal/design-system';
import { useLabels } from '../words/labels';

/** The value of a filter select that filters nothing. */
export const ALL = 'ALL';

/** A filter select's value as a query value: none for "All ...". */
export function chosen<T extends string>(value: string): T | undefined {
  return value === ALL ? undefined : (value as T);
}

/**
 * The row of filters above a grid, each a FormField (its label names the control), aligned on their controls.
 */
export function FilterBar({ children }: { children: ReactNode }) {
  return <div className="flex flex-wrap items-end gap-3">{children}</div>;
}

/** A select of the toolbar whose first option, "All ...", filters nothing. */
export function FilterSelect({
  label,
  allLabel,
  options,
  value,
  onValueChange,
}: {
  label: string;
  allLabel: string;
  options: { value: string; label: string }[];
  value: string;
  onValueChange: (value: string) => void;
}) {
  return (
    <SimpleSelect
      aria-label={label}
      options={[{ value: ALL, label: allLabel }, ...options]}
      value={value}
      onValueChange={onValueChange}
    />
  );
}

/** The Status filter of a master list: all, Active or Inactive. */
export function StatusFilter({ value, onValueChange }: { value: string; onValueChange: (value: string) => void }) {
  const { t } = useLingui();
  const labels = useLabels();
  return (
    <FilterSelect
      label={t`Status`}
      allLabel={t`All statuses`}
      options={[
        { value: 'ACTIVE', label: labels.statuses.ACTIVE ?? 'Active' },
        { value: 'INACTIVE', label: labels.statuses.INACTIVE ?? 'Inactive' },
      ]}
      value={value}
      onValueChange={onValueChange}
    />
  );
}
