import type * as React from 'react';
import { cn } from '../lib/cn';
import { Button } from './Button';

export type NewsCardProps = Omit<React.ComponentProps<'article'>, 'title'> & {
  title: string;
  description: string;
  imageUrl?: string;
  imageAlt?: string;
  /** Called by the Read more button. */
  onReadMore?: () => void;
  /** Alternatively a link opened in a new tab. */
  href?: string;
  readMoreText?: string;
};

export function NewsCard({
  title,
  description,
  imageUrl,
  imageAlt = '',
  onReadMore,
  href,
  readMoreText = 'Read more',
  className,
  ...props
}: NewsCardProps) {
  const headingId = `news-${title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <article
      data-slot="news-card"
      aria-labelledby={headingId}
      className={cn(
        'flex w-full max-w-sm flex-col overflow-hidden rounded-lg border bg-card text-card-foreground shadow-sm',
        className,
      )}
      {...props}
    >
      {imageUrl ? <img src={imageUrl} alt={imageAlt} className="aspect-video w-full bg-muted object-cover" /> : null}
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h3 id={headingId} className="line-clamp-2 text-base font-semibold">
          {title}
        </h3>
        <p className="line-clamp-3 text-sm text-muted-foreground">{description}</p>
        <div className="mt-auto pt-2">
          {href ? (
            <Button asChild variant="link" className="px-0">
              <a href={href} target="_blank" rel="noopener noreferrer">
                {readMoreText}
              </a>
            </Button>
          ) : (
            <Button variant="link" className="px-0" onClick={onReadMore} aria-describedby={headingId}>
              {readMoreText}
            </Button>
          )}
        </div>
      </div>
    </article>
  );
}
