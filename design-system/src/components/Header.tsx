import type * as React from 'react';
import { LogOutIcon, MenuIcon, UserIcon } from 'lucide-react';
import { cn } from '../lib/cn';
import { Avatar } from './Avatar';
import { IconButton } from './Button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from './DropdownMenu';

export interface HeaderUser {
  name: string;
  email?: string;
  photoUrl?: string | null;
}

export interface HeaderOrganization {
  name: string;
  logoUrl?: string | null;
}

export interface AccountLink {
  imageUrl: string;
  url: string;
  alt: string;
}

export interface HeaderTexts {
  toggleSidebar: string;
  userMenu: string;
  myProfile: string;
  logout: string;
}

export const defaultHeaderTexts: HeaderTexts = {
  toggleSidebar: 'Toggle sidebar',
  userMenu: 'User menu',
  myProfile: 'My Profile',
  logout: 'Logout',
};

export type HeaderProps = Omit<React.ComponentProps<'header'>, 'children'> & {
  logo: React.ReactNode;
  onToggleSidebar?: () => void;
  sidebarOpen?: boolean;
  /** Not given for the operator type. */
  organisation?: HeaderOrganization | null;
  user: HeaderUser;
  onMyProfile: () => void;
  onLogout: () => void;
  /** Provider and supplier account links, shown as images opening in a new tab. */
  accountLinks?: readonly AccountLink[];
  texts?: Partial<HeaderTexts>;
};

export function Header({
  logo,
  onToggleSidebar,
  sidebarOpen,
  organisation,
  user,
  onMyProfile,
  onLogout,
  accountLinks = [],
  texts,
  className,
  ...props
}: HeaderProps) {
  const t = { ...defaultHeaderTexts, ...texts };
  return (
    <header
      data-slot="header"
      className={cn('flex h-14 items-center gap-3 bg-header px-3 text-header-foreground shadow-sm', className)}
      {...props}
    >
      {onToggleSidebar ? (
        <IconButton
          label={t.toggleSidebar}
          aria-expanded={sidebarOpen}
          onClick={onToggleSidebar}
          className="text-header-foreground hover:bg-white/15 hover:text-header-foreground"
        >
          <MenuIcon />
        </IconButton>
      ) : null}
      <div className="flex shrink-0 items-center">{logo}</div>
      {organisation ? (
        <div data-slot="header-organization" className="flex min-w-0 items-center gap-2 border-l border-white/30 pl-3">
          {organisation.logoUrl ? (
            <img src={organisation.logoUrl} alt={organisation.name} className="h-8 max-w-40 object-contain" />
          ) : (
            <span className="truncate text-sm font-medium">{organisation.name}</span>
          )}
        </div>
      ) : null}
      <div className="ml-auto flex items-center gap-3">
        {accountLinks.map((link) => (
          <a
            key={link.url}
            href={link.url}
            target="_blank"
            rel="noopener noreferrer"
            className="rounded outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60"
          >
            <img src={link.imageUrl} alt={link.alt} className="h-8 max-w-32 object-contain" />
          </a>
        ))}
        <DropdownMenu>
          <DropdownMenuTrigger className="flex items-center gap-2 rounded-full outline-none focus-visible:ring-[3px] focus-visible:ring-white/70">
            <Avatar name={user.name} src={user.photoUrl} size="sm" aria-hidden="true" />
            <span className="max-w-40 truncate text-sm max-sm:sr-only">{user.name}</span>
            <span className="sr-only">, {t.userMenu}</span>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end" className="w-56">
            <DropdownMenuLabel className="grid">
              <span className="truncate">{user.name}</span>
              {user.email ? (
                <span className="truncate text-xs font-normal text-muted-foreground">{user.email}</span>
              ) : null}
            </DropdownMenuLabel>
            <DropdownMenuSeparator />
            <DropdownMenuItem onSelect={onMyProfile}>
              <UserIcon />
              {t.myProfile}
            </DropdownMenuItem>
            <DropdownMenuItem onSelect={onLogout}>
              <LogOutIcon />
              {t.logout}
            </DropdownMenuItem>
          </DropdownMenuContent>
        </DropdownMenu>
      </div>
    </header>
  );
}
