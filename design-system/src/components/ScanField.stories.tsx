import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { ScanField } from './ScanField';

const meta = {
  title: 'Forms/ScanField',
  component: ScanField,
  args: { onScan: fn(), onProblem: fn() },
} satisfies Meta<typeof ScanField>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A wedge scanner types a GS1 DataMatrix with Ctrl+] as the group separator, then Enter. */
export const WedgeScan: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByRole('textbox', { name: 'Scan a barcode' });
    await userEvent.type(input, '0110884521062856172707071012AB');
    await userEvent.keyboard('{Control>}]{/Control}');
    await userEvent.type(input, '21SER9{Enter}');
    await expect(args.onScan).toHaveBeenCalledWith(
      expect.objectContaining({ gtin: '10884521062856', lot: '12AB', serial: 'SER9', expiry: '2027-07-07' }),
      '0110884521062856172707071012AB\u001d21SER9',
    );
    await expect(canvas.getByTestId('scan-result')).toHaveTextContent('SER9');
    await expect(input).toHaveValue('');
  },
};

/** The human-readable form typed by hand. */
export const HumanReadable: Story = {
  play: async ({ args, canvasElement }) => {
    const input = within(canvasElement).getByRole('textbox', { name: 'Scan a barcode' });
    await userEvent.type(input, '(01)10884521062856(17)150707(10)A213B1{Enter}');
    await expect(args.onScan).toHaveBeenCalledWith(
      expect.objectContaining({ gtin: '10884521062856', lot: 'A213B1', expiry: '2015-07-07' }),
      '(01)10884521062856(17)150707(10)A213B1',
    );
  },
};

/** A wrong check digit: the reason shows and nothing is scanned. */
export const BadCheckDigit: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByRole('textbox', { name: 'Scan a barcode' });
    await userEvent.type(input, '(01)10884521062857{Enter}');
    await expect(args.onScan).not.toHaveBeenCalled();
    await expect(args.onProblem).toHaveBeenCalledWith(
      expect.objectContaining({ reason: 'BAD_CHECK_DIGIT', ai: '01' }),
      '(01)10884521062857',
    );
    await expect(canvas.getByRole('alert')).toHaveTextContent('BAD_CHECK_DIGIT');
    await expect(input).toHaveValue('(01)10884521062857');
  },
};

/** An HIBCC label. */
export const Hibcc: Story = {
  play: async ({ args, canvasElement }) => {
    const input = within(canvasElement).getByRole('textbox', { name: 'Scan a barcode' });
    await userEvent.type(input, '+A99912345/$$52001510X3/16D20111212/S77DE1G45-{Enter}');
    await expect(args.onScan).toHaveBeenCalledWith(
      expect.objectContaining({ kind: 'HIBCC', labeler: 'A999', lot: '10X3', serial: '77DE1G45' }),
      expect.any(String),
    );
  },
};
