import type * as React from 'react';
import { cn } from '../lib/cn';
import { sanitizeHtml } from '../lib/sanitize';

export interface FaqItem {
  id: string | number;
  question: string;
  /** Rich text from the editor; rendered through the one sanitiser (the editor's tags only). */
  answerHtml: string | null;
}

export type FaqListProps = React.ComponentProps<'div'> & {
  items: readonly FaqItem[];
  /** Shown when there are no items. */
  emptyText?: string;
};

/** Questions that open to show their answers (native details/summary: keyboard and screen readers for free). */
export function FaqList({ items, emptyText = 'No record found', className, ...props }: FaqListProps) {
  if (!items.length) {
    return (
      <p data-slot="faq-list-empty" className="text-sm text-muted-foreground">
        {emptyText}
      </p>
    );
  }
  return (
    <div data-slot="faq-list" className={cn('divide-y rounded-md border', className)} {...props}>
      {items.map((item) => (
        <details key={item.id} className="group p-4">
          <summary className="cursor-pointer font-medium">{item.question}</summary>
          <div
            className="mt-2 text-sm [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:my-1 [&_ul]:list-disc [&_ul]:pl-6"
            // biome-ignore lint/security/noDangerouslySetInnerHtml: the answer goes through sanitizeHtml first
            dangerouslySetInnerHTML={{ __html: sanitizeHtml(item.answerHtml, { richText: true }) }}
          />
        </details>
      ))}
    </div>
  );
}
