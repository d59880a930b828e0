import { useState, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { useAtom, useAtomValue, useStore } from 'jotai';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  Avatar,
  Breadcrumbs,
  Button,
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@portal/design-system';
import type { RouteDef } from './routes';
import { sidebars, visibleMenu, type MenuItem } from './sidebars';
import { authAtom } from '../state/auth';
import { useMe } from '../api/me';
import { useAccountLinks } from '../api/quickLinks';
import { logout } from './authActions';
import { activateLocale, LANGUAGES } from './i18n';
import { localeAtom } from '../state/preferences';
import { PRODUCT_NAME } from './product';
import { AccessDeniedNotice } from './AccessDeniedNotice';

function isActive(item: MenuItem, location: string): boolean {
  return !!item.path && (location === item.path || location.startsWith(`${item.path}/`));
}

function SidebarLink({ item, location }: { item: MenuItem; location: string }) {
  const { i18n } = useLingui();
  const label = i18n._(item.label);
  const className =
    'block rounded-md px-3 py-1.5 text-sm hover:bg-sidebar-accent hover:text-sidebar-accent-foreground data-[active=true]:bg-sidebar-accent data-[active=true]:font-medium';
  if (item.newWindow && item.path) {
    return (
      <a href={item.path} target="_blank" rel="noopener noreferrer" className={className}>
        {label}
      </a>
    );
  }
  return (
    <Link href={item.path ?? '/'} className={className} data-active={isActive(item, location)}>
      {label}
    </Link>
  );
}

export function AppSidebar() {
  const { userType, permissions } = useAtomValue(authAtom);
  const [location] = useLocation();
  const { i18n, t } = useLingui();
  const items = userType ? visibleMenu(sidebars[userType], permissions) : [];
  return (
    <nav aria-label={t`Main menu`} data-testid="sidebar" className="space-y-1 p-3">
      {items.map((item) =>
        item.children ? (
          <div key={item.id} role="group" aria-label={i18n._(item.label)} className="pt-3">
            <p className="px-3 pb-1 text-xs font-semibold uppercase tracking-wide text-muted-foreground">
              {i18n._(item.label)}
            </p>
            {item.children.map((child) => (
              <SidebarLink key={child.id} item={child} location={location} />
            ))}
          </div>
        ) : (
          <SidebarLink key={item.id} item={item} location={location} />
        ),
      )}
    </nav>
  );
}

function RouteBreadcrumbs({ route }: { route: RouteDef | null }) {
  const { i18n, t } = useLingui();
  if (!route) return null;
  const items = [
    { label: t`Home`, href: '/' },
    ...route.breadcrumb.map((crumb) => ({ label: i18n._(crumb.label), href: crumb.path })),
  ];
  return (
    <Breadcrumbs
      items={items}
      label={t`Breadcrumb`}
      renderLink={({ href, className, children, 'aria-current': ariaCurrent }) => (
        <Link href={href} className={className} aria-current={ariaCurrent}>
          {children}
        </Link>
      )}
    />
  );
}

function UserMenu() {
  const { t, i18n } = useLingui();
  const { data: me } = useMe();
  const store = useStore();
  const [, navigate] = useLocation();
  const [locale, setLocale] = useAtom(localeAtom);
  const name = me?.full_name || me?.email || t`Account`;
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" className="text-header-foreground hover:bg-white/10 hover:text-header-foreground" data-testid="user-menu">
          <Avatar name={name} src={me?.photo} size="sm" />
          <span className="hidden sm:inline">{name}</span>
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-56">
        <DropdownMenuLabel className="truncate">{me?.email ?? name}</DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => navigate('/account')}>
          <Trans>My Profile</Trans>
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuLabel className="text-xs text-muted-foreground">
          <Trans>Language</Trans>
        </DropdownMenuLabel>
        {LANGUAGES.map((language) => (
          <DropdownMenuItem
            key={language.locale}
            aria-current={language.locale === locale ? 'true' : undefined}
            onSelect={() => {
              setLocale(language.locale);
              void activateLocale(language.locale);
            }}
          >
            <span aria-hidden="true" className="w-4">
              {language.locale === locale ? '✓' : ''}
            </span>
            {i18n._(language.label)}
          </DropdownMenuItem>
        ))}
        <DropdownMenuSeparator />
        <DropdownMenuItem
          variant="destructive"
          onSelect={() => {
            void logout(store).then(() => navigate('/login', { replace: true }));
          }}
        >
          <Trans>Logout</Trans>
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

function AppHeader({ onToggleSidebar }: { onToggleSidebar: () => void }) {
  const { t } = useLingui();
  const { userType } = useAtomValue(authAtom);
  const { data: me } = useMe();
  const links = useAccountLinks();
  const organization = me?.organization;
  return (
    <header className="flex h-14 items-center gap-3 bg-header px-4 text-header-foreground" data-testid="app-header">
      <Button variant="ghost" size="icon" className="text-header-foreground" aria-label={t`Toggle sidebar`} onClick={onToggleSidebar}>
        <span aria-hidden="true">☰</span>
      </Button>
      <Link href="/" className="text-lg font-semibold tracking-tight">
        {PRODUCT_NAME}
      </Link>
      {userType !== 'NOTI' && organization ? (
        <span className="ml-4 flex items-center gap-2 text-sm" data-testid="organization-name">
          {organization.profile_photo ? (
            <img src={organization.profile_photo} alt="" className="size-7 rounded object-cover" />
          ) : null}
          {organization.name}
        </span>
      ) : null}
      <div className="ml-auto flex items-center gap-2">
        {links.map((link) => (
          <a key={`${link.url}-${link.path}`} href={link.url} target="_blank" rel="noopener noreferrer">
            <img src={link.path} alt={t`Account link`} className="h-8 w-auto" />
          </a>
        ))}
        <UserMenu />
      </div>
    </header>
  );
}

/** Signed-in layout: header, sidebar by user type, breadcrumbs from route metadata, page. */
export function Shell({ route, children }: { route: RouteDef | null; children: ReactNode }) {
  const [sidebarOpen, setSidebarOpen] = useState(true);
  return (
    <div className="flex min-h-screen flex-col bg-background text-foreground">
      <AppHeader onToggleSidebar={() => setSidebarOpen((o) => !o)} />
      <div className="flex flex-1">
        {sidebarOpen ? (
          <aside className="w-64 shrink-0 border-r bg-sidebar text-sidebar-foreground">
            <AppSidebar />
          </aside>
        ) : null}
        <main className="flex-1 space-y-4 p-6">
          <RouteBreadcrumbs route={route} />
          <AccessDeniedNotice />
          {children}
        </main>
      </div>
    </div>
  );
}
