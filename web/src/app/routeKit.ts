import { type ComponentType, createElement } from 'react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { UserType } from '../state/token';

/** The route table's vocabulary: what a route is, how rows are written, and the sidebars' groups. */

/** plain: public pages without the shell; custom: public forms with their own layout; shell: header + sidebar. */
export type Layout = 'plain' | 'custom' | 'shell';

export interface Crumb {
  label: MessageDescriptor;
  path?: string;
}

export type PageLoader = () => Promise<{ default: ComponentType }>;

/**
 * A page that is a feature's component shown with `props`: one component serves several routes (recalls and
 * advisories, supplier and provider), so the route says which, and no file exists only to pass them.
 */
export function withProps<P extends object>(load: () => Promise<ComponentType<P>>, props: P): PageLoader {
  return () => load().then((Page) => ({ default: () => createElement(Page, props) }));
}

export interface RouteDef {
  path: string;
  title: MessageDescriptor;
  /** Breadcrumb after Home; the last entry is the page itself. */
  breadcrumb: Crumb[];
  /** Any of these is enough; ['*'] means any permission at all. */
  permissions?: readonly string[];
  userType?: UserType;
  public?: boolean;
  layout: Layout;
  /** Page component; routes without one show the "coming soon" page named by the title. */
  page?: PageLoader;
  /** Its entries in the sidebars (none: reached from another page). */
  menu: MenuPlacement[];
}

/** A group of a sidebar: an entry that opens to show its children. */
export interface MenuGroup {
  id: string;
  label: MessageDescriptor;
}

/** Where a route shows in a sidebar. The sidebars are made from these (app/sidebars.ts), in `at` order. */
export interface MenuPlacement {
  /** The sidebar: the route's own user type unless it is open to every type (help pages). */
  side?: UserType;
  id: string;
  /** Position in that sidebar; a group sits where its first entry does. */
  at: number;
  group?: MenuGroup;
  /** The sidebar's word, when it is not the page title. */
  label?: MessageDescriptor;
  /** Help entries only: who sees the entry (the pages themselves are open to every user). */
  permissions?: readonly string[];
  newWindow?: boolean;
  /** A help entry whose address the operator may set (content's help settings) instead of `path`. */
  helpLink?: 'knowledge_base_url' | 'faq_url' | 'contact_url';
}

interface Options {
  permissions?: readonly string[];
  parent?: Crumb;
  page?: PageLoader;
  menu?: MenuPlacement | MenuPlacement[];
}

function make(layout: Layout, isPublic: boolean, userType?: UserType) {
  return (path: string, title: MessageDescriptor, options: Options = {}): RouteDef => ({
    path,
    title,
    breadcrumb: options.parent ? [options.parent, { label: title }] : [{ label: title }],
    permissions: options.permissions,
    userType,
    public: isPublic,
    layout,
    page: options.page,
    menu: (Array.isArray(options.menu) ? options.menu : options.menu ? [options.menu] : []).map((m) => ({
      ...m,
      side: m.side ?? userType,
    })),
  });
}

export const plain = make('plain', true);
export const form = make('custom', true);
export const any = make('shell', false);
export const operator = make('shell', false, 'NOTI');
export const provider = make('shell', false, 'PROV');
export const supplier = make('shell', false, 'SUPP');

/** Groups of the sidebars (a group sits where its first entry does). */
export const fdaGroup: MenuGroup = { id: 'fda', label: msg`FDA` };
export const organizationSettings: MenuGroup = { id: 'organization-settings', label: msg`Organization Settings` };
export const recallSettings: MenuGroup = { id: 'recall-settings', label: msg`Recall Settings` };
export const advisorySettings: MenuGroup = { id: 'advisory-settings', label: msg`Advisory Settings` };
export const locationManagement: MenuGroup = { id: 'location-management', label: msg`Location Management` };
export const help: MenuGroup = { id: 'help', label: msg`Help` };
