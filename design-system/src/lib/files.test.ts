import { describe, expect, it } from 'vitest';
import { checkUploadType, fileExtension, formatBytes, previewKind } from './files';

describe('checkUploadType', () => {
  it('accepts .png and .jpg images, case-insensitively', () => {
    expect(checkUploadType([{ name: 'photo.PNG' }], 'Image')).toBeNull();
    expect(checkUploadType([{ name: 'photo.jpg' }], 'Image')).toBeNull();
    expect(checkUploadType([{ name: 'photo.jpeg' }], 'Image')).toBe(
      'The document types should be either of .png, .jpg',
    );
    expect(checkUploadType([{ name: 'doc.pdf' }], 'Image')).toBe('The document types should be either of .png, .jpg');
  });
  it('accepts the document types', () => {
    for (const name of ['a.pdf', 'a.DOCX', 'a.xlsx', 'a.mp4', 'a.png', 'a.jpg']) {
      expect(checkUploadType([{ name }], 'Document')).toBeNull();
    }
    expect(checkUploadType([{ name: 'a.exe' }], 'Document')).toBe(
      'The document types should be either of .pdf, .docx, .png, .jpg .xlsx, .mp4',
    );
  });
  it('checks only the first file', () => {
    expect(checkUploadType([{ name: 'ok.png' }, { name: 'bad.exe' }], 'Image')).toBeNull();
    expect(checkUploadType([{ name: 'bad.exe' }, { name: 'ok.png' }], 'Image')).not.toBeNull();
    expect(checkUploadType([], 'Image')).toBeNull();
  });
  it('takes translated messages', () => {
    expect(checkUploadType([{ name: 'x.gif' }], 'Image', { imageType: 'Chỉ .png, .jpg' })).toBe('Chỉ .png, .jpg');
  });
});

describe('file helpers', () => {
  it('extracts extensions', () => {
    expect(fileExtension('report.final.XLSX')).toBe('xlsx');
    expect(fileExtension('README')).toBe('');
    expect(fileExtension('.bashrc')).toBe('');
  });
  it('formats bytes in 1024 units with 2 decimals', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(193)).toBe('193 B');
    expect(formatBytes(1536)).toBe('1.50 KB');
    expect(formatBytes(2048)).toBe('2.00 KB');
    expect(formatBytes(1024 * 1024 * 5.25)).toBe('5.25 MB');
  });
  it('maps files to preview kinds', () => {
    expect(previewKind('a.JPG')).toBe('image');
    expect(previewKind('a.pdf')).toBe('pdf');
    expect(previewKind('a.csv')).toBe('csv');
    expect(previewKind('a.docx')).toBe('docx');
    expect(previewKind('a.xlsx')).toBe('xlsx');
    expect(previewKind('a.mp4')).toBe('video');
    expect(previewKind('a.pptx')).toBe('unsupported');
    // The server reads .csv and .xlsx only (exceljs); an old .xls says "download to view".
    expect(previewKind('a.xls')).toBe('unsupported');
    expect(previewKind('blob', 'image/png')).toBe('image');
    expect(previewKind('notes', 'text/plain')).toBe('text');
  });
});
