import { useEffect, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { Pagination, Spinner } from '@portal/design-system';
import { useWorklist, type WorklistSection } from '../../api/worklist';
import { BulkActions } from '../../shared/worklist/BulkActions';
import { FormError } from '../../shared/forms/FormStates';
import { useTableTexts } from '../../shared/lists/table';
import { WorklistItemCard } from './WorklistItemCard';
import { useMatchBadges } from '../../api/inventoryMatches';

const PAGE_SIZE = 20;

/** What an empty section says. */
function useEmptySentences(): Record<WorklistSection, string> {
  const { t } = useLingui();
  return {
    unacknowledged: t`Every open notice has been acknowledged.`,
    awaiting: t`No acknowledged notice is waiting for your answers.`,
    overdue: t`Nothing is overdue.`,
    delegated: t`No delegate has answers outstanding.`,
    assigned: t`No open notice is assigned to you.`,
  };
}

/** "Total 12 record(s)", or "More than 100 record(s)" when the server counted only so far (it counts on as you page). */
function totalText(texts: ReturnType<typeof useTableTexts>, total: number, capped: boolean): string {
  const words = capped ? texts.totalCapped : texts.total;
  return typeof words === 'function' ? words(total) : words.replace('{n}', String(total));
}

/**
 * One section of the worklist: its notices in the server's order (Class I first, then the due date), a page at a time,
 * each opening the notice at the tab the work is done on; selected notices take the bulk actions.
 */
export function WorklistSectionList({ section }: { section: WorklistSection }) {
  const { t } = useLingui();
  const texts = useTableTexts();
  const empty = useEmptySentences();
  const [pageNumber, setPageNumber] = useState(1);
  const [selected, setSelected] = useState<number[]>([]);
  const { data, error, isLoading } = useWorklist(section, pageNumber, PAGE_SIZE);
  // Issue 38: each notice's match against the item master (a badge; notices not checked have none).
  const { data: badges } = useMatchBadges(data?.items.map((i) => i.id) ?? []);
  // A page emptied by a change (its notices left the section) gives way to the first.
  const emptiedPage = pageNumber > 1 && data?.items.length === 0;
  useEffect(() => {
    if (emptiedPage) setPageNumber(1);
  }, [emptiedPage]);

  if (error) return <FormError>{error.message || t`Unknown error`}</FormError>;
  if (!data) return isLoading ? <Spinner label={t`Loading...`} /> : null;
  if (data.items.length === 0 && pageNumber === 1) {
    return (
      <p className="rounded-md border border-dashed p-4 text-sm text-muted-foreground" data-testid="worklist-empty">
        {empty[section]}
      </p>
    );
  }
  return (
    <div className="grid gap-3">
      <BulkActions ids={selected} onDone={() => setSelected([])} />
      <ul className="grid gap-2" aria-label={t`Notices`}>
        {data.items.map((item) => (
          <WorklistItemCard
            key={item.id}
            item={item}
            match={badges?.find((b) => b.provider_communication_id === item.id)}
            section={section}
            selected={selected.includes(item.id)}
            onSelectedChange={(on) =>
              setSelected((ids) =>
                on ? [...ids.filter((id) => id !== item.id), item.id] : ids.filter((id) => id !== item.id),
              )
            }
          />
        ))}
      </ul>
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm text-muted-foreground">
        <span>{totalText(texts, data.total, data.totalCapped === true)}</span>
        <Pagination
          page={pageNumber}
          total={data.total}
          pageSize={PAGE_SIZE}
          onPageChange={setPageNumber}
          texts={texts.pagination}
        />
      </div>
    </div>
  );
}
