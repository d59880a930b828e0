import type * as React from 'react';
import { ChevronRightIcon } from 'lucide-react';
import { cn } from '../lib/cn';

export interface BreadcrumbItem {
  label: string;
  href?: string;
}

export interface RenderLinkProps {
  href: string;
  className: string;
  children: React.ReactNode;
  onClick: (event: React.MouseEvent<HTMLAnchorElement>) => void;
  'aria-current'?: 'page';
}

/** Default link renderer: a plain anchor. Pass your router's Link through `renderLink`. */
export function defaultRenderLink({ children, ...props }: RenderLinkProps) {
  return <a {...props}>{children}</a>;
}

export type BreadcrumbsProps = React.ComponentProps<'nav'> & {
  items: readonly BreadcrumbItem[];
  /** Called instead of following the link (client-side navigation). */
  onNavigate?: (href: string) => void;
  renderLink?: (props: RenderLinkProps) => React.ReactNode;
  label?: string;
};

export function Breadcrumbs({
  items,
  onNavigate,
  renderLink = defaultRenderLink,
  label = 'Breadcrumb',
  className,
  ...props
}: BreadcrumbsProps) {
  return (
    <nav data-slot="breadcrumbs" aria-label={label} className={className} {...props}>
      <ol className="flex flex-wrap items-center gap-1.5 text-sm break-words text-muted-foreground">
        {items.map((item, index) => {
          const last = index === items.length - 1;
          return (
            <li key={`${item.label}-${index}`} className="inline-flex items-center gap-1.5">
              {last || !item.href ? (
                <span aria-current={last ? 'page' : undefined} className={cn(last && 'font-medium text-foreground')}>
                  {item.label}
                </span>
              ) : (
                renderLink({
                  href: item.href,
                  className:
                    'rounded-sm hover:text-foreground hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/60 outline-none',
                  onClick: (event) => {
                    if (onNavigate && item.href) {
                      event.preventDefault();
                      onNavigate(item.href);
                    }
                  },
                  children: item.label,
                })
              )}
              {last ? null : <ChevronRightIcon aria-hidden="true" className="size-3.5" />}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
