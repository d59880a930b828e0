import { useMemo, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { Autocomplete, Button, FormField } from '@portal/design-system';
import { useOrganizationChoices, type OrganizationChoice, type OrganizationType } from '../../api/operatorUsers';
import type { FormFieldDef, FormValues } from '../lists/MasterListPage';

/** Words for the organisation types (spec 000 §4). */
export function useOrganizationTypeLabels(): Record<OrganizationType, string> {
  const { t } = useLingui();
  return useMemo(() => ({ NOTISPHERE: t`Operator`, SUPPLIER: t`Supplier`, PROVIDER: t`Provider` }), [t]);
}

/**
 * Picks one organisation of any tenant by typing part of its name (the server answers at most 50). Used to invite a
 * user, to create a role and to keep one organisation's rows in the operator's lists.
 */
export function OrganizationPicker({
  label,
  defaultName = '',
  onPick,
  error = null,
  required = false,
}: {
  label: string;
  defaultName?: string;
  onPick: (organization: OrganizationChoice) => void;
  error?: string | null;
  required?: boolean;
}) {
  const { t } = useLingui();
  const types = useOrganizationTypeLabels();
  const [search, setSearch] = useState(defaultName);
  const { data, isLoading } = useOrganizationChoices(search);
  const choices = data ?? [];
  return (
    <FormField label={label} required={required} error={error}>
      <Autocomplete
        defaultValue={defaultName}
        options={choices.map((o) => ({ value: String(o.id), label: `${o.name} (${types[o.type]})` }))}
        onSearch={setSearch}
        onSelect={(option) => {
          const picked = choices.find((o) => String(o.id) === option.value);
          if (picked) onPick(picked);
        }}
        loading={isLoading}
        placeholder={t`Type an organization name`}
        texts={{ loading: t`Loading results...`, noResults: t`No results found` }}
      />
    </FormField>
  );
}

/** Keeps one organisation's rows (the list's `organizationId`), or all. */
export function OrganizationFilter({
  organization,
  onChange,
}: {
  organization: { id: number; name: string } | null;
  onChange: (organization: { id: number; name: string } | null) => void;
}) {
  const { t } = useLingui();
  return (
    <div className="flex items-end gap-2" data-testid="organization-filter">
      <OrganizationPicker
        key={organization?.id ?? 'all'}
        label={t`Organization`}
        defaultName={organization?.name ?? ''}
        onPick={(o) => onChange({ id: o.id, name: o.name })}
      />
      {organization ? (
        <Button variant="outline" size="sm" onClick={() => onChange(null)}>
          {t`All organizations`}
        </Button>
      ) : null}
    </div>
  );
}

/**
 * The Organization field of an operator's add form (a role, a user): required, asked only when adding, and `picked`
 * says which form values the chosen organisation sets.
 */
export function organizationField(
  label: string,
  picked: (organization: OrganizationChoice) => FormValues,
): FormFieldDef {
  return {
    name: 'organization_id',
    label,
    kind: 'custom',
    rules: 'requiredSelect',
    hideOnEdit: true,
    render: (p) => (
      <OrganizationPicker label={p.label} required={p.required} error={p.error} onPick={(o) => p.change(picked(o))} />
    ),
  };
}
