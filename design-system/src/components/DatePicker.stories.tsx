import * as React from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { DatePicker, type DatePickerProps } from './DatePicker';
import { vi } from 'date-fns/locale';
import { FILTER_YEAR_RANGE } from '../lib/dates';
import { CommonWordsProvider, defaultCommonWords } from '../lib/words';

function Controlled(props: DatePickerProps) {
  const [value, setValue] = React.useState(props.value);
  return (
    <DatePicker
      {...props}
      value={value}
      onChange={(next) => {
        setValue(next);
        props.onChange(next);
      }}
    />
  );
}

const meta = {
  title: 'Forms/DatePicker',
  component: DatePicker,
  args: { value: null, onChange: fn(), 'aria-label': 'Recall date' },
  render: (args) => <Controlled {...args} />,
  decorators: [(Story) => <div className="w-64">{Story()}</div>],
} satisfies Meta<typeof DatePicker>;

export default meta;
type Story = StoryObj<typeof meta>;

export const TypedDate: Story = {
  play: async ({ args, canvasElement }) => {
    const input = within(canvasElement).getByRole('textbox', { name: 'Recall date' });
    await expect(input).toHaveAttribute('placeholder', 'MM/DD/YYYY');
    await userEvent.type(input, '3/7/2026{Enter}');
    await expect(args.onChange).toHaveBeenCalledWith('2026-03-07');
    await expect(input).toHaveValue('03/07/2026');
  },
};

export const InvalidTypedDate: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByRole('textbox', { name: 'Recall date' });
    await userEvent.type(input, '02/30/2026');
    await userEvent.tab();
    await expect(canvas.getByRole('alert')).toHaveTextContent('Invalid date');
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(args.onChange).not.toHaveBeenCalled();
  },
};

export const PickedFromCalendar: Story = {
  args: { value: '2026-03-07' },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    await expect(canvas.getByRole('textbox', { name: 'Recall date' })).toHaveValue('03/07/2026');
    await userEvent.click(canvas.getByRole('button', { name: 'Open calendar' }));
    const grid = await body.findByRole('grid');
    await userEvent.click(within(grid).getByRole('button', { name: /^20 March 2026/ }));
    await expect(args.onChange).toHaveBeenCalledWith('2026-03-20');
    await expect(canvas.getByRole('textbox', { name: 'Recall date' })).toHaveValue('03/20/2026');
  },
};

export const UnsetShowsBlank: Story = {
  args: { value: '1900-01-01' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('textbox', { name: 'Recall date' })).toHaveValue('');
  },
};

export const NotApplicable: Story = {
  args: { allowNotApplicable: true, value: '2026-01-15' },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(canvas.getByRole('button', { name: 'Open calendar' }));
    await userEvent.click(await body.findByRole('button', { name: 'Not Applicable' }));
    await expect(args.onChange).toHaveBeenCalledWith('Not Applicable');
    await expect(canvas.getByRole('textbox', { name: 'Recall date' })).toHaveValue('Not Applicable');
  },
};

export const FilterYearRange: Story = {
  args: { fromYear: FILTER_YEAR_RANGE.from, toYear: FILTER_YEAR_RANGE.to, 'aria-label': 'From date' },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    const input = canvas.getByRole('textbox', { name: 'From date' });
    await userEvent.type(input, '01/01/2031{Enter}');
    await expect(canvas.getByRole('alert')).toHaveTextContent('Invalid date');
    await expect(args.onChange).not.toHaveBeenCalled();
    await userEvent.click(canvas.getByRole('button', { name: 'Open calendar' }));
    const yearSelect = await body.findByRole('combobox', { name: /year/i });
    const years = Array.from((yearSelect as HTMLSelectElement).options).map((o) => Number(o.value));
    await expect(Math.min(...years)).toBe(2010);
    await expect(Math.max(...years)).toBe(2030);
  },
};

export const Disabled: Story = {
  args: { disabled: true, value: '2026-05-01' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('textbox', { name: 'Recall date' })).toBeDisabled();
    await expect(canvas.getByRole('button', { name: 'Open calendar' })).toBeDisabled();
  },
};

export const Vietnamese: Story = {
  args: {
    locale: vi,
    allowNotApplicable: true,
    value: 'Not Applicable',
    texts: {
      notApplicable: 'Không áp dụng',
      placeholder: 'MM/DD/YYYY',
      openCalendar: 'Mở lịch',
      invalid: 'Ngày không hợp lệ',
    },
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('textbox', { name: 'Recall date' })).toHaveValue('Không áp dụng');
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Mở lịch' }));
    const popover = await within(canvasElement.ownerDocument.body).findByRole('dialog', { name: 'Choose date' });
    const monthNames = Array.from(popover.querySelectorAll('option')).map((o) => o.textContent ?? '');
    await expect(monthNames.some((name) => /tháng/i.test(name))).toBe(true);
  },
};

/** Given no locale, the calendar follows the app's language (CommonWordsProvider): months, weekdays and its labels. */
export const LanguageFromTheApp: Story = {
  args: { value: '2026-03-07' },
  render: (args) => (
    <CommonWordsProvider value={{ ...defaultCommonWords, language: 'vi' }}>
      <Controlled {...args} />
    </CommonWordsProvider>
  ),
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Open calendar' }));
    const popover = await within(canvasElement.ownerDocument.body).findByRole('dialog', { name: 'Choose date' });
    await expect(within(popover).getByRole('button', { name: 'Đến tháng tiếp theo' })).toBeInTheDocument();
    await expect(within(popover).queryByRole('button', { name: /Next Month/ })).toBeNull();
    const monthNames = Array.from(popover.querySelectorAll('option')).map((o) => o.textContent ?? '');
    await expect(monthNames.some((name) => /tháng/i.test(name))).toBe(true);
    await expect(monthNames).not.toContain('March');
  },
};
