import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { BarChart, FunnelChart, KpiTile, TrendChart } from './Chart';

const weeks = [
  { label: 'Oct 6', sent: 120, acknowledged: 96, completed: 60 },
  { label: 'Oct 13', sent: 180, acknowledged: 150, completed: 101 },
  { label: 'Oct 20', sent: 90, acknowledged: 81, completed: 70 },
  { label: 'Oct 27', sent: 210, acknowledged: 160, completed: 98 },
];
const series = [
  { key: 'sent', label: 'Sent', color: 1 as const },
  { key: 'acknowledged', label: 'Acknowledged', color: 2 as const },
  { key: 'completed', label: 'Completed', color: 3 as const },
];

const meta = {
  title: 'Data/Chart',
  component: TrendChart,
  args: { title: 'Notices per week', description: 'Provider communications sent each week', data: weeks, series },
} satisfies Meta<typeof TrendChart>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Trend: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const figure = canvas.getByRole('figure', { name: 'Notices per week' });
    await expect(figure).toHaveAccessibleDescription('Provider communications sent each week');
    // The numbers are there as a table for screen readers.
    const table = within(figure).getByRole('table', { name: 'Notices per week' });
    await expect(within(table).getByRole('rowheader', { name: 'Oct 13' })).toBeInTheDocument();
    await expect(within(table).getByRole('cell', { name: '150' })).toBeInTheDocument();
  },
};

export const TrendEmpty: Story = {
  args: { data: [], emptyText: 'Nothing was sent in this period' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Nothing was sent in this period')).toBeInTheDocument();
    await expect(canvas.queryByRole('table')).toBeNull();
  },
};

export const Breakdown: Story = {
  render: () => (
    <BarChart
      title="By recall class"
      data={[
        { label: 'Class I', sent: 400, acknowledged: 310, completed: 200 },
        { label: 'Class II', sent: 220, acknowledged: 190, completed: 150 },
        { label: 'Class III', sent: 40, acknowledged: 12, completed: 5 },
      ]}
      series={series}
      formatValue={(v) => v.toLocaleString('en-US')}
    />
  ),
  play: async ({ canvasElement }) => {
    const figure = within(canvasElement).getByRole('figure', { name: 'By recall class' });
    await expect(within(figure).getByRole('rowheader', { name: 'Class III' })).toBeInTheDocument();
  },
};

export const Funnel: Story = {
  render: () => (
    <FunnelChart
      title="From sent to completed"
      steps={[
        { label: 'Sent', value: 1000 },
        { label: 'Acknowledged', value: 750 },
        { label: 'Completed', value: 375 },
      ]}
      formatValue={(v) => v.toLocaleString('en-US')}
    />
  ),
  play: async ({ canvasElement }) => {
    const table = within(canvasElement).getByRole('table', { name: 'From sent to completed' });
    await expect(within(table).getByRole('cell', { name: '38%' })).toBeInTheDocument();
    await expect(within(table).getByRole('cell', { name: '1,000' })).toBeInTheDocument();
  },
};

export const FunnelEmpty: Story = {
  render: () => (
    <FunnelChart title="From sent to completed" steps={[{ label: 'Sent', value: 0 }]} emptyText="No data" />
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('No data')).toBeInTheDocument();
  },
};

export const Tiles: Story = {
  render: () => (
    <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
      <KpiTile label="Sent" value="1,000" />
      <KpiTile label="Acknowledgement rate" value="75.0%" hint="750 of 1,000" tone="good" />
      <KpiTile label="Completion rate" value="37.5%" tone="warning" />
      <KpiTile label="Median time to acknowledge" value="3.5 h" hint="90th percentile 19 h" tone="bad" />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const rate = within(canvasElement).getByText('Acknowledgement rate');
    await expect(rate.nextElementSibling).toHaveTextContent('75.0%');
  },
};

export const Vietnamese: Story = {
  args: {
    title: 'Thông báo mỗi tuần',
    description: 'Số thông báo gửi đến nhà cung cấp dịch vụ mỗi tuần',
    series: [
      { key: 'sent', label: 'Đã gửi', color: 1 },
      { key: 'acknowledged', label: 'Đã xác nhận', color: 2 },
      { key: 'completed', label: 'Đã hoàn thành', color: 3 },
    ],
    formatValue: (v: number) => v.toLocaleString('vi-VN'),
  },
};
