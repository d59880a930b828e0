import { API_BASE, apiRequest } from './client';
import type { ResponseData } from './contract';

/** The first rows of a spreadsheet behind a signed link, read by the server (GET /files/{token}/preview). */
export type SheetPreview = ResponseData<'getFilesTokenPreview'>;

/** The path of a signed file link (`/api/files/<token>`, possibly absolute) without the API base, or null. */
export function signedFilePath(url: string): string | null {
  const match = new RegExp(`${API_BASE}(/files/[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+)(?:[?#]|$)`).exec(url);
  return match ? match[1]! : null;
}

/**
 * The File Preview's spreadsheet loader: the server reads the file the signed link names (one reader, which detects a
 * CSV's encoding) and answers its first rows; the link is the only authority, so no sign-in is sent. A module-level
 * function, so the preview's effect does not rerun on every render.
 */
export async function fetchSheetRows(url: string): Promise<string[][]> {
  const path = signedFilePath(url);
  if (!path) throw new Error('Not a signed file link');
  const preview = await apiRequest<SheetPreview>(`${path}/preview`, { auth: false, errorModal: false });
  return preview.rows;
}
