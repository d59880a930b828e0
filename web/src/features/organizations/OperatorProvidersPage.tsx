import { useLingui } from '@lingui/react/macro';
import {
  createProvider,
  updateProvider,
  useProvider,
  useProviders,
  type ProviderRow,
} from '../../api/operatorOrganizations';
import {
  administratorBody,
  emptyValues,
  organizationBody,
  siteValuesOf,
  sitesBody,
  valuesOf,
} from './organizationValues';
import { OrganizationDialog } from './OrganizationDialog';
import { SsoSettingsPanel } from './SsoSettingsPanel';
import { OrganizationList, withFlags, type FlagFilters } from './organizations';
import type { ListState } from '../../shared/lists/table';

/** The roles every new provider is seeded with (DESIGN §3), offered for self-registration before it exists. */
const PROVIDER_ROLES = ['Administrator', 'Recall Coordinator', 'Sourcing Coordinator', 'Responder'];

/**
 * /notisphere/providers (Notisphere_ManageProviders): health systems with their sites; onboarding invites the
 * administrator; the Provider Account Report downloads follow the list's filters.
 */
export default function ProvidersPage() {
  const { t } = useLingui();
  return (
    <OrganizationList<ProviderRow>
      kind="providers"
      title={t`Providers`}
      addText={t`Add provider`}
      pageKey="notisphere-providers"
      downloads
      extraColumns={[
        { field: 'sites', header: t`Sites`, filterable: true, cell: (row) => row.sites ?? '' },
        { field: 'site_count', header: t`Site count`, defaultHidden: true },
      ]}
      usePage={useProviderPage}
      dialog={(props) => <ProviderDialog key={props.id ?? 'new'} {...props} />}
    />
  );
}

/** The list over the grid's state and the flag filters. */
function useProviderPage(list: ListState, flags: FlagFilters) {
  return useProviders({ ...list.query, filterModel: withFlags(list.filterModel, flags) });
}

function ProviderDialog({ id, onClose, onSaved }: { id: number | null; onClose: () => void; onSaved: () => void }) {
  const { t } = useLingui();
  const { data, error } = useProvider(id);
  return (
    <OrganizationDialog
      key={data ? `loaded-${data.id}` : 'empty'}
      title={id === null ? t`Add provider` : t`Edit provider`}
      creating={id === null}
      loadError={error ? error.message : null}
      registrationUrl={data?.self_registration_url}
      after={id !== null ? <SsoSettingsPanel organizationId={id} /> : null}
      loading={id !== null && !data}
      initial={data ? valuesOf(data) : emptyValues}
      roleOptions={data ? data.roles.map((r) => r.name) : PROVIDER_ROLES}
      sites={data ? siteValuesOf(data.sites) : []}
      onClose={onClose}
      onSubmit={async (values, sites) => {
        if (id === null)
          await createProvider({
            ...organizationBody(values),
            administrator: administratorBody(values),
            sites: sitesBody(sites),
          });
        else await updateProvider(id, { ...organizationBody(values), sites: sitesBody(sites) });
        onSaved();
      }}
    />
  );
}
