import { lazy, Suspense, useEffect, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import { Redirect, Route, Switch, useLocation, useParams, useSearch } from 'wouter';
import { useAtomValue, useSetAtom } from 'jotai';
import { useLingui } from '@lingui/react';
import { LoadingOverlay } from '@portal/design-system';
import { msg } from '@lingui/core/macro';
import { routes, type RouteDef } from './routes';
import { guard } from './guard';
import { safeLandingPath } from './guard';
import { accessDeniedAtom, authAtom, routeHistoryAtom } from '../state/auth';
import { PlainLayout } from './PlainLayout';
import { PRODUCT_NAME } from './product';
import { PageErrorBoundary } from './PageErrorBoundary';
import { loadChunk } from './chunks';
import ComingSoonPage from './ComingSoonPage';

/** The signed-in layout is loaded on demand, so public pages (login) stay small. */
const lazyShell = () => lazy(loadChunk(() => import('./Shell').then((m) => ({ default: m.Shell }))));
let Shell = lazyShell();

const lazyPages = new Map<RouteDef, LazyExoticComponent<ComponentType>>();

function pageFor(route: RouteDef): ComponentType {
  if (!route.page) return ComingSoonPage;
  let page = lazyPages.get(route);
  if (!page) {
    // Gives up after the spec's chunk time-out (120 s); the error boundary then offers a retry.
    page = lazy(loadChunk(route.page));
    lazyPages.set(route, page);
  }
  return page;
}

/** A retry loads the page's chunk again (React keeps a failed lazy component failed). */
function forgetPage(route: RouteDef): void {
  lazyPages.delete(route);
}

function PageFallback() {
  const { i18n } = useLingui();
  return (
    <div className="relative min-h-40">
      <LoadingOverlay active label={i18n._(msg`Loading...`)} />
    </div>
  );
}

function usePathWithQuery(): string {
  const [location] = useLocation();
  const search = useSearch();
  return search ? `${location}?${search}` : location;
}

/** Page title from route metadata, defaulting to the product name. */
function useDocumentTitle(route: RouteDef | null) {
  const { i18n } = useLingui();
  const title = route ? i18n._(route.title) : null;
  useEffect(() => {
    document.title = title ? `${title} | ${PRODUCT_NAME}` : PRODUCT_NAME;
  }, [title]);
}

function Deny({ to, route }: { to: string; route: RouteDef }) {
  const params = useParams<{ id?: string; providerCommunicationId?: string }>();
  const path = usePathWithQuery();
  const setDenied = useSetAtom(accessDeniedAtom);
  const [, navigate] = useLocation();
  useEffect(() => {
    setDenied({
      path,
      communicationId: params.id ?? null,
      providerCommunicationId: params.providerCommunicationId ?? null,
      requestSent: false,
    });
    navigate(to, { replace: true });
  }, [navigate, params.id, params.providerCommunicationId, path, route, setDenied, to]);
  return null;
}

function Layout({ route, children }: { route: RouteDef | null; children: ReactNode }) {
  if (route && route.layout !== 'shell') return <PlainLayout variant={route.layout}>{children}</PlainLayout>;
  return (
    <PageErrorBoundary
      resetKey="shell"
      onRetry={() => {
        Shell = lazyShell();
      }}
    >
      <Suspense fallback={<PageFallback />}>
        <Shell route={route}>{children}</Shell>
      </Suspense>
    </PageErrorBoundary>
  );
}

function RouteElement({ route }: { route: RouteDef }) {
  const auth = useAtomValue(authAtom);
  const path = usePathWithQuery();
  useDocumentTitle(route);
  const decision = guard(route, auth, path);
  if (decision.kind === 'login') return <Redirect to={decision.to} replace />;
  if (decision.kind === 'deny') return <Deny to={decision.to} route={route} />;
  const Page = pageFor(route);
  return (
    <Layout route={route}>
      <PageErrorBoundary resetKey={path} onRetry={() => forgetPage(route)}>
        <Suspense fallback={<PageFallback />}>
          <Page />
        </Suspense>
      </PageErrorBoundary>
    </Layout>
  );
}

function RootRedirect() {
  const auth = useAtomValue(authAtom);
  return <Redirect to={auth.isAuth ? safeLandingPath(auth) : '/login'} replace />;
}

const notFoundRoute = routes.find((r) => r.path === '/not-found');

function UnknownPath() {
  const auth = useAtomValue(authAtom);
  useDocumentTitle(notFoundRoute ?? null);
  const Page = notFoundRoute ? pageFor(notFoundRoute) : ComingSoonPage;
  const page = (
    <Suspense fallback={<PageFallback />}>
      <Page />
    </Suspense>
  );
  if (!auth.isAuth) return <PlainLayout variant="plain">{page}</PlainLayout>;
  return <Layout route={notFoundRoute ?? null}>{page}</Layout>;
}

function RouteTracker() {
  const path = usePathWithQuery();
  const setHistory = useSetAtom(routeHistoryAtom);
  useEffect(() => {
    setHistory((h) => (h.current === path ? h : { previous: h.current, current: path }));
  }, [path, setHistory]);
  return null;
}

/** The one <Switch> of the app: root redirect, every route of the table, not-found last. */
export function AppRoutes() {
  return (
    <>
      <RouteTracker />
      <Switch>
        <Route path="/">
          <RootRedirect />
        </Route>
        {routes.map((route) => (
          <Route key={route.path} path={route.path}>
            <RouteElement route={route} />
          </Route>
        ))}
        <Route>
          <UnknownPath />
        </Route>
      </Switch>
    </>
  );
}
