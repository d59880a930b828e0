import { Trans, useLingui } from '@lingui/react/macro';
import { Label, SimpleSelect } from '@portal/design-system';
import { useIsSite } from '../api/provider';
import { useReadsProviderLists, useWorkingSite } from '../shared/session/workingSite';

const ALL = 'all';

/**
 * The site switcher of a provider user whose organisation is a health system with sites (meta-sites names more than
 * itself): the organisation and all its sites, the organisation alone, or one site. The provider's lists then show that
 * site's notices. A user of a site sees which health system it belongs to (is-site) instead.
 */
export function SiteSwitcher() {
  return useReadsProviderLists() ? <ProviderSiteSwitcher /> : null;
}

function ProviderSiteSwitcher() {
  const { t } = useLingui();
  const { sites, siteId, setSiteId } = useWorkingSite();
  const { data: site } = useIsSite();
  if (site?.isSite && site.parent_name) {
    const parent = site.parent_name;
    return (
      <p className="text-sm text-muted-foreground" data-testid="site-of">
        <Trans>Site of {parent}</Trans>
      </p>
    );
  }
  if (!sites || sites.length < 2) return null;
  const options = [
    { value: ALL, label: t`All sites` },
    ...sites.map(({ id, name, is_site }) => ({ value: String(id), label: is_site ? name : t`${name} (own notices)` })),
  ];
  return (
    <div className="flex min-w-0 items-center gap-2" data-testid="site-switcher">
      <Label htmlFor="site-switcher" className="shrink-0 text-sm">
        <Trans>Site</Trans>
      </Label>
      <SimpleSelect
        id="site-switcher"
        className="w-48 max-w-[60vw]"
        options={options}
        value={siteId === null ? ALL : String(siteId)}
        onValueChange={(v) => setSiteId(v === ALL ? null : Number(v))}
      />
    </div>
  );
}
