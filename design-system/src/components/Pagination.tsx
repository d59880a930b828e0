import type * as React from 'react';
import { ChevronLeftIcon, ChevronRightIcon } from 'lucide-react';
import { cn } from '../lib/cn';
import { isPagerHidden, pageCount, paginationItems } from '../lib/table';
import { Button } from './Button';

export interface PaginationTexts {
  label: string;
  previous: string;
  next: string;
  /** `{n}` is the page number. */
  page: string;
  more: string;
}

export const defaultPaginationTexts: PaginationTexts = {
  label: 'Pagination',
  previous: 'Previous page',
  next: 'Next page',
  page: 'Page {n}',
  more: 'More pages',
};

export type PaginationProps = Omit<React.ComponentProps<'nav'>, 'onChange'> & {
  /** 1-based current page. */
  page: number;
  total: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  texts?: Partial<PaginationTexts>;
};

/** Page buttons (at most five, two neighbours each side, first/last with ellipses); hidden when total ≤ page size. */
export function Pagination({ page, total, pageSize, onPageChange, texts, className, ...props }: PaginationProps) {
  if (isPagerHidden(total, pageSize)) return null;
  const t = { ...defaultPaginationTexts, ...texts };
  const pages = pageCount(total, pageSize);
  return (
    <nav data-slot="pagination" aria-label={t.label} className={cn('flex items-center gap-1', className)} {...props}>
      <Button
        variant="ghost"
        size="icon-sm"
        aria-label={t.previous}
        disabled={page <= 1}
        onClick={() => onPageChange(page - 1)}
      >
        <ChevronLeftIcon />
      </Button>
      {paginationItems(page, pages).map((item) =>
        typeof item === 'number' ? (
          <Button
            key={item}
            variant={item === page ? 'default' : 'ghost'}
            size="icon-sm"
            aria-label={t.page.replace('{n}', String(item))}
            aria-current={item === page ? 'page' : undefined}
            onClick={() => onPageChange(item)}
          >
            {item}
          </Button>
        ) : (
          <span key={item} aria-label={t.more} role="img" className="px-1 text-muted-foreground">
            …
          </span>
        ),
      )}
      <Button
        variant="ghost"
        size="icon-sm"
        aria-label={t.next}
        disabled={page >= pages}
        onClick={() => onPageChange(page + 1)}
      >
        <ChevronRightIcon />
      </Button>
    </nav>
  );
}
