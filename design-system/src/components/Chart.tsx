import { useId } from 'react';
import type * as React from 'react';
import { cva, type VariantProps } from 'class-variance-authority';
import {
  Bar,
  BarChart as RechartsBarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Text,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { cn } from '../lib/cn';
import { useCommonWords } from '../lib/words';

/**
 * Charts themed by the design tokens (`--chart-1` … `--chart-5`, `--border`, `--muted-foreground`), drawn with
 * recharts. Every chart is a `<figure>` named by its title: the drawing is hidden from assistive technology and the
 * same numbers are in a visually hidden table, so a screen reader reads the data rather than the shapes. Values come
 * preformatted (`formatValue`), so the page formats numbers for its locale.
 */

export type ChartColor = 1 | 2 | 3 | 4 | 5;
const color = (c: ChartColor) => `var(--chart-${c})`;
const axisTick = { fill: 'var(--muted-foreground)', fontSize: 12 };

interface CategoryTickProps {
  x?: number;
  y?: number;
  width?: number;
  visibleTicksCount?: number;
  payload?: { value: string | number };
}

/**
 * A category label wrapped to its own slot: every category is named, and long words ("Not Yet Classified") wrap onto
 * a second line instead of running into the next label.
 */
function CategoryTick({ x = 0, y = 0, width = 0, visibleTicksCount = 1, payload }: CategoryTickProps) {
  const slot = Math.max(width / Math.max(visibleTicksCount, 1) - 6, 24);
  return (
    <Text x={x} y={y + 4} width={slot} maxLines={3} textAnchor="middle" verticalAnchor="start" {...axisTick}>
      {String(payload?.value ?? '')}
    </Text>
  );
}

export interface ChartSeries<K extends string = string> {
  key: K;
  label: string;
  color?: ChartColor;
}

/** A row of a chart: its label on the category axis, and one number per series key. */
export type ChartDatum = { label: string } & Record<string, number | string>;

interface FrameProps {
  title: string;
  /** Heading of the hidden table's first column (what each row is: a week, a class, a step). */
  categoryLabel?: string;
  description?: string;
  /** Shown instead of the chart when there is nothing to draw. */
  emptyText?: string;
  className?: string;
}

function ChartFrame({
  title,
  description,
  emptyText,
  empty,
  table,
  height,
  className,
  children,
}: FrameProps & {
  empty: boolean;
  table: { columns: string[]; rows: (string | number)[][] };
  height: number;
  children: React.ReactElement;
}) {
  const titleId = useId();
  const descriptionId = useId();
  const words = useCommonWords();
  return (
    <figure
      data-slot="chart"
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      className={cn('flex flex-col gap-2 rounded-lg border bg-card p-4 text-card-foreground', className)}
    >
      <figcaption className="space-y-0.5">
        <span id={titleId} className="block text-sm font-semibold">
          {title}
        </span>
        {description ? (
          <span id={descriptionId} className="block text-xs text-muted-foreground">
            {description}
          </span>
        ) : null}
      </figcaption>
      {empty ? (
        <p className="py-8 text-center text-sm text-muted-foreground">{emptyText ?? words.noData}</p>
      ) : (
        <>
          <div aria-hidden="true" style={{ height }} data-slot="chart-drawing">
            <ResponsiveContainer width="100%" height="100%">
              {children}
            </ResponsiveContainer>
          </div>
          {/* A table ignores the 1px width of sr-only and kept its own width, widening the page on a phone: the
              wrapper is the one hidden. */}
          <div className="sr-only">
            <table data-slot="chart-table">
              <caption>{title}</caption>
              <thead>
                <tr>
                  {table.columns.map((c, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: columns are positional
                    <th key={i} scope="col">
                      {c}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {table.rows.map((row) => (
                  <tr key={String(row[0])}>
                    {row.map((cell, i) =>
                      i === 0 ? (
                        <th key={`h${String(cell)}`} scope="row">
                          {cell}
                        </th>
                      ) : (
                        // biome-ignore lint/suspicious/noArrayIndexKey: cells of a row are positional
                        <td key={i}>{cell}</td>
                      ),
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </figure>
  );
}

type SeriesChartProps<K extends string> = FrameProps & {
  data: ChartDatum[];
  series: ChartSeries<K>[];
  formatValue?: (value: number) => string;
  height?: number;
};

const plain = (v: number) => String(v);

function seriesTable<K extends string>(
  data: ChartDatum[],
  series: ChartSeries<K>[],
  format: (v: number) => string,
  category = '',
) {
  return {
    columns: [category, ...series.map((s) => s.label)],
    rows: data.map((d) => [d.label, ...series.map((s) => format(Number(d[s.key] ?? 0)))]),
  };
}

/** Values over time (weeks, months): one line per series. */
export function TrendChart<K extends string>({
  data,
  series,
  formatValue = plain,
  height = 240,
  ...frame
}: SeriesChartProps<K>) {
  return (
    <ChartFrame
      {...frame}
      empty={data.length === 0}
      height={height}
      table={seriesTable(data, series, formatValue, frame.categoryLabel)}
    >
      <LineChart data={data} accessibilityLayer={false} margin={{ top: 8, right: 16, bottom: 0, left: 0 }}>
        <CartesianGrid stroke="var(--border)" strokeDasharray="3 3" />
        <XAxis dataKey="label" tick={axisTick} stroke="var(--border)" />
        <YAxis tick={axisTick} stroke="var(--border)" tickFormatter={formatValue} width={48} allowDecimals={false} />
        <Tooltip formatter={(v) => formatValue(Number(v))} />
        <Legend />
        {series.map((s, i) => (
          <Line
            key={s.key}
            type="monotone"
            dataKey={s.key}
            name={s.label}
            stroke={color(s.color ?? (((i % 5) + 1) as ChartColor))}
            strokeWidth={2}
            dot={false}
            isAnimationActive={false}
          />
        ))}
      </LineChart>
    </ChartFrame>
  );
}

/** Categories side by side (a breakdown by class, by status): one bar per series and category. */
export function BarChart<K extends string>({
  data,
  series,
  formatValue = plain,
  height = 240,
  ...frame
}: SeriesChartProps<K>) {
  return (
    <ChartFrame
      {...frame}
      empty={data.length === 0}
      height={height}
      table={seriesTable(data, series, formatValue, frame.categoryLabel)}
    >
      <RechartsBarChart data={data} accessibilityLayer={false} margin={{ top: 8, right: 16, bottom: 0, left: 0 }}>
        <CartesianGrid stroke="var(--border)" strokeDasharray="3 3" vertical={false} />
        {/* Every category is named: bar charts have a handful, and a skipped label hides which bar is which. */}
        <XAxis dataKey="label" tick={<CategoryTick />} stroke="var(--border)" interval={0} height={48} />
        <YAxis tick={axisTick} stroke="var(--border)" tickFormatter={formatValue} width={48} allowDecimals={false} />
        <Tooltip formatter={(v) => formatValue(Number(v))} cursor={{ fill: 'var(--muted)' }} />
        <Legend />
        {series.map((s, i) => (
          <Bar
            key={s.key}
            dataKey={s.key}
            name={s.label}
            fill={color(s.color ?? (((i % 5) + 1) as ChartColor))}
            radius={[3, 3, 0, 0]}
            isAnimationActive={false}
          />
        ))}
      </RechartsBarChart>
    </ChartFrame>
  );
}

export interface FunnelStep {
  label: string;
  value: number;
}

/** Steps that narrow (sent → acknowledged → completed): a horizontal bar per step, each with its share of the first. */
export function FunnelChart({
  steps,
  formatValue = plain,
  formatShare = (share) => `${Math.round(share * 100)}%`,
  valueLabel = 'Count',
  shareLabel = 'Share',
  height = 56 * 3,
  ...frame
}: FrameProps & {
  steps: FunnelStep[];
  formatValue?: (value: number) => string;
  formatShare?: (share: number) => string;
  valueLabel?: string;
  shareLabel?: string;
  height?: number;
}) {
  const first = steps[0]?.value ?? 0;
  const share = (v: number) => formatShare(first > 0 ? v / first : 0);
  const data = steps.map((s) => ({ label: s.label, value: s.value }));
  return (
    <ChartFrame
      {...frame}
      empty={first === 0}
      height={height}
      table={{
        columns: [frame.categoryLabel ?? '', valueLabel, shareLabel],
        rows: steps.map((s) => [s.label, formatValue(s.value), share(s.value)]),
      }}
    >
      <RechartsBarChart
        data={data}
        layout="vertical"
        accessibilityLayer={false}
        margin={{ top: 0, right: 56, bottom: 0, left: 8 }}
      >
        <XAxis type="number" hide domain={[0, first]} />
        <YAxis type="category" dataKey="label" tick={axisTick} stroke="var(--border)" width={112} />
        <Tooltip formatter={(v) => `${formatValue(Number(v))} (${share(Number(v))})`} cursor={false} />
        <Bar
          dataKey="value"
          fill={color(1)}
          radius={3}
          isAnimationActive={false}
          label={{
            position: 'right',
            fill: 'var(--foreground)',
            fontSize: 12,
            formatter: (v: unknown) => share(Number(v)),
          }}
        />
      </RechartsBarChart>
    </ChartFrame>
  );
}

const kpiTileVariants = cva('flex flex-col gap-1 rounded-lg border bg-card p-4 text-card-foreground', {
  variants: {
    tone: {
      default: '',
      good: 'border-l-4 border-l-success',
      warning: 'border-l-4 border-l-warning',
      bad: 'border-l-4 border-l-destructive',
    },
  },
  defaultVariants: { tone: 'default' },
});

/** One headline figure, as a description list: its label, its value (preformatted) and an optional line of context. */
export function KpiTile({
  label,
  value,
  hint,
  tone,
  className,
  ...props
}: Omit<React.ComponentProps<'dl'>, 'children'> &
  VariantProps<typeof kpiTileVariants> & { label: string; value: string; hint?: string }) {
  return (
    <dl data-slot="kpi-tile" className={cn(kpiTileVariants({ tone }), className)} {...props}>
      <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
      <dd className="text-2xl font-semibold tabular-nums">{value}</dd>
      {hint ? <dd className="text-xs text-muted-foreground">{hint}</dd> : null}
    </dl>
  );
}

export { kpiTileVariants };
