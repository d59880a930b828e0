import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { StatusLabel } from './StatusLabel';
import { statusVocabularies, type StatusKind } from '../lib/status';

const meta = {
  title: 'Data/StatusLabel',
  component: StatusLabel,
  args: { status: 'VERIFICATION', kind: 'user' },
} satisfies Meta<typeof StatusLabel>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Verification Email Sent')).toHaveAttribute('data-tone', 'info');
  },
};

export const AllVocabularies: Story = {
  render: () => (
    <div className="grid gap-3">
      {(Object.keys(statusVocabularies) as StatusKind[]).map((kind) => (
        <div key={kind} className="flex flex-wrap items-center gap-2" data-kind={kind}>
          <span className="w-28 text-xs text-muted-foreground">{kind}</span>
          {Object.keys(statusVocabularies[kind]).map((status) => (
            <StatusLabel key={status} status={status} kind={kind} />
          ))}
        </div>
      ))}
    </div>
  ),
  play: async ({ canvasElement }) => {
    const row = (kind: string) =>
      within(canvasElement.querySelector<HTMLElement>(`[data-kind="${kind}"]`) ?? canvasElement);
    await expect(row('communication').getAllByText('Sent')).toHaveLength(4);
    await expect(row('communication').queryByText('NA')).toBeNull();
    await expect(row('response').getAllByText('In Progress')).toHaveLength(2);
    await expect(row('classification').getByText('Class I')).toBeInTheDocument();
    await expect(row('record').getByText('Deactivated')).toHaveAttribute('data-status', 'INACTIVE');
  },
};

export const Hidden: Story = {
  args: { status: 'NA', kind: 'communication' },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('[data-slot="status-label"]')).toBeNull();
  },
};

export const ColourLabels: Story = {
  render: () => (
    <div className="flex gap-2">
      <StatusLabel status="RED" kind="color" />
      <StatusLabel status="GREEN" kind="color" />
      <StatusLabel status="YELLOW" kind="color" />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Red')).toHaveAttribute('data-tone', 'danger');
    await expect(canvas.getByText('Green')).toHaveAttribute('data-tone', 'success');
    await expect(canvas.getByText('Yellow')).toHaveAttribute('data-tone', 'warning');
  },
};

export const Vietnamese: Story = {
  args: { status: 'INACTIVE', kind: 'record', labels: { INACTIVE: 'Đã vô hiệu hóa' } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Đã vô hiệu hóa')).toBeInTheDocument();
  },
};
