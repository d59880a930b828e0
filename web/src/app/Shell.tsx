import { useEffect, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { useAtomValue, useStore } from 'jotai';
import { useLingui } from '@lingui/react/macro';
import { Breadcrumbs, Header, Sidebar, type RenderLinkProps, type SidebarItem } from '@portal/design-system';
import type { RouteDef } from './routes';
import { sidebars, visibleMenu, type MenuItem } from './sidebars';
import { authAtom } from '../state/auth';
import { useMe } from '../api/me';
import { useLoadLookupValues } from '../api/lookups';
import { useHelpSettings } from '../api/content';
import { useAccountLinks } from '../api/quickLinks';
import { logout } from '../shared/session/authActions';
import { LanguageSwitcher } from './LanguageSwitcher';
import { SiteSwitcher } from './SiteSwitcher';
import { PRODUCT_NAME } from './product';
import { AccessDeniedNotice } from './AccessDeniedNotice';
import { useMenuBadges } from './menuBadges';

function RouterLink({ href, className, children, 'aria-current': ariaCurrent }: RenderLinkProps) {
  return (
    <Link href={href} className={className} aria-current={ariaCurrent}>
      {children}
    </Link>
  );
}

/** The menu entry for the current path: an exact match, else the longest entry the path lies under. */
export function activeMenuHref(items: readonly MenuItem[], location: string): string | undefined {
  let best: string | undefined;
  const visit = (list: readonly MenuItem[]) => {
    for (const item of list) {
      if (item.children) visit(item.children);
      else if (item.path && !item.newWindow && (location === item.path || location.startsWith(`${item.path}/`))) {
        if (!best || item.path.length > best.length) best = item.path;
      }
    }
  };
  visit(items);
  return best;
}

function AppSidebar() {
  const { userType, permissions } = useAtomValue(authAtom);
  const [location] = useLocation();
  const { i18n, t } = useLingui();
  const menu = userType ? visibleMenu(sidebars[userType], permissions) : [];
  // The Help group opens the operator's help links when set, else the product's own pages.
  const linksHelp = (item: MenuItem): boolean => Boolean(item.helpLink) || (item.children ?? []).some(linksHelp);
  const hasHelp = menu.some(linksHelp);
  const { data: help } = useHelpSettings(hasHelp, true);
  const badges = useMenuBadges(userType, permissions);
  const toItem = (item: MenuItem): SidebarItem => ({
    id: item.id,
    label: i18n._(item.label),
    href: (item.helpLink && help?.[item.helpLink]) || item.path,
    external: item.newWindow,
    children: item.children?.map(toItem),
    badge: badges[item.id]?.count,
    badgeLabel: badges[item.id]?.label,
  });
  return (
    <Sidebar
      data-testid="sidebar"
      items={menu.map(toItem)}
      activeHref={activeMenuHref(menu, location)}
      renderLink={RouterLink}
      label={t`Main menu`}
      className="h-auto shrink-0 self-stretch"
    />
  );
}

function RouteBreadcrumbs({ route }: { route: RouteDef | null }) {
  const { i18n, t } = useLingui();
  if (!route) return <span />;
  const items = [
    { label: t`Home`, href: '/' },
    ...route.breadcrumb.map((crumb) => ({ label: i18n._(crumb.label), href: crumb.path })),
  ];
  return <Breadcrumbs items={items} label={t`Breadcrumb`} renderLink={RouterLink} />;
}

function AppHeader({ sidebarOpen, onToggleSidebar }: { sidebarOpen: boolean; onToggleSidebar: () => void }) {
  const { t } = useLingui();
  const { userType } = useAtomValue(authAtom);
  const { data: me } = useMe();
  const links = useAccountLinks();
  const store = useStore();
  const [, navigate] = useLocation();
  const organization = me?.organization;
  return (
    <Header
      logo={
        <Link href="/" className="text-lg font-semibold tracking-tight">
          {PRODUCT_NAME}
        </Link>
      }
      sidebarOpen={sidebarOpen}
      onToggleSidebar={onToggleSidebar}
      organisation={
        userType !== 'NOTI' && organization ? { name: organization.name, logoUrl: organization.profile_photo } : null
      }
      user={{ name: me?.full_name || me?.email || t`Account`, email: me?.email, photoUrl: me?.photo }}
      onMyProfile={() => navigate('/account')}
      onLogout={() => {
        void logout(store).then(() => navigate('/login', { replace: true }));
      }}
      accountLinks={links.map((link) => ({ imageUrl: link.path, url: link.url, alt: t`Account link` }))}
      texts={{ toggleSidebar: t`Toggle sidebar`, userMenu: t`User menu`, myProfile: t`My Profile`, logout: t`Logout` }}
    />
  );
}

/** Below Tailwind's md breakpoint (768 px): a phone, or a narrow window. */
const isNarrow = () => typeof window !== 'undefined' && window.matchMedia?.('(max-width: 767px)').matches === true;

/** Signed-in layout: header, sidebar by user type, breadcrumbs from route metadata, page. */
export function Shell({ route, children }: { route: RouteDef | null; children: ReactNode }) {
  // On a phone the sidebar would leave the page too little room: it starts closed there, and closes again once a
  // page is chosen from it.
  const [sidebarOpen, setSidebarOpen] = useState(() => !isNarrow());
  const [location] = useLocation();
  useEffect(() => {
    if (isNarrow()) setSidebarOpen(false);
  }, [location]);
  useLoadLookupValues();
  return (
    <div className="flex min-h-screen flex-col bg-background text-foreground">
      <AppHeader sidebarOpen={sidebarOpen} onToggleSidebar={() => setSidebarOpen((o) => !o)} />
      <div className="flex flex-1">
        {sidebarOpen ? <AppSidebar /> : null}
        <main className="min-w-0 flex-1 space-y-4 p-6">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <RouteBreadcrumbs route={route} />
            <div className="flex flex-wrap items-center gap-3">
              <SiteSwitcher />
              <LanguageSwitcher tone="light" />
            </div>
          </div>
          <AccessDeniedNotice />
          {children}
        </main>
      </div>
    </div>
  );
}
