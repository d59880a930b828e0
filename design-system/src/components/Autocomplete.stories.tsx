import * as React from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { Autocomplete, type AutocompleteOption, type AutocompleteProps } from './Autocomplete';

const suppliers: AutocompleteOption[] = [
  { value: '1', label: 'Acme Medical' },
  { value: '2', label: 'Acme Devices' },
  { value: '3', label: 'Globex Pharma' },
];

/** The page's role: on search, set loading, then supply the matching options. */
function Searching(props: AutocompleteProps & { delayMs?: number }) {
  const [options, setOptions] = React.useState<AutocompleteOption[]>([]);
  const [loading, setLoading] = React.useState(false);
  return (
    <Autocomplete
      {...props}
      options={options}
      loading={loading}
      onSearch={(query) => {
        props.onSearch(query);
        setLoading(true);
        setTimeout(() => {
          setOptions(suppliers.filter((s) => s.label.toLowerCase().includes(query.toLowerCase())));
          setLoading(false);
        }, props.delayMs ?? 150);
      }}
    />
  );
}

const meta = {
  title: 'Forms/Autocomplete',
  component: Autocomplete,
  args: { options: [], onSearch: fn(), onSelect: fn(), 'aria-label': 'Supplier', placeholder: 'Type a supplier' },
  render: (args) => <Searching {...args} />,
  decorators: [(Story) => <div className="h-64 w-72">{Story()}</div>],
} satisfies Meta<typeof Autocomplete>;

export default meta;
type Story = StoryObj<typeof meta>;

export const SearchAndPick: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByRole('combobox', { name: 'Supplier' });
    await userEvent.click(input);
    // Pasted in one go so the single debounced search does not depend on typing speed.
    await userEvent.paste('acme');
    await waitFor(() => expect(canvas.getByRole('status', { name: 'Loading results...' })).toBeInTheDocument());
    await expect(args.onSearch).toHaveBeenCalledTimes(1);
    await expect(args.onSearch).toHaveBeenCalledWith('acme');
    await waitFor(() => expect(canvas.getAllByRole('option')).toHaveLength(2));
    await userEvent.click(canvas.getByRole('option', { name: 'Acme Devices' }));
    await expect(args.onSelect).toHaveBeenCalledWith({ value: '2', label: 'Acme Devices' });
    await expect(input).toHaveValue('Acme Devices');
    await expect(input).toHaveAttribute('aria-expanded', 'false');
  },
};

export const Keyboard: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByRole('combobox', { name: 'Supplier' });
    await userEvent.type(input, 'a');
    await waitFor(() => expect(canvas.getAllByRole('option')).toHaveLength(3));
    await expect(canvas.getAllByRole('option')[0]).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    await expect(input.getAttribute('aria-activedescendant')).toBe(
      canvas.getByRole('option', { name: 'Globex Pharma' }).id,
    );
    await userEvent.keyboard('{Enter}');
    await expect(args.onSelect).toHaveBeenCalledWith({ value: '3', label: 'Globex Pharma' });
  },
};

export const NoResults: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('combobox', { name: 'Supplier' }));
    await userEvent.paste('zzz');
    await waitFor(() => expect(canvas.getByText('No results found')).toBeInTheDocument());
  },
};

export const Loading: Story = {
  render: (args) => <Autocomplete {...args} loading defaultValue="acm" />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('combobox', { name: 'Supplier' }));
    await expect(canvas.getByRole('status', { name: 'Loading results...' })).toBeInTheDocument();
    await expect(canvas.queryByRole('option')).toBeNull();
  },
};

export const Disabled: Story = {
  args: { disabled: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('combobox', { name: 'Supplier' })).toBeDisabled();
  },
};

export const Vietnamese: Story = {
  render: (args) => <Autocomplete {...args} loading defaultValue="bệnh" texts={{ loading: 'Đang tải kết quả...' }} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('combobox', { name: 'Supplier' }));
    await expect(canvas.getByRole('status', { name: 'Đang tải kết quả...' })).toBeInTheDocument();
  },
};
