import { useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { Trans, useLingui } from '@lingui/react/macro';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@portal/design-system';
import { useWorklistCounts, WORKLIST_SECTIONS, type WorklistSection } from '../../api/worklist';
import { WorklistSectionList } from './WorklistSectionList';

function isSection(value: string | null): value is WorklistSection {
  return WORKLIST_SECTIONS.includes(value as WorklistSection);
}

/** A section's count beside its name (none while unknown). */
function CountBadge({ count, capped, urgent }: { count: number | undefined; capped: boolean; urgent?: boolean }) {
  if (count === undefined) return null;
  return (
    <span
      data-testid="section-count"
      className={
        urgent && count > 0
          ? 'inline-flex min-w-5 items-center justify-center rounded-full bg-destructive px-1.5 text-xs font-semibold text-destructive-foreground'
          : 'inline-flex min-w-5 items-center justify-center rounded-full bg-muted px-1.5 text-xs font-semibold text-muted-foreground'
      }
    >
      {capped ? `${count}+` : count}
    </span>
  );
}

/**
 * The provider's worklist (/provider/worklist, issue 32): the notices that need the team, in five sections — not yet
 * acknowledged, awaiting our answers, overdue, delegated and not answered, assigned to me — each with its count. The
 * section shown is kept in the address (?section=).
 */
export default function WorklistPage() {
  const { t } = useLingui();
  const [location, navigate] = useLocation();
  const requested = new URLSearchParams(useSearch()).get('section');
  const [section, setSection] = useState<WorklistSection>(isSection(requested) ? requested : 'unacknowledged');
  const { data: counts } = useWorklistCounts(true);
  const titles: Record<WorklistSection, string> = {
    unacknowledged: t`Not yet acknowledged`,
    awaiting: t`Awaiting our answers`,
    overdue: t`Overdue`,
    delegated: t`Delegated, not answered`,
    assigned: t`Assigned to me`,
  };
  return (
    <section className="grid gap-4" data-testid="worklist">
      <div className="grid gap-1">
        <h1 className="text-xl font-semibold">
          <Trans>Worklist</Trans>
        </h1>
        <p className="text-sm text-muted-foreground">
          <Trans>The notices that need your team, most urgent first: Class I, then the nearest due date.</Trans>
        </p>
      </div>
      <Tabs
        value={section}
        onValueChange={(value) => {
          if (!isSection(value)) return;
          setSection(value);
          navigate(`${location}?section=${value}`, { replace: true });
        }}
      >
        <TabsList className="flex-wrap">
          {WORKLIST_SECTIONS.map((s) => (
            <TabsTrigger key={s} value={s}>
              {titles[s]}
              <CountBadge count={counts?.[s]} capped={counts?.capped?.includes(s) === true} urgent={s === 'overdue'} />
            </TabsTrigger>
          ))}
        </TabsList>
        {WORKLIST_SECTIONS.map((s) => (
          <TabsContent key={s} value={s} className="pt-3">
            <h2 className="sr-only">{titles[s]}</h2>
            {s === section ? <WorklistSectionList section={s} /> : null}
          </TabsContent>
        ))}
      </Tabs>
    </section>
  );
}
