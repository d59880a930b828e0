import * as React from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fireEvent, fn, userEvent, waitFor, within } from 'storybook/test';
import { FileUpload, type FileUploadProps, type UploadedFile } from './FileUpload';
import { ToastProvider } from './Toast';

function makeFile(name: string, size = 10, type = 'application/octet-stream') {
  return new File([new Uint8Array(size)], name, { type });
}

async function choose(canvasElement: HTMLElement, files: File[], name = 'Upload') {
  const input = within(canvasElement).getByLabelText<HTMLInputElement>(name, { selector: 'input' });
  const transfer = new DataTransfer();
  for (const file of files) transfer.items.add(file);
  input.files = transfer.files;
  await fireEvent.change(input);
}

/** Keeps the uploaded list like the page would after each upload call. */
function Harness({ onUpload, onDelete, files: initial = [], ...props }: FileUploadProps) {
  const [files, setFiles] = React.useState<UploadedFile[]>([...initial]);
  const active = React.useRef(0);
  const [maxActive, setMaxActive] = React.useState(0);
  return (
    <ToastProvider>
      <span data-testid="max-concurrent-uploads" hidden>
        {maxActive}
      </span>
      <FileUpload
        {...props}
        files={files}
        onUpload={async (file) => {
          active.current += 1;
          setMaxActive((m) => Math.max(m, active.current));
          await onUpload(file);
          await new Promise((resolve) => setTimeout(resolve, 30));
          setFiles((current) => [
            ...current,
            { id: `${file.name}-${current.length}`, name: file.name, size: file.size },
          ]);
          active.current -= 1;
        }}
        onDelete={
          onDelete
            ? async (file) => {
                await onDelete(file);
                setFiles((current) => current.filter((f) => f.id !== file.id));
              }
            : undefined
        }
      />
    </ToastProvider>
  );
}

const meta = {
  title: 'Forms/FileUpload',
  component: FileUpload,
  args: { kind: 'Document', files: [], onUpload: fn(), onDelete: fn(), onPreview: fn(), onError: fn() },
  render: (args) => <Harness {...args} />,
  decorators: [(Story) => <div className="w-[28rem]">{Story()}</div>],
} satisfies Meta<typeof FileUpload>;

export default meta;
type Story = StoryObj<typeof meta>;

export const UploadsSeveralInTurn: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await choose(canvasElement, [makeFile('notice.PDF', 2048), makeFile('photo.jpg', 1536), makeFile('sheet.xlsx')]);
    await waitFor(() => expect(canvas.getAllByRole('listitem')).toHaveLength(3));
    await expect(args.onUpload).toHaveBeenCalledTimes(3);
    const names = (args.onUpload as ReturnType<typeof fn>).mock.calls.map(([file]) => (file as File).name);
    await expect(names).toEqual(['notice.PDF', 'photo.jpg', 'sheet.xlsx']);
    // One after another: never two uploads in flight.
    await expect(canvas.getByTestId('max-concurrent-uploads')).toHaveTextContent('1');
    await expect(canvas.getByText('2.00 KB')).toBeInTheDocument();
    await expect(canvas.getByText('1.50 KB')).toBeInTheDocument();
    await expect(canvas.queryByRole('alert')).toBeNull();
  },
};

export const RejectsWrongDocumentType: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await choose(canvasElement, [makeFile('virus.exe'), makeFile('ok.pdf')]);
    const message = 'The document types should be either of .pdf, .docx, .png, .jpg .xlsx, .mp4';
    await expect(canvas.getByRole('alert')).toHaveTextContent(message);
    await expect(args.onError).toHaveBeenCalledWith(message);
    await expect(args.onUpload).not.toHaveBeenCalled();
    const toastRegion = within(canvasElement.ownerDocument.body).getByRole('region', { name: /Notifications/ });
    await waitFor(() => expect(toastRegion).toHaveTextContent(message));
  },
};

export const ImageOnly: Story = {
  args: { kind: 'Image', label: 'Upload image' },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await choose(canvasElement, [makeFile('scan.pdf')], 'Upload image');
    await expect(canvas.getByRole('alert')).toHaveTextContent('The document types should be either of .png, .jpg');
    await choose(canvasElement, [makeFile('scan.PNG'), makeFile('later.pdf')], 'Upload image');
    await waitFor(() => expect(args.onUpload).toHaveBeenCalledTimes(2));
    await expect(canvas.queryByRole('alert')).toBeNull();
  },
};

export const RejectsEmptyFile: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await choose(canvasElement, [makeFile('empty.pdf', 0), makeFile('full.pdf', 5)]);
    await waitFor(() => expect(args.onUpload).toHaveBeenCalledTimes(1));
    await expect(canvas.getByRole('alert')).toHaveTextContent('Documented failed to upload. Please try again.');
    await expect(args.onError).toHaveBeenCalledWith('Documented failed to upload. Please try again.');
  },
};

export const DeleteAsksFirst: Story = {
  args: { files: [{ id: 1, name: 'field-notice.pdf', size: 4096 }] },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(canvas.getByRole('button', { name: 'Delete field-notice.pdf' }));
    const dialog = await body.findByRole('alertdialog', { name: 'Confirm delete file?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await expect(args.onDelete).not.toHaveBeenCalled();
    await userEvent.click(canvas.getByRole('button', { name: 'Delete field-notice.pdf' }));
    await userEvent.click(within(await body.findByRole('alertdialog')).getByRole('button', { name: 'Confirm' }));
    await expect(args.onDelete).toHaveBeenCalledWith(expect.objectContaining({ id: 1 }));
    await waitFor(() => expect(canvas.queryByRole('listitem')).toBeNull());
  },
};

export const Preview: Story = {
  args: { files: [{ id: 1, name: 'photo.png', size: 100 }] },
  play: async ({ args, canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Preview photo.png' }));
    await expect(args.onPreview).toHaveBeenCalledWith(expect.objectContaining({ name: 'photo.png' }));
  },
};

export const Disabled: Story = {
  args: { disabled: true, files: [{ id: 1, name: 'locked.pdf' }] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Upload' })).toBeDisabled();
    await expect(canvas.getByRole('button', { name: 'Delete locked.pdf' })).toBeDisabled();
  },
};

export const LongText: Story = {
  args: {
    files: [
      {
        id: 1,
        name: 'recall-notice-infusion-pump-model-x200-software-correction-final-signed-version-3.pdf',
        size: 123456789,
      },
    ],
  },
};

export const Vietnamese: Story = {
  args: {
    kind: 'Image',
    label: 'Tải ảnh lên',
    messages: { imageType: 'Chỉ chấp nhận tệp .png, .jpg' },
    texts: { dropHint: 'hoặc kéo thả tệp vào đây' },
  },
  play: async ({ canvasElement }) => {
    await choose(canvasElement, [makeFile('a.gif')], 'Tải ảnh lên');
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('Chỉ chấp nhận tệp .png, .jpg');
  },
};
