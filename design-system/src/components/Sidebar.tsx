import * as React from 'react';
import { Collapsible } from 'radix-ui';
import { ChevronDownIcon } from 'lucide-react';
import { cn } from '../lib/cn';
import { defaultRenderLink, type RenderLinkProps } from './Breadcrumbs';

export interface SidebarItem {
  /** What names the item whatever the language and wherever it points (its key); else its target. */
  id?: string;
  label: string;
  href?: string;
  icon?: React.ReactNode;
  children?: readonly SidebarItem[];
  /** Kept in the tree (e.g. for breadcrumbs) but not shown. */
  hidden?: boolean;
  /** Opens in a new window (help links). */
  external?: boolean;
  /** A count beside the label (e.g. what needs attention); none when 0 or absent. */
  badge?: number;
  /** What the count means, for screen readers ("5 need attention"); the number alone is shown. */
  badgeLabel?: string;
}

function SidebarBadge({ item, collapsed }: { item: SidebarItem; collapsed: boolean }) {
  if (!item.badge) return null;
  return (
    <span
      data-slot="sidebar-badge"
      className={cn(
        'ml-auto inline-flex min-w-5 items-center justify-center rounded-full bg-primary px-1.5 text-xs font-semibold text-primary-foreground',
        collapsed && 'sr-only',
      )}
    >
      <span aria-hidden={item.badgeLabel ? true : undefined}>{item.badge}</span>
      {item.badgeLabel ? <span className="sr-only">{item.badgeLabel}</span> : null}
    </span>
  );
}

export type SidebarProps = Omit<React.ComponentProps<'nav'>, 'children'> & {
  items: readonly SidebarItem[];
  /** The current path; the matching item is marked active and its groups open. */
  activeHref?: string;
  /** Called instead of following internal links. */
  onNavigate?: (href: string) => void;
  renderLink?: (props: RenderLinkProps) => React.ReactNode;
  /** Icon-only rail. */
  collapsed?: boolean;
  label?: string;
};

/**
 * A key that survives a change of language: the item's id, else what it points to (a group: its children's targets).
 * A key made of the translated label remounted every group when the words arrived, closing the groups the user had
 * opened.
 */
function itemKey(item: SidebarItem): string {
  if (item.id) return item.id;
  if (item.href) return item.href;
  if (item.children?.length) return `group:${item.children.map(itemKey).join('|')}`;
  return `label:${item.label}`;
}

function containsHref(item: SidebarItem, href: string | undefined): boolean {
  if (!href) return false;
  if (item.href === href) return true;
  return (item.children ?? []).some((child) => containsHref(child, href));
}

const itemClass =
  'flex min-h-8 w-full items-center gap-2 rounded-md px-2 py-1.5 text-left text-sm outline-none hover:bg-sidebar-accent hover:text-sidebar-accent-foreground focus-visible:ring-[3px] focus-visible:ring-ring/60 [&_svg]:size-4 [&_svg]:shrink-0';

export function Sidebar({
  items,
  activeHref,
  onNavigate,
  renderLink = defaultRenderLink,
  collapsed = false,
  label = 'Main',
  className,
  ...props
}: SidebarProps) {
  function renderItems(list: readonly SidebarItem[], depth: number): React.ReactNode {
    return list
      .filter((item) => !item.hidden)
      .map((item) => {
        const key = itemKey(item);
        if (item.children && item.children.length > 0) {
          return (
            <li key={key}>
              <SidebarGroup item={item} depth={depth} activeHref={activeHref} collapsed={collapsed}>
                {renderItems(item.children, depth + 1)}
              </SidebarGroup>
            </li>
          );
        }
        const active = item.href !== undefined && item.href === activeHref;
        const content = (
          <>
            {item.icon}
            <span className={cn('truncate', collapsed && 'sr-only')}>{item.label}</span>
            <SidebarBadge item={item} collapsed={collapsed} />
          </>
        );
        if (!item.href) return <li key={key}>{content}</li>;
        return (
          <li key={key}>
            {item.external ? (
              <a href={item.href} target="_blank" rel="noopener noreferrer" className={itemClass}>
                {content}
              </a>
            ) : (
              renderLink({
                href: item.href,
                className: cn(itemClass, active && 'bg-sidebar-accent font-semibold text-sidebar-accent-foreground'),
                'aria-current': active ? 'page' : undefined,
                onClick: (event) => {
                  if (onNavigate && item.href) {
                    event.preventDefault();
                    onNavigate(item.href);
                  }
                },
                children: content,
              })
            )}
          </li>
        );
      });
  }

  return (
    <nav
      data-slot="sidebar"
      data-collapsed={collapsed || undefined}
      aria-label={label}
      className={cn(
        'h-full overflow-y-auto border-r bg-sidebar p-2 text-sidebar-foreground',
        collapsed ? 'w-14' : 'w-64',
        className,
      )}
      {...props}
    >
      <ul className="grid gap-0.5">{renderItems(items, 0)}</ul>
    </nav>
  );
}

function SidebarGroup({
  item,
  depth,
  activeHref,
  collapsed,
  children,
}: {
  item: SidebarItem;
  depth: number;
  activeHref?: string;
  collapsed: boolean;
  children: React.ReactNode;
}) {
  const containsActive = containsHref(item, activeHref);
  const [open, setOpen] = React.useState(containsActive);
  React.useEffect(() => {
    if (containsActive) setOpen(true);
  }, [containsActive]);
  return (
    <Collapsible.Root open={open} onOpenChange={setOpen} data-slot="sidebar-group">
      <Collapsible.Trigger className={cn(itemClass, containsActive && 'font-medium')}>
        {item.icon}
        <span className={cn('flex-1 truncate', collapsed && 'sr-only')}>{item.label}</span>
        <ChevronDownIcon
          aria-hidden="true"
          className={cn('transition-transform', open && 'rotate-180', collapsed && 'hidden')}
        />
      </Collapsible.Trigger>
      <Collapsible.Content>
        <ul className="mt-0.5 grid gap-0.5 pl-3">{children}</ul>
      </Collapsible.Content>
    </Collapsible.Root>
  );
}
