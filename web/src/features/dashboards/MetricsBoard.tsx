import { useMemo } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { BarChart, FunnelChart, KpiTile, SimpleSelect, Spinner, TrendChart } from '@portal/design-system';
import type { Metrics, MetricsFilters, MetricsPeriod } from '../../api/metrics';
import { useLabels } from '../../shared/words/labels';

/** Numbers, rates and durations in the active language (Vietnamese: 1.234,5; English: 1,234.5). */
export function useMetricFormat() {
  const { i18n } = useLingui();
  const locale = i18n.locale === 'vi' ? 'vi-VN' : 'en-US';
  return useMemo(() => {
    const integer = new Intl.NumberFormat(locale);
    const share = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 });
    const unit = (u: 'minute' | 'hour' | 'day') =>
      new Intl.NumberFormat(locale, { style: 'unit', unit: u, unitDisplay: 'short', maximumFractionDigits: 1 });
    const units = { minute: unit('minute'), hour: unit('hour'), day: unit('day') };
    return {
      locale,
      number: (n: number) => integer.format(n),
      /** A rate the server sends as a percentage with one decimal (75.5 = 75.5%). */
      rate: (percent: number) => share.format(percent / 100),
      share: (fraction: number) => share.format(fraction),
      /** Seconds as minutes, hours or days, whichever reads best; a dash when unknown. */
      duration: (seconds: number | null) => {
        if (seconds === null) return '–';
        if (seconds < 3600) return units.minute.format(seconds / 60);
        if (seconds < 48 * 3600) return units.hour.format(seconds / 3600);
        return units.day.format(seconds / 86400);
      },
      /** The first day of a week or month of a trend. */
      bucket: (start: string, granularity: 'week' | 'month') =>
        new Intl.DateTimeFormat(
          locale,
          granularity === 'week'
            ? { day: 'numeric', month: 'short', timeZone: 'UTC' }
            : { month: 'short', year: 'numeric', timeZone: 'UTC' },
        ).format(new Date(`${start}T00:00:00Z`)),
    };
  }, [locale]);
}

export function usePeriodOptions(): { value: MetricsPeriod; label: string }[] {
  const { t } = useLingui();
  return [
    { value: 'LAST_30_DAYS', label: t`Last 30 days` },
    { value: 'LAST_90_DAYS', label: t`Last 90 days` },
    { value: 'LAST_12_MONTHS', label: t`Last 12 months` },
    { value: 'ALL', label: t`All time` },
  ];
}

const ALL = 'ALL';

/** A filter select whose "all" choice is a value of its own (Radix selects take no empty value). */
export function FilterSelect({
  label,
  value,
  options,
  allLabel,
  onChange,
}: {
  label: string;
  value: string | undefined;
  options: { value: string; label: string }[];
  allLabel?: string;
  onChange: (value: string | undefined) => void;
}) {
  const choices = allLabel ? [{ value: ALL, label: allLabel }, ...options] : options;
  return (
    <div className="flex min-w-44 flex-col gap-1">
      <span className="text-xs font-medium text-muted-foreground">{label}</span>
      <SimpleSelect
        aria-label={label}
        value={value ?? ALL}
        options={choices}
        onValueChange={(v) => onChange(v === ALL ? undefined : v)}
      />
    </div>
  );
}

/** The period and type filters every dashboard offers. */
export function PeriodTypeFilters({
  filters,
  onChange,
}: {
  filters: MetricsFilters;
  onChange: (filters: MetricsFilters) => void;
}) {
  const { t } = useLingui();
  const labels = useLabels();
  const periods = usePeriodOptions();
  return (
    <>
      <FilterSelect
        label={t`Period`}
        value={filters.period ?? 'LAST_90_DAYS'}
        options={periods}
        onChange={(period) => onChange({ ...filters, period: period as MetricsPeriod })}
      />
      <FilterSelect
        label={t`Type`}
        value={filters.type}
        allLabel={t`All types`}
        options={[
          { value: 'RECALL', label: labels.communicationTypes.RECALL ?? 'RECALL' },
          {
            value: 'PRODUCT DISRUPTION',
            label: labels.communicationTypes['PRODUCT DISRUPTION'] ?? 'PRODUCT DISRUPTION',
          },
        ]}
        onChange={(type) => onChange({ ...filters, type: type as MetricsFilters['type'] })}
      />
    </>
  );
}

function SlowestProviders({ rows }: { rows: Metrics['slowest_providers'] }) {
  const { t } = useLingui();
  const f = useMetricFormat();
  return (
    <section className="space-y-2 rounded-lg border bg-card p-4" aria-label={t`Slowest providers to respond`}>
      <h3 className="text-sm font-semibold">
        <Trans>Slowest providers to respond</Trans>
      </h3>
      {rows.length ? (
        <table className="w-full text-sm" data-testid="slowest-providers">
          <thead>
            <tr className="text-left text-muted-foreground">
              <th className="py-1">
                <Trans>Provider</Trans>
              </th>
              <th className="text-right">
                <Trans>Sent</Trans>
              </th>
              <th className="text-right">
                <Trans>Acknowledgement rate</Trans>
              </th>
              <th className="text-right">
                <Trans>Median time to acknowledge</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((p) => (
              <tr key={p.id} className="border-t">
                <td className="py-1">{p.name}</td>
                <td className="text-right tabular-nums">{f.number(p.sent)}</td>
                <td className="text-right tabular-nums">{f.rate(p.acknowledgement_rate)}</td>
                <td className="text-right tabular-nums">
                  {p.median_acknowledgement === null ? t`Not acknowledged yet` : f.duration(p.median_acknowledgement)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="text-sm text-muted-foreground">
          <Trans>No record found</Trans>
        </p>
      )}
    </section>
  );
}

function Effectiveness({ data }: { data: NonNullable<Metrics['effectiveness']> }) {
  const { t } = useLingui();
  const f = useMetricFormat();
  const levels = (['A', 'B', 'C', 'D', 'E'] as const).map((level) => ({ label: level, recalls: data.levels[level] }));
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <BarChart
        title={t`FDA effectiveness level of open recalls`}
        description={t`A: every consignee acknowledged; B: more than 10%; C: 10%; D: 2% or more; E: less`}
        categoryLabel={t`Level`}
        data={levels}
        series={[{ key: 'recalls', label: t`Open recalls`, color: 1 }]}
        formatValue={f.number}
        emptyText={t`No open recalls`}
      />
      <section className="space-y-2 rounded-lg border bg-card p-4" aria-label={t`Open recalls`}>
        <h3 className="text-sm font-semibold">
          <Trans>Open recalls</Trans>
        </h3>
        {data.recalls.length ? (
          <table className="w-full text-sm" data-testid="effectiveness-recalls">
            <thead>
              <tr className="text-left text-muted-foreground">
                <th className="py-1 pr-3">
                  <Trans>Name</Trans>
                </th>
                <th className="pr-3">
                  <Trans>Supplier</Trans>
                </th>
                <th className="pr-3 text-right">
                  <Trans>Acknowledged</Trans>
                </th>
                <th className="text-right">
                  <Trans>Level</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {data.recalls.map((r) => (
                <tr key={r.id} className="border-t">
                  <td className="py-1 pr-3">{r.name}</td>
                  <td className="pr-3">{r.supplier_name}</td>
                  <td className="pr-3 text-right tabular-nums">
                    {f.number(r.acknowledged)} / {f.number(r.consignees)}
                  </td>
                  <td className="text-right font-semibold">{r.level}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <p className="text-sm text-muted-foreground">
            <Trans>No open recalls</Trans>
          </p>
        )}
      </section>
    </div>
  );
}

/** Every figure of a dashboard: headline tiles, then trend, funnel, breakdowns, delivery, slow providers, FDA levels. */
export function MetricsBoard({ data }: { data: Metrics }) {
  const { t } = useLingui();
  const f = useMetricFormat();
  const labels = useLabels();
  const flow = [
    { key: 'sent' as const, label: t`Sent`, color: 1 as const },
    { key: 'acknowledged' as const, label: t`Acknowledged`, color: 2 as const },
    { key: 'completed' as const, label: t`Completed`, color: 3 as const },
  ];
  const { notices, response_times: times, emails } = data;
  const sent = f.number(notices.sent);
  const ofSent = (part: number) => {
    const count = f.number(part);
    return t`${count} of ${sent}`;
  };
  const p90Hint = (seconds: number | null) => {
    const p90 = f.duration(seconds);
    return t`90th percentile: ${p90}`;
  };
  const notices_ = data.events.unit === 'notices';
  const statusRows = Object.entries(data.events.by_status).map(([status, n]) => ({
    label: labels.statuses[status] ?? status,
    count: n,
  }));
  // No class yet and "Not Yet Classified" are one thing to a reader: one row, under the vocabulary's word.
  const classRows: { label: string; events: number; sent: number; acknowledged: number; completed: number }[] = [];
  for (const c of data.by_class) {
    const code = c.classification || 'NOT_YET_CLASSIFIED';
    const label = labels.classifications[code] ?? code;
    const row = classRows.find((r) => r.label === label);
    if (row) {
      row.events += c.events;
      row.sent += c.sent;
      row.acknowledged += c.acknowledged;
      row.completed += c.completed;
    } else
      classRows.push({ label, events: c.events, sent: c.sent, acknowledged: c.acknowledged, completed: c.completed });
  }
  const emailRows = [
    { label: t`Sent`, emails: emails.sent },
    { label: t`Delivered`, emails: emails.delivered },
    { label: t`Opened`, emails: emails.opened },
    { label: t`Clicked`, emails: emails.clicked },
    { label: t`Bounced`, emails: emails.bounced },
    { label: t`Error`, emails: emails.error },
  ];
  return (
    <div className="space-y-4" data-testid="metrics-board">
      <div className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-6">
        <KpiTile
          label={notices_ ? t`Notices received` : t`Events`}
          value={f.number(data.events.total)}
          data-testid="kpi-events"
        />
        <KpiTile label={t`Provider communications sent`} value={f.number(notices.sent)} data-testid="kpi-sent" />
        <KpiTile
          label={t`Acknowledgement rate`}
          value={f.rate(notices.acknowledgement_rate)}
          hint={ofSent(notices.acknowledged)}
          data-testid="kpi-ack-rate"
        />
        <KpiTile
          label={t`Completion rate`}
          value={f.rate(notices.completion_rate)}
          hint={ofSent(notices.completed)}
          data-testid="kpi-completion-rate"
        />
        <KpiTile
          label={t`Median time to acknowledge`}
          value={f.duration(times.acknowledgement.median)}
          hint={p90Hint(times.acknowledgement.p90)}
          data-testid="kpi-ack-time"
        />
        <KpiTile
          label={t`Median time to complete`}
          value={f.duration(times.completion.median)}
          hint={p90Hint(times.completion.p90)}
          data-testid="kpi-completion-time"
        />
      </div>
      <div className="grid gap-4 lg:grid-cols-3">
        <TrendChart
          className="lg:col-span-2"
          title={data.scope.granularity === 'week' ? t`Notices per week` : t`Notices per month`}
          description={t`Provider communications by the week or month they were sent, and how many were acknowledged and completed`}
          categoryLabel={data.scope.granularity === 'week' ? t`Week` : t`Month`}
          data={data.trend.map((p) => ({ ...p, label: f.bucket(p.start, data.scope.granularity) }))}
          series={flow}
          formatValue={f.number}
          emptyText={t`Nothing was sent in this period`}
        />
        <FunnelChart
          title={t`From sent to completed`}
          categoryLabel={t`Step`}
          valueLabel={t`Count`}
          shareLabel={t`Share of sent`}
          steps={[
            { label: t`Sent`, value: notices.sent },
            { label: t`Acknowledged`, value: notices.acknowledged },
            { label: t`Completed`, value: notices.completed },
          ]}
          formatValue={f.number}
          formatShare={f.share}
          emptyText={t`Nothing was sent in this period`}
        />
      </div>
      <div className="grid gap-4 lg:grid-cols-3">
        <BarChart
          title={notices_ ? t`Notices by status` : t`Events by status`}
          categoryLabel={t`Status`}
          data={statusRows}
          series={[{ key: 'count', label: notices_ ? t`Notices` : t`Events`, color: 1 }]}
          formatValue={f.number}
        />
        <BarChart
          title={t`By recall class`}
          categoryLabel={t`Class`}
          data={classRows}
          series={notices_ ? flow : [{ key: 'events', label: t`Events`, color: 4 }, ...flow]}
          formatValue={f.number}
          emptyText={t`No record found`}
        />
        <BarChart
          title={t`Email delivery`}
          description={t`Notice emails to recipients and what became of them`}
          categoryLabel={t`Outcome`}
          data={emailRows}
          series={[{ key: 'emails', label: t`Emails`, color: 2 }]}
          formatValue={f.number}
        />
      </div>
      <SlowestProviders rows={data.slowest_providers} />
      {data.effectiveness ? <Effectiveness data={data.effectiveness} /> : null}
    </div>
  );
}

/** The board, or its loading and error states. */
export function MetricsState({
  data,
  error,
  isLoading,
}: {
  data: Metrics | undefined;
  error: { message: string } | undefined;
  isLoading: boolean;
}) {
  const { t } = useLingui();
  if (error)
    return (
      <p role="alert" className="text-sm text-destructive">
        {error.message}
      </p>
    );
  if (isLoading || !data) return <Spinner label={t`Loading...`} />;
  return <MetricsBoard data={data} />;
}
