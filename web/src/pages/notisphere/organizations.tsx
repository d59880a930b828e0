import { useState, type FormEvent, type ReactNode } from 'react';
import { useStore } from 'jotai';
import { Trans, useLingui } from '@lingui/react/macro';
import { vocabularyOptions } from '@portal/vocabulary';
import {
  Button,
  Checkbox,
  DataTable,
  Dialog,
  DialogContent,
  DialogTitle,
  FormField,
  GRID_PAGE_SIZE_OPTIONS,
  SimpleSelect,
  Spinner,
  StatusLabel,
  TextInput,
  useToast,
  validate,
  type DataTableColumn,
  type FilterModel,
} from '@portal/design-system';
import { downloadFile } from '../../api/client';
import {
  activateOrganization,
  deactivateOrganization,
  PROVIDER_ACCOUNT_DOWNLOADS,
  providerListParams,
  type OrganizationKind,
  type ProviderDetail,
  type SiteRow,
  type SupplierDetail,
  type SupplierRow,
} from '../../api/operatorOrganizations';
import { useValidationMessages } from '../../app/validation';
import { DownloadActions, type DownloadFormat } from '../supplier/shared/downloads';
import { FormDialogFooter } from '../supplier/shared/FormDialog';
import { vocabularyLocale } from '../supplier/shared/labels';
import { useMasterRows } from '../supplier/shared/masterRows';
import {
  errorText,
  formatDate,
  type ListState,
  listTableProps,
  PageHeader,
  pageTableProps,
  useListState,
  useTableTexts,
} from '../supplier/shared/table';
import { FormError } from '../forms/FormStates';

/**
 * The pieces the operator's Suppliers and Providers pages share (spec 000 §2 shared list screen, operator grid of 50 to
 * 500 rows; §4: an ACTIVE organisation gives Edit and Inactivate, any other status Activate only).
 */

/** The flag filters of /filters-meta (SSO, status, Notisphere-managed) sit above the grid and travel in filterModel. */
export interface FlagFilters {
  status: string;
  is_sso: string;
  is_notisphere_managed: string;
}

const ALL = 'ALL';
const NO_FLAGS: FlagFilters = { status: ALL, is_sso: ALL, is_notisphere_managed: ALL };

/** The grid's filter model plus the chosen flag filters (exact matches on the server). */
export function withFlags(model: FilterModel, flags: FlagFilters): FilterModel {
  const out: FilterModel = { ...model };
  for (const [field, value] of Object.entries(flags))
    if (value !== ALL) out[field] = { filterType: 'text', type: 'contains', filter: value };
  return out;
}

export function useOrganizationStatusLabels(): Record<string, string> {
  const { i18n } = useLingui();
  return Object.fromEntries(
    vocabularyOptions('organizationStatus', vocabularyLocale(i18n.locale)).map((o) => [o.value, o.label]),
  );
}

function FlagFilterBar({ flags, onChange }: { flags: FlagFilters; onChange: (flags: FlagFilters) => void }) {
  const { t } = useLingui();
  const statuses = useOrganizationStatusLabels();
  const yesNo = [
    { value: ALL, label: t`All` },
    { value: 'true', label: t`Yes` },
    { value: 'false', label: t`No` },
  ];
  const select = (field: keyof FlagFilters, label: string, options: { value: string; label: string }[]) => (
    <label className="grid gap-1 text-sm">
      <span className="text-muted-foreground">{label}</span>
      <SimpleSelect
        aria-label={label}
        className="w-44"
        value={flags[field]}
        onValueChange={(value) => onChange({ ...flags, [field]: value })}
        options={options}
      />
    </label>
  );
  return (
    <div className="flex flex-wrap gap-3" data-testid="organization-filters">
      {select('status', t`Status`, [
        { value: ALL, label: t`All` },
        ...Object.entries(statuses).map(([value, label]) => ({ value, label })),
      ])}
      {select('is_sso', t`SSO`, yesNo)}
      {select('is_notisphere_managed', t`Notisphere managed`, yesNo)}
    </div>
  );
}

/** Columns of both lists; providers add their sites. */
export function useOrganizationColumns<T extends SupplierRow>(): DataTableColumn<T>[] {
  const { t } = useLingui();
  const statuses = useOrganizationStatusLabels();
  const userStatuses = {
    VERIFIED: t`Verified`,
    VERIFICATION: t`Verification Email Sent`,
    NONVERIFIED: t`Non Verified`,
    DEACTIVATED: t`Deactivated`,
    LOCKED: t`Locked`,
    PENDING: t`Pending`,
    SSO: t`SSO`,
  };
  const yesNo = (v: boolean) => (v ? t`Yes` : t`No`);
  return [
    { field: 'name', header: t`Name`, sortable: true, filterable: true, hideable: false },
    { field: 'notisphere_id', header: t`Notisphere ID`, sortable: true, filterable: true },
    { field: 'address1', header: t`Address 1`, filterable: true },
    { field: 'address2', header: t`Address 2`, filterable: true, defaultHidden: true },
    { field: 'city', header: t`City`, sortable: true, filterable: true },
    { field: 'state', header: t`State`, sortable: true, filterable: true },
    { field: 'zip', header: t`Zip`, sortable: true, filterable: true },
    {
      field: 'admin_email',
      header: t`Administrator`,
      filterable: true,
      cell: (row) => (row.admin_email ? `${row.admin_name ?? ''} <${row.admin_email}>` : ''),
    },
    {
      field: 'admin_status',
      header: t`Administrator status`,
      cell: (row) => <StatusLabel kind="user" status={row.admin_status} labels={userStatuses} />,
    },
    { field: 'is_sso', header: t`SSO`, cell: (row) => yesNo(row.is_sso) },
    { field: 'is_notisphere_managed', header: t`Notisphere managed`, cell: (row) => yesNo(row.is_notisphere_managed) },
    {
      field: 'status',
      header: t`Status`,
      sortable: true,
      cell: (row) => <StatusLabel kind="organisation" status={row.status} labels={statuses} />,
    },
    { field: 'updated_at', header: t`Last Updated`, sortable: true, cell: (row) => formatDate(row.updated_at) },
  ];
}

export interface OrganizationListProps<T extends SupplierRow> {
  kind: OrganizationKind;
  title: string;
  addText: string;
  pageKey: string;
  extraColumns?: DataTableColumn<T>[];
  /** The page's data hook over the list state and flag filters. */
  usePage: (
    list: ListState,
    flags: FlagFilters,
  ) => {
    data?: { items: T[]; total: number; totalCapped?: boolean; sortCapped?: boolean; lastUpdated: string | null };
    error?: Error;
    isLoading: boolean;
    mutate: () => Promise<unknown>;
  };
  /** The create/edit dialog: `id` null creates. */
  dialog: (props: { id: number | null; onClose: () => void; onSaved: () => void }) => ReactNode;
  downloads?: boolean;
}

/** An operator organisation list: flag filters, grid (50–500 rows), row actions by status, dialog, downloads. */
export function OrganizationList<T extends SupplierRow>(props: OrganizationListProps<T>) {
  const { t } = useLingui();
  const toast = useToast();
  const store = useStore();
  const texts = useTableTexts();
  const base = useOrganizationColumns<T>();
  const columns = [...base.slice(0, 7), ...(props.extraColumns ?? []), ...base.slice(7)];
  const list = useListState(
    props.pageKey,
    columns.map((c) => c.field),
  );
  const [flags, setFlags] = useState<FlagFilters>(NO_FLAGS);
  const { data, error, isLoading, mutate } = props.usePage(list, flags);
  const [editing, setEditing] = useState<{ id: number | null } | null>(null);

  const { rowActions, confirmDialog } = useMasterRows<T>({
    onEdit: (row) => setEditing({ id: row.id }),
    run: (row, action) =>
      action === 'inactivate' ? deactivateOrganization(props.kind, row.id) : activateOrganization(props.kind, row.id),
    onDone: mutate,
    describe: (row, action) => {
      const name = row.name;
      return action === 'inactivate'
        ? t`Deactivate ${name}? Its users are signed out at once; nothing is deleted.`
        : t`Activate ${name}?`;
    },
  });

  const download = (format: DownloadFormat) =>
    downloadFile(
      store,
      PROVIDER_ACCOUNT_DOWNLOADS[format],
      providerListParams({ ...list.query, filterModel: withFlags(list.filterModel, flags) }),
      `${PROVIDER_ACCOUNT_DOWNLOADS.name}.${format}`,
    );

  return (
    <section className="space-y-4" data-testid={props.pageKey}>
      <PageHeader title={props.title}>
        <DownloadActions
          onAdd={() => setEditing({ id: null })}
          addText={props.addText}
          download={props.downloads ? download : undefined}
        />
      </PageHeader>
      <FlagFilterBar
        flags={flags}
        onChange={(next) => {
          list.setPage(1);
          setFlags(next);
        }}
      />
      <DataTable
        columns={columns}
        {...pageTableProps({ data, error, isLoading })}
        {...listTableProps(list)}
        pageSizeOptions={GRID_PAGE_SIZE_OPTIONS}
        columnChooser
        columnState={list.columns}
        onColumnStateChange={list.setColumns}
        caption={props.title}
        texts={texts}
        rowActions={rowActions}
      />
      {editing
        ? props.dialog({
            id: editing.id,
            onClose: () => setEditing(null),
            onSaved: () => {
              setEditing(null);
              toast.success(t`Saved successfully.`);
              void mutate();
            },
          })
        : null}
      {confirmDialog}
    </section>
  );
}

// ---- the create / edit form ----

export type Values = Record<string, string | boolean>;

const ADDRESS_FIELDS = [
  'name',
  'notisphere_id',
  'address1',
  'address2',
  'city',
  'state',
  'zip',
  'phone',
  'email',
] as const;
const ADMIN_FIELDS = ['admin_first_name', 'admin_last_name', 'admin_email', 'admin_phone'] as const;

export const emptyValues: Values = {
  ...Object.fromEntries([...ADDRESS_FIELDS, ...ADMIN_FIELDS].map((f) => [f, ''])),
  domain: '',
  is_sso: false,
  is_notisphere_managed: false,
  requires_second_factor: false,
  self_registration_link: '',
  self_registration_role: '',
};

export function valuesOf(detail: SupplierDetail | ProviderDetail): Values {
  const text = (v: string | null | undefined) => v ?? '';
  return {
    ...emptyValues,
    name: detail.name,
    notisphere_id: text(detail.notisphere_id),
    address1: text(detail.address1),
    address2: text(detail.address2),
    city: text(detail.city),
    state: text(detail.state),
    zip: text(detail.zip),
    phone: text(detail.phone),
    email: text(detail.email),
    domain: text(detail.domain),
    is_sso: detail.is_sso,
    is_notisphere_managed: detail.is_notisphere_managed,
    requires_second_factor: detail.requires_second_factor,
    self_registration_link: text(detail.self_registration_link),
    self_registration_role: text(detail.self_registration_role),
  };
}

const str = (values: Values, name: string) => {
  const v = values[name];
  return typeof v === 'string' ? v.trim() : '';
};
const opt = (values: Values, name: string) => str(values, name) || null;

/** The organisation's own fields and settings as a request body. */
export function organizationBody(values: Values) {
  return {
    name: str(values, 'name'),
    notisphere_id: opt(values, 'notisphere_id'),
    address1: opt(values, 'address1'),
    address2: opt(values, 'address2'),
    city: opt(values, 'city'),
    state: opt(values, 'state'),
    zip: opt(values, 'zip'),
    phone: opt(values, 'phone'),
    email: opt(values, 'email'),
    domain: opt(values, 'domain'),
    is_sso: values.is_sso === true,
    is_notisphere_managed: values.is_notisphere_managed === true,
    requires_second_factor: values.requires_second_factor === true,
    self_registration_link: opt(values, 'self_registration_link'),
    self_registration_role: opt(values, 'self_registration_role'),
  };
}

export function administratorBody(values: Values) {
  return {
    first_name: str(values, 'admin_first_name'),
    last_name: str(values, 'admin_last_name'),
    email: str(values, 'admin_email'),
    phone: opt(values, 'admin_phone'),
  };
}

/** A site row of the provider dialog: an existing site (id) or a new one. */
export interface SiteValues {
  key: string;
  id?: number;
  name: string;
  notisphere_id: string;
  city: string;
  zip: string;
  active: boolean;
}

export function siteValuesOf(sites: SiteRow[]): SiteValues[] {
  return sites.map((s) => ({
    key: String(s.id),
    id: s.id,
    name: s.name,
    notisphere_id: s.notisphere_id ?? '',
    city: s.city ?? '',
    zip: s.zip ?? '',
    active: s.status === 'ACTIVE',
  }));
}

export function sitesBody(sites: SiteValues[]) {
  return sites
    .filter((s) => s.id !== undefined || s.name.trim())
    .map((s) => ({
      ...(s.id !== undefined ? { id: s.id, status: s.active ? ('ACTIVE' as const) : ('DEACTIVATED' as const) } : {}),
      name: s.name.trim(),
      notisphere_id: s.notisphere_id.trim() || null,
      city: s.city.trim() || null,
      zip: s.zip.trim() || null,
    }));
}

interface FieldDef {
  name: string;
  label: string;
  rules?: string;
  type?: 'text' | 'email' | 'tel';
}

export function OrganizationDialog({
  title,
  creating,
  initial,
  roleOptions,
  loading,
  loadError,
  registrationUrl,
  sites,
  onClose,
  onSubmit,
}: {
  title: string;
  creating: boolean;
  initial: Values;
  roleOptions: string[];
  loading?: boolean;
  /** The organisation could not be read (shown in place of the form). */
  loadError?: string | null;
  /** The saved self-registration page, shown for the operator to pass on. */
  registrationUrl?: string | null;
  /** Present for providers: the sites editor. */
  sites?: SiteValues[];
  onClose: () => void;
  onSubmit: (values: Values, sites: SiteValues[]) => Promise<void>;
}) {
  const { t } = useLingui();
  const messages = useValidationMessages();
  const [values, setValues] = useState<Values>(initial);
  const [siteRows, setSiteRows] = useState<SiteValues[]>(sites ?? []);
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const fields: FieldDef[] = [
    { name: 'name', label: t`Name`, rules: 'required' },
    { name: 'notisphere_id', label: t`Notisphere ID` },
    { name: 'address1', label: t`Address 1` },
    { name: 'address2', label: t`Address 2` },
    { name: 'city', label: t`City` },
    { name: 'state', label: t`State` },
    { name: 'zip', label: t`Zip` },
    { name: 'phone', label: t`Phone`, rules: 'phoneNumber', type: 'tel' },
    { name: 'email', label: t`Email`, rules: 'email', type: 'email' },
    { name: 'domain', label: t`Domain(s)`, rules: 'domain' },
    { name: 'self_registration_link', label: t`Self-registration link` },
  ];
  const adminFields: FieldDef[] = [
    { name: 'admin_first_name', label: t`Administrator first name`, rules: 'required' },
    { name: 'admin_last_name', label: t`Administrator last name`, rules: 'required' },
    { name: 'admin_email', label: t`Administrator email`, rules: 'required|email', type: 'email' },
    { name: 'admin_phone', label: t`Administrator phone`, rules: 'phoneNumber', type: 'tel' },
  ];
  const shown = creating ? [...fields, ...adminFields] : fields;
  const errors = Object.fromEntries(
    shown.map((f) => [
      f.name,
      validate(typeof values[f.name] === 'string' ? values[f.name] : '', f.rules, { messages }),
    ]),
  ) as Record<string, string | null>;
  const siteErrors = siteRows.map((s) =>
    s.id === undefined && !s.name.trim() ? null : s.name.trim() ? null : t`Field required`,
  );
  const set = (name: string) => (value: string | boolean) => setValues((v) => ({ ...v, [name]: value }));
  const setSite = (key: string, patch: Partial<SiteValues>) =>
    setSiteRows((rows) => rows.map((r) => (r.key === key ? { ...r, ...patch } : r)));

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    setProblem(null);
    if (Object.values(errors).some((e) => e !== null) || siteErrors.some((e) => e !== null)) return;
    setBusy(true);
    try {
      await onSubmit(values, siteRows);
    } catch (err) {
      setProblem(errorText(err, t`Unknown error`));
    } finally {
      setBusy(false);
    }
  }

  const input = (f: FieldDef) => (
    <FormField
      key={f.name}
      label={f.label}
      required={f.rules?.includes('required')}
      error={submitted ? errors[f.name] : null}
    >
      <TextInput type={f.type ?? 'text'} value={String(values[f.name] ?? '')} onValueChange={set(f.name)} />
    </FormField>
  );
  const flag = (name: string, label: string) => (
    <label className="flex items-center gap-2 text-sm">
      <Checkbox checked={values[name] === true} onCheckedChange={(c) => set(name)(c === true)} />
      {label}
    </label>
  );

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent closeLabel={t`Close`} className="max-h-[90vh] max-w-3xl overflow-auto">
        <DialogTitle>{title}</DialogTitle>
        {loadError ? (
          <p role="alert" className="text-sm text-destructive">
            {loadError}
          </p>
        ) : loading ? (
          <Spinner label={t`Loading...`} />
        ) : (
          <form onSubmit={(e) => void submit(e)} noValidate className="space-y-4" data-testid="organization-form">
            {problem ? <FormError>{problem}</FormError> : null}
            <div className="grid gap-3 sm:grid-cols-2">{fields.map(input)}</div>
            {registrationUrl ? (
              <p className="text-sm text-muted-foreground" data-testid="registration-url">
                <Trans>Self-registration page:</Trans>{' '}
                <span className="break-all text-foreground">{registrationUrl}</span>
              </p>
            ) : null}
            <FormField label={t`Self-registration role`}>
              <SimpleSelect
                value={String(values.self_registration_role || 'NONE')}
                onValueChange={(v) => set('self_registration_role')(v === 'NONE' ? '' : v)}
                options={[
                  { value: 'NONE', label: t`None (self-registration closed)` },
                  ...roleOptions.map((r) => ({ value: r, label: r })),
                ]}
              />
            </FormField>
            <div className="flex flex-wrap gap-4">
              {flag('is_sso', t`Single sign-on (SSO)`)}
              {flag('is_notisphere_managed', t`Notisphere managed`)}
              {flag('requires_second_factor', t`Require a second factor at sign-in`)}
            </div>
            {creating ? (
              <fieldset className="space-y-2">
                <legend className="text-sm font-medium">
                  <Trans>Administrator (receives the invitation email)</Trans>
                </legend>
                <div className="grid gap-3 sm:grid-cols-2">{adminFields.map(input)}</div>
              </fieldset>
            ) : null}
            {sites ? (
              <fieldset className="space-y-2" data-testid="sites">
                <legend className="text-sm font-medium">
                  <Trans>Sites</Trans>
                </legend>
                {siteRows.map((site, index) => (
                  <div
                    key={site.key}
                    className="grid items-end gap-2 sm:grid-cols-[2fr_1fr_1fr_1fr_auto]"
                    data-testid={`site-${index}`}
                  >
                    <FormField label={t`Site name`} error={submitted ? siteErrors[index] : null}>
                      <TextInput value={site.name} onValueChange={(v) => setSite(site.key, { name: v })} />
                    </FormField>
                    <FormField label={t`Notisphere ID`}>
                      <TextInput
                        value={site.notisphere_id}
                        onValueChange={(v) => setSite(site.key, { notisphere_id: v })}
                      />
                    </FormField>
                    <FormField label={t`City`}>
                      <TextInput value={site.city} onValueChange={(v) => setSite(site.key, { city: v })} />
                    </FormField>
                    <FormField label={t`Zip`}>
                      <TextInput value={site.zip} onValueChange={(v) => setSite(site.key, { zip: v })} />
                    </FormField>
                    {site.id !== undefined ? (
                      <label className="flex items-center gap-2 pb-2 text-sm">
                        <Checkbox
                          checked={site.active}
                          onCheckedChange={(c) => setSite(site.key, { active: c === true })}
                        />
                        {t`Active`}
                      </label>
                    ) : (
                      <Button
                        type="button"
                        variant="outline"
                        size="sm"
                        onClick={() => setSiteRows((rows) => rows.filter((r) => r.key !== site.key))}
                      >
                        <Trans>Remove</Trans>
                      </Button>
                    )}
                  </div>
                ))}
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  onClick={() =>
                    setSiteRows((rows) => [
                      ...rows,
                      {
                        key: `new-${rows.length}-${Date.now()}`,
                        name: '',
                        notisphere_id: '',
                        city: '',
                        zip: '',
                        active: true,
                      },
                    ])
                  }
                >
                  <Trans>Add site</Trans>
                </Button>
              </fieldset>
            ) : null}
            <FormDialogFooter onCancel={onClose} busy={busy} />
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
