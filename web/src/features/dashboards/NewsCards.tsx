import { useLingui } from '@lingui/react/macro';
import { NewsCard } from '@portal/design-system';
import { useNewsCards } from '../../api/content';

/** The news cards of the caller's user type (spec 000 §2 "News card"), on the dashboards; nothing when there are none. */
export function NewsCards() {
  const { t } = useLingui();
  const { data } = useNewsCards();
  if (!data?.length) return null;
  return (
    <section aria-label={t`News`} className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" data-testid="news-cards">
      {data.map((card) => (
        <NewsCard
          key={card.id}
          title={card.title}
          description={card.body ?? ''}
          imageUrl={card.file?.signed_url_review}
          href={card.link_url ?? undefined}
          readMoreText={t`Read more`}
        />
      ))}
    </section>
  );
}
