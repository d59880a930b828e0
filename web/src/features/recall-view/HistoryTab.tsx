import { useLingui } from '@lingui/react/macro';
import { Spinner } from '@portal/design-system';
import { useHistories, type HistoryEntry } from '../../api/communications';
import { vocabularyLocale } from '../../shared/words/labels';
import { historySentence } from '@portal/vocabulary';
import { formatDate } from '../../shared/lists/table';

export function HistoryTab({ id }: { id: number }) {
  const { data } = useHistories(id);
  return <HistoryList entries={data} />;
}

export function HistoryList({ entries: data }: { entries: HistoryEntry[] | undefined }) {
  const { t, i18n } = useLingui();
  if (!data) return <Spinner label={t`Loading...`} />;
  const locale = vocabularyLocale(i18n.locale);
  return (
    <ol className="divide-y rounded-md border text-sm">
      {data.map((h: HistoryEntry) => (
        <li key={h.id} className="flex flex-wrap justify-between gap-2 p-2">
          <span>
            {historySentence({ action: h.action, facts: h.facts, actor: h.actor_name ?? h.actor_email }, locale)}
          </span>
          <span className="text-muted-foreground">{formatDate(h.created_at)}</span>
        </li>
      ))}
    </ol>
  );
}
