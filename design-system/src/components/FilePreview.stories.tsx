import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { FilePreview, type FileLoader, type SheetLoader } from './FilePreview';
import { ToastProvider } from './Toast';
import { sampleDocxBase64 } from '../fixtures/sampleDocx';

const svg =
  '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><rect width="40" height="40" fill="#16a34a"/></svg>';
const imageUrl = `data:image/svg+xml;utf8,${encodeURIComponent(svg)}`;
const textUrl = `data:text/plain;charset=utf-8,${encodeURIComponent('Plain text notice\nline two')}`;

function base64ToBuffer(base64: string): ArrayBuffer {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes.buffer;
}

const docxLoader: FileLoader = async () => base64ToBuffer(sampleDocxBase64);
// Spreadsheets are read by the server (GET /api/files/{token}/preview); a story passes the rows it would answer.
const csvRows: SheetLoader = async () => [
  ['Lot', 'Quantity', 'Site'],
  ['L-42, blue', '12', 'Hà Nội'],
  ['L-43', '0', 'Zürich Café'],
];
const xlsxRows: SheetLoader = async () => [
  ['Product', 'Units'],
  ['Pump X-200', '42'],
];

const meta = {
  title: 'Overlays/FilePreview',
  component: FilePreview,
  args: {
    open: true,
    onOpenChange: fn(),
    onDownload: fn(),
    onNothingToDownload: fn(),
    file: { name: 'photo.png', url: imageUrl },
  },
  render: (args) => (
    <ToastProvider>
      <FilePreview {...args} />
    </ToastProvider>
  ),
} satisfies Meta<typeof FilePreview>;

export default meta;
type Story = StoryObj<typeof meta>;

const dialogOf = async (canvasElement: HTMLElement) =>
  within(canvasElement.ownerDocument.body).findByRole('dialog', { name: 'File Preview' });

export const Image: Story = {
  play: async ({ args, canvasElement }) => {
    const dialog = await dialogOf(canvasElement);
    await expect(within(dialog).getByRole('img', { name: 'photo.png' })).toHaveAttribute('src', imageUrl);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Download' }));
    await expect(args.onDownload).toHaveBeenCalledWith({ name: 'photo.png', url: imageUrl });
  },
};

export const Pdf: Story = {
  args: { file: { name: 'notice.pdf', url: 'blob:notice-pdf' } },
  play: async ({ canvasElement }) => {
    const dialog = await dialogOf(canvasElement);
    await expect(dialog.querySelector('iframe')).toHaveAttribute('src', 'blob:notice-pdf');
    await expect(within(dialog).getByRole('button', { name: 'Download' })).toBeInTheDocument();
  },
};

export const Video: Story = {
  args: { file: { name: 'training.mp4', url: 'blob:training' } },
  play: async ({ canvasElement }) => {
    const dialog = await dialogOf(canvasElement);
    await expect(dialog.querySelector('video')).toHaveAttribute('src', 'blob:training');
  },
};

export const Csv: Story = {
  args: { file: { name: 'lots.csv', url: 'blob:csv' }, loadSheet: fn(csvRows) },
  play: async ({ args, canvasElement }) => {
    const dialog = await dialogOf(canvasElement);
    const table = await within(dialog).findByRole('table');
    await expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Lot', 'Quantity', 'Site']);
    await expect(within(table).getByText('L-42, blue')).toBeInTheDocument();
    await expect(within(table).getByText('Hà Nội')).toBeInTheDocument();
    await expect(within(table).getByText('Zürich Café')).toBeInTheDocument();
    await expect(args.loadSheet).toHaveBeenCalledWith('blob:csv');
  },
};

export const Text: Story = {
  args: { file: { name: 'notes.txt', url: textUrl } },
  play: async ({ canvasElement }) => {
    const dialog = await dialogOf(canvasElement);
    await waitFor(() => expect(dialog.querySelector('pre')).toHaveTextContent('Plain text notice'));
  },
};

export const Docx: Story = {
  args: { file: { name: 'field-notice.docx', url: 'blob:docx' }, loadFile: fn(docxLoader) },
  play: async ({ args, canvasElement }) => {
    const dialog = await dialogOf(canvasElement);
    await waitFor(
      () =>
        expect(dialog.querySelector('[data-slot="file-preview-document"]')).toHaveTextContent(
          'Urgent Field Safety Notice',
        ),
      {
        timeout: 5000,
      },
    );
    await expect(within(dialog).getByText('Remove lot 42 from inventory.')).toBeInTheDocument();
    await expect(args.loadFile).toHaveBeenCalledWith('blob:docx');
  },
};

export const Xlsx: Story = {
  args: { file: { name: 'units.xlsx', url: 'blob:xlsx' }, loadSheet: xlsxRows },
  play: async ({ canvasElement }) => {
    const dialog = await dialogOf(canvasElement);
    const table = await within(dialog).findByRole('table', {}, { timeout: 5000 });
    await expect(within(table).getByText('Pump X-200')).toBeInTheDocument();
    await expect(within(table).getByText('42')).toBeInTheDocument();
  },
};

export const SpreadsheetWithoutLoader: Story = {
  args: { file: { name: 'units.xlsx', url: 'blob:xlsx' } },
  play: async ({ canvasElement }) => {
    const dialog = await dialogOf(canvasElement);
    await expect(dialog).toHaveTextContent(
      'Preview for this file format is not supported. Please download file to view.',
    );
  },
};

export const Loading: Story = {
  args: { file: { name: 'big.xlsx', url: 'blob:slow' }, loadSheet: () => new Promise<string[][]>(() => undefined) },
  play: async ({ canvasElement }) => {
    const dialog = await dialogOf(canvasElement);
    await expect(within(dialog).getByRole('status', { name: 'Loading...' })).toBeInTheDocument();
  },
};

export const LoadFailed: Story = {
  args: { file: { name: 'gone.csv', url: 'blob:gone' }, loadSheet: () => Promise.reject(new Error('404')) },
  play: async ({ canvasElement }) => {
    const dialog = await dialogOf(canvasElement);
    await expect(
      await within(dialog).findByText('The file could not be displayed. Please download file to view.'),
    ).toBeInTheDocument();
  },
};

export const Unsupported: Story = {
  args: { file: { name: 'slides.pptx', url: 'blob:pptx' } },
  play: async ({ args, canvasElement }) => {
    const dialog = await dialogOf(canvasElement);
    await expect(dialog).toHaveTextContent(
      'Preview for this file format is not supported. Please download file to view.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Download' }));
    await expect(args.onDownload).toHaveBeenCalled();
  },
};

export const NothingToDownload: Story = {
  args: { file: { name: 'missing.pdf', url: null } },
  play: async ({ args, canvasElement }) => {
    const dialog = await dialogOf(canvasElement);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Download' }));
    await expect(args.onNothingToDownload).toHaveBeenCalledWith('Nothing to download');
    await expect(args.onDownload).not.toHaveBeenCalled();
    // The modal hides the rest of the page from the accessibility tree, so find the toast by its slot.
    const viewport = canvasElement.ownerDocument.body.querySelector('[data-slot="toast-viewport"]');
    await waitFor(() => expect(viewport).toHaveTextContent('Nothing to download'));
    await expect(viewport?.querySelector('[data-slot="toast"]')).toHaveAttribute('data-variant', 'danger');
  },
};

export const Vietnamese: Story = {
  args: {
    file: { name: 'slides.pptx', url: 'blob:pptx' },
    texts: { title: 'Xem trước tệp', download: 'Tải xuống', unsupported: 'Không hỗ trợ xem trước định dạng này.' },
  },
  play: async ({ canvasElement }) => {
    const dialog = await within(canvasElement.ownerDocument.body).findByRole('dialog', { name: 'Xem trước tệp' });
    await expect(dialog).toHaveTextContent('Không hỗ trợ xem trước định dạng này.');
  },
};
