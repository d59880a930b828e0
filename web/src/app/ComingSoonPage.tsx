import { Trans, useLingui } from '@lingui/react/macro';
import { useLocation } from 'wouter';
import { findRoute } from './routes';

/** Placeholder for domain pages that are not built yet; names the page. */
export default function ComingSoonPage() {
  const [location] = useLocation();
  const { i18n } = useLingui();
  const match = findRoute(location);
  const pageName = match ? i18n._(match.route.title) : location;
  return (
    <section data-testid="coming-soon" className="space-y-2">
      <h1 className="text-2xl font-semibold">{pageName}</h1>
      <p className="text-muted-foreground">
        <Trans>The {pageName} page is coming soon.</Trans>
      </p>
    </section>
  );
}
