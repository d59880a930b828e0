import type { MessageDescriptor } from '@lingui/core';
import type { UserType } from '../state/token';
import { isAllowed } from '../shared/session/permissions';
import { type RouteDef, routes } from './routes';

export interface MenuItem {
  id: string;
  label: MessageDescriptor;
  path?: string;
  /** Open in a new window (help pages). */
  newWindow?: boolean;
  /** A Help entry the operator may point elsewhere: the help link's field (content's help settings) replaces `path`. */
  helpLink?: 'knowledge_base_url' | 'faq_url' | 'contact_url';
  permissions?: readonly string[];
  children?: MenuItem[];
}

/**
 * A user type's sidebar, made from the route table: each route says where it shows (`menu` in app/routes.ts), so the
 * label, path and permissions are written once, on the route.
 */
export function sidebarOf(side: UserType, table: readonly RouteDef[] = routes): MenuItem[] {
  const placed = table
    .flatMap((route) => route.menu.filter((m) => m.side === side).map((m) => ({ m, route })))
    .sort((a, b) => a.m.at - b.m.at);
  const out: MenuItem[] = [];
  for (const { m, route } of placed) {
    const item: MenuItem = {
      id: m.id,
      label: m.label ?? route.title,
      path: route.path,
      permissions: m.permissions ?? route.permissions,
      ...(m.newWindow ? { newWindow: true } : {}),
      ...(m.helpLink ? { helpLink: m.helpLink } : {}),
    };
    if (!m.group) {
      out.push(item);
      continue;
    }
    let group = out.find((g) => g.id === m.group!.id && g.children);
    if (!group) {
      group = { id: m.group.id, label: m.group.label, children: [] };
      out.push(group);
    }
    group.children!.push(item);
  }
  return out;
}

export const sidebars: Record<UserType, MenuItem[]> = {
  NOTI: sidebarOf('NOTI'),
  PROV: sidebarOf('PROV'),
  SUPP: sidebarOf('SUPP'),
};

/** Entries the user may see: groups kept when any child is allowed. */
export function visibleMenu(items: readonly MenuItem[], permissions: readonly string[]): MenuItem[] {
  const out: MenuItem[] = [];
  for (const item of items) {
    if (item.children) {
      const children = visibleMenu(item.children, permissions);
      if (children.length > 0) out.push({ ...item, children });
      continue;
    }
    if (isAllowed(permissions, item.permissions)) out.push(item);
  }
  return out;
}
