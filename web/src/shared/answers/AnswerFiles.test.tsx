import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import { noticeAction } from '../../test/notices';
import { ActionAnswerInput } from './ActionAnswerInput';
import { AnswerFiles, AnswerWithFiles } from './AnswerFiles';
import { emptyDraft } from './answers';

const letter = {
  id: 11,
  name: 'recall letter.pdf',
  extension: 'pdf',
  type: 'application/pdf',
  size: 2048,
  signed_url: '/api/files/download-11',
  signed_url_review: '/api/files/inline-11',
};
const photo = {
  id: 12,
  name: 'shelf.png',
  extension: 'png',
  type: 'image/png',
  size: 512,
  signed_url: '/api/files/download-12',
  signed_url_review: '/api/files/inline-12',
};

const inI18n = (node: React.ReactNode) => render(<I18nProvider i18n={i18n}>{node}</I18nProvider>);

describe('AnswerFiles', () => {
  it('shows each file by name with its size and a download link of its own', () => {
    inI18n(<AnswerFiles files={[letter, photo]} />);
    const list = screen.getByRole('list', { name: 'Files' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(list).getByRole('button', { name: 'recall letter.pdf' })).toBeTruthy();
    expect(within(list).getByText('2.00 KB')).toBeTruthy();
    const download = within(list).getByRole('link', { name: 'Download shelf.png' });
    expect(download.getAttribute('href')).toBe('/api/files/download-12');
    expect(download.getAttribute('download')).toBe('shelf.png');
  });

  it('opens the File Preview in place on the inline link when its name is clicked', async () => {
    inI18n(<AnswerFiles files={[letter, photo]} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'shelf.png' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('File Preview')).toBeTruthy();
    expect(within(dialog).getByRole('img', { name: 'shelf.png' }).getAttribute('src')).toBe('/api/files/inline-12');
    expect(within(dialog).getByRole('button', { name: 'Download' })).toBeTruthy();
  });

  it("hands the file to the page's own preview when it has one, and shows nothing without files", async () => {
    const onPreview = vi.fn();
    const { container } = inI18n(
      <>
        <AnswerFiles files={[photo]} onPreview={onPreview} />
        <AnswerFiles files={[]} />
      </>,
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'shelf.png' }));
    expect(onPreview).toHaveBeenCalledWith(photo);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(container.querySelectorAll('[data-slot="answer-files"]')).toHaveLength(1);
  });
});

describe('AnswerWithFiles', () => {
  it('names the files the answer lists, never a count of them, and leaves out files it does not list', () => {
    inI18n(<AnswerWithFiles value={{ valueDocument: [11] }} files={[letter, photo]} />);
    expect(screen.getByRole('button', { name: 'recall letter.pdf' })).toBeTruthy();
    expect(screen.queryByText('shelf.png')).toBeNull();
    expect(screen.queryByText(/file\(s\)/)).toBeNull();
  });

  it('counts a listed file whose links are not at hand, and words the other values', () => {
    inI18n(<AnswerWithFiles value={{ valueImage: [12, 99], valueText: 'Quarantined' }} files={[photo]} />);
    expect(screen.getByText('Quarantined; 1 file(s)')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Download shelf.png' })).toBeTruthy();
  });
});

describe('a read-only file answer on the notice and the public forms', () => {
  it("shows the previous answer's files by name through the page's preview, without an Upload button", async () => {
    const onPreview = vi.fn();
    const action = { ...noticeAction(5, 'Document'), files: [letter] };
    inI18n(
      <ActionAnswerInput
        action={action}
        draft={emptyDraft()}
        problem={null}
        readOnly
        onChange={vi.fn()}
        onUpload={vi.fn()}
        onDeleteFile={vi.fn()}
        onPreview={onPreview}
      />,
    );
    expect(screen.queryByRole('button', { name: 'Upload' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Download recall letter.pdf' }).getAttribute('href')).toBe(
      '/api/files/download-11',
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'recall letter.pdf' }));
    expect(onPreview).toHaveBeenCalledWith(letter);
  });
});
