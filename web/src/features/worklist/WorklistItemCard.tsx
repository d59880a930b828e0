import { Link } from 'wouter';
import { Trans, useLingui } from '@lingui/react/macro';
import { Checkbox, formatDate } from '@portal/design-system';
import type { WorklistItem, WorklistSection } from '../../api/worklist';
import { useLabels } from '../../shared/words/labels';
import { DueDate } from '../../shared/worklist/DueDate';
import { OwnerName } from '../../shared/worklist/OwnerDialogs';
import { worklistItemPath } from './worklistLinks';
import type { MatchBadge } from '../../api/inventoryMatches';

/** "Likely affected: 14 units in 3 departments at 2 sites", or that the item master holds none of the product. */
function MatchLine({ match }: { match: MatchBadge }) {
  const { units, departments, sites } = match;
  return match.status === 'MATCHED' ? (
    <p className="font-medium text-destructive" data-testid="worklist-match">
      <Trans>
        Likely affected: {units} units in {departments} departments at {sites} sites
      </Trans>
    </p>
  ) : (
    <p className="text-muted-foreground" data-testid="worklist-match">
      <Trans>No match in your item master</Trans>
    </p>
  );
}

/** One notice of a worklist section, as a card (fits a phone): what it is, whose, by when, and who owns it. */
export function WorklistItemCard({
  item,
  match,
  section,
  selected,
  onSelectedChange,
}: {
  item: WorklistItem;
  /** Issue 38: the notice against the item master, when it was checked. */
  match?: MatchBadge;
  section: WorklistSection;
  selected: boolean;
  onSelectedChange: (selected: boolean) => void;
}) {
  const { t } = useLingui();
  const labels = useLabels();
  const classification = item.classification
    ? (labels.classifications[item.classification] ?? item.classification)
    : null;
  const name = item.name;
  const site = item.site_name;
  /** What the notice is, whose and where: event id, class, type, supplier, site. */
  const facts: [kind: string, text: string][] = [];
  for (const [kind, text] of [
    ['event', item.event_id],
    ['class', classification],
    ['type', labels.communicationTypes[item.type] ?? item.type],
    ['supplier', item.supplier_name],
    ['site', site ? t`Site: ${site}` : null],
  ] as const) {
    if (text) facts.push([kind, text]);
  }
  const delegate = item.delegate_email;
  return (
    <li
      className="flex gap-3 rounded-md border p-3 text-sm data-[state=selected]:bg-accent"
      data-state={selected ? 'selected' : undefined}
      data-testid="worklist-item"
    >
      <Checkbox
        className="mt-1"
        aria-label={t`Select ${name}`}
        checked={selected}
        onCheckedChange={(checked) => onSelectedChange(checked === true)}
      />
      <div className="grid min-w-0 flex-1 gap-1">
        <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
          <Link
            href={worklistItemPath(item, section)}
            className="font-medium break-words text-primary underline-offset-4 hover:underline"
          >
            {item.name}
          </Link>
          <DueDate dueDate={item.due_date} daysLeft={item.days_left} overdue={item.overdue} />
        </div>
        <p className="text-muted-foreground">
          {facts.map(([kind, fact], index) => (
            <span key={kind}>
              {index > 0 ? <span aria-hidden="true"> · </span> : null}
              {fact}
            </span>
          ))}
        </p>
        {match ? <MatchLine match={match} /> : null}
        <p className="flex flex-wrap gap-x-3 text-muted-foreground">
          <span>
            <Trans>Owner:</Trans> <OwnerName name={item.owner_name} />
          </span>
          {section === 'delegated' && delegate ? (
            <span>
              <Trans>Delegated to {delegate}</Trans>
              {item.delegated_at ? ` · ${formatDate(item.delegated_at, 'datetime')}` : ''}
            </span>
          ) : null}
        </p>
      </div>
    </li>
  );
}
