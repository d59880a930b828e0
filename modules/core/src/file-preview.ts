import { AppError, NotFoundError } from './errors.js';
import { extensionOf, verifyFileToken } from './files.js';
import { route, type ModuleDeps, type PortalModule } from './routes.js';
import { PREVIEW_LIMITS, previewSheet, type SheetPreview } from './sheets.js';

/**
 * Spreadsheet previews served by the server (GET /api/files/{token}/preview): the browser never parses another
 * tenant's upload. The signed link is the only authority, exactly as for the download it sits beside (/api/files/
 * {token}): whoever may open the file may read its first rows, nobody else.
 */

const tokenParams = {
  type: 'object',
  required: ['token'],
  properties: {
    token: {
      type: 'string',
      minLength: 3,
      maxLength: 4096,
      pattern: '^[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+$',
      description: 'The token of a signed file link (the path after /api/files/)',
    },
  },
} as const;

const previewQuery = {
  type: 'object',
  properties: {
    rows: {
      type: 'integer',
      minimum: 1,
      maximum: PREVIEW_LIMITS.rows,
      default: 100,
      description: 'How many rows to answer, header included',
    },
  },
} as const;

export const filePreviewAnswer = {
  type: 'object',
  required: ['name', 'kind', 'rows', 'truncated'],
  properties: {
    name: { type: 'string', description: "The file's name" },
    kind: { type: 'string', enum: ['csv', 'xlsx'] },
    rows: {
      type: 'array',
      maxItems: PREVIEW_LIMITS.rows,
      description: `The first non-blank rows, header first; at most ${PREVIEW_LIMITS.columns} cells of at most ${PREVIEW_LIMITS.cellLength} characters each`,
      items: {
        type: 'array',
        maxItems: PREVIEW_LIMITS.columns,
        items: { type: 'string', maxLength: PREVIEW_LIMITS.cellLength },
      },
    },
    truncated: { type: 'boolean', description: 'Rows, columns or cells were left out or cut' },
  },
} as const;

export type FilePreview = SheetPreview & { name: string; kind: 'csv' | 'xlsx' };

/** The preview of the file a signed link names: 404 for a bad or expired link, 415 for a file that is no sheet. */
export async function previewSignedFile(
  deps: Pick<ModuleDeps, 'config' | 'files'>,
  token: string,
  rows: number,
): Promise<FilePreview> {
  const file = verifyFileToken(
    deps.config.jwtKeys.map((k) => k.secret),
    token,
  );
  if (!file) throw new NotFoundError('INVALID_LINK');
  const kind = extensionOf(file.name);
  if (kind !== 'csv' && kind !== 'xlsx') throw new AppError(415, 'PREVIEW_NOT_SPREADSHEET');
  if ((await deps.files.size(file.key)) === null) throw new NotFoundError('FILE_NOT_FOUND');
  const preview = await previewSheet(kind, await deps.files.read(file.key), rows);
  return { name: file.name, kind, ...preview };
}

/** The file routes that answer data rather than the file itself (the download stays the BFF's own /api/files/{token}). */
export function createFilesModule(deps: ModuleDeps): PortalModule {
  return {
    name: 'files',
    routes: [
      route({
        method: 'GET',
        path: '/files/:token/preview',
        access: 'public',
        tags: ['Files'],
        summary:
          'The first rows of the CSV or XLSX file a signed link names, as text, for the File Preview (the link is the only authority; 404 when it is invalid or expired, 415 when the file is no spreadsheet)',
        schema: { params: tokenParams, query: previewQuery, response: filePreviewAnswer },
        handler: ({ params, query }) => previewSignedFile(deps, params.token, query.rows),
      }),
    ],
  };
}
