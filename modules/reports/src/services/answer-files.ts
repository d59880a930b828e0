import type { Knex } from 'knex';
import yazl from 'yazl';
import { PassThrough, type Readable } from 'node:stream';
import {
  type Actor,
  BusinessRuleError,
  csvField,
  type FileResult,
  type FileStore,
  fileDate,
  fileResult,
  NotFoundError,
  recordAudit,
  transaction,
} from '@portal/core';
import {
  actionsView,
  affectedCustomersView,
  answerFilesView,
  answersView,
  appendHistory,
  assertOperator,
  communicationsView,
  loadOwnCommunication,
  providerCommunicationsView,
} from '@portal/communications';
import { organizationsView } from '@portal/organizations';

/** One download holds at most this many files… */
export const ZIP_MAX_FILES = 5000;
/** …adding up to at most this many megabytes (uploads are 25 MB at most each). */
export const ZIP_MAX_MB = 2048;

/** A file answer of an event with what the manifest says of it. */
export interface AnswerFileRow {
  id: number;
  name: string;
  mimetype: string;
  size: number;
  file_key: string;
  uploaded_by_email: string | null;
  uploaded_by_user_id: number | null;
  paper_response_id: number | null;
  uploaded_at: Date;
  provider_communication_id: number;
  action_title: string;
  customer_name: string;
  provider_name: string | null;
  site_name: string | null;
  submitted: boolean;
}

/**
 * Every live answer file of one event (its provider communications that are not deleted), by customer, action order
 * and upload, at most `limit` rows. The event's actions lead (response_files_action_id_index), the receiver is a site
 * (s, with its health system p) or an organisation of its own (s) as in the operator's providers list; "submitted" is
 * whether a submitted answer lists the file.
 */
export function answerFilesOfEvent(
  db: Knex,
  supplierId: number,
  communicationId: number,
  limit: number,
): Promise<AnswerFileRow[]> {
  return db
    .from(answerFilesView(db).as('f'))
    .join(actionsView(db).as('a'), 'a.id', 'f.action_id')
    .join(providerCommunicationsView(db).as('pc'), 'pc.id', 'f.provider_communication_id')
    .join(affectedCustomersView(db).as('c'), 'c.id', 'pc.affected_customer_id')
    .leftJoin(organizationsView(db).as('s'), 's.id', 'pc.provider_organization_id')
    .leftJoin(organizationsView(db).as('p'), 'p.id', 's.parent_id')
    .where({
      'a.communication_id': communicationId,
      'f.supplier_organization_id': supplierId,
      'pc.communication_id': communicationId,
      'pc.supplier_organization_id': supplierId,
    })
    .whereNot('pc.status', 'DELETED')
    .orderBy([
      { column: 'c.name', order: 'asc' },
      { column: 'pc.id', order: 'asc' },
      { column: 'a.sort_order', order: 'asc' },
      { column: 'a.id', order: 'asc' },
      { column: 'f.id', order: 'asc' },
    ])
    .limit(limit)
    .select(
      'f.id',
      'f.name',
      'f.mimetype',
      'f.size',
      'f.file_key',
      'f.uploaded_by_email',
      'f.uploaded_by_user_id',
      'f.paper_response_id',
      'f.created_at as uploaded_at',
      'f.provider_communication_id',
      'a.title as action_title',
      'c.name as customer_name',
      db.raw('coalesce(p.name, s.name) AS provider_name'),
      db.raw('CASE WHEN p.id IS NOT NULL THEN s.name END AS site_name'),
      db.raw(
        `EXISTS (SELECT 1 FROM ? r WHERE r.provider_communication_id = f.provider_communication_id
          AND r.action_id = f.action_id AND r.status = 'SUBMITTED'
          AND (r.value -> 'valueDocument' @> to_jsonb(f.id) OR r.value -> 'valueImage' @> to_jsonb(f.id))) AS submitted`,
        [answersView(db)],
      ),
    ) as unknown as Promise<AnswerFileRow[]>;
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what a name in a zip must not keep
const UNSAFE = /[\x00-\x1f\x7f<>:"/\\|?*]+/g;

/**
 * One segment of a path inside the zip: no separator, control or reserved character, no leading or trailing dot or
 * space (so never `.` or `..`), at most `max` characters; `fallback` when nothing is left.
 */
export function zipSegment(text: string, max: number, fallback: string): string {
  const clean = text
    .normalize('NFC')
    .replace(UNSAFE, '_')
    .replace(/^[.\s]+|[.\s]+$/g, '')
    .slice(0, max)
    .replace(/[.\s]+$/, '');
  return clean || fallback;
}

/** The file's path in the zip: `<customer>/<file id>-<name>`, unique by the file's id and safe to extract. */
export function zipPath(row: Pick<AnswerFileRow, 'id' | 'name' | 'customer_name'>): string {
  return `${zipSegment(row.customer_name, 80, 'customer')}/${row.id}-${zipSegment(row.name, 150, 'file')}`;
}

const MANIFEST_HEADERS = [
  'File',
  'Original Name',
  'Content Type',
  'Size (bytes)',
  'Action',
  'Provider',
  'Site',
  'Customer',
  'Answer Status',
  'Uploaded By',
  'Uploaded Through',
  'Uploaded At',
];

/** How the file came in: keyed in from a paper response by the supplier, by a signed-in user, or through a link. */
const uploadedThrough = (r: AnswerFileRow) =>
  r.paper_response_id !== null ? 'Paper response' : r.uploaded_by_user_id !== null ? 'Signed in' : 'Public form';

/** manifest.csv: one line per file (UTF-8 with BOM, like every CSV of the product; text defused of formulas). */
export function manifestCsv(rows: AnswerFileRow[]): string {
  const line = (cells: string[]) => `${cells.map((c) => csvField(c)).join(',')}\n`;
  let out = `\ufeff${line(MANIFEST_HEADERS)}`;
  for (const r of rows) {
    out += line([
      zipPath(r),
      r.name,
      r.mimetype,
      String(r.size),
      r.action_title,
      r.provider_name ?? '',
      r.site_name ?? '',
      r.customer_name,
      r.submitted ? 'Submitted' : 'Draft',
      r.uploaded_by_email ?? 'public form',
      uploadedThrough(r),
      new Date(r.uploaded_at).toISOString(),
    ]);
  }
  return out;
}

/**
 * Streams the zip: manifest.csv first, then each file read from the store only when the zip reaches it (one open file
 * at a time, whatever their number), stored as is (documents and images are compressed already). A file the store
 * cannot read cuts the download (never a short zip that looks whole) and is handed to `onError`.
 */
export function streamAnswerFilesZip(
  store: FileStore,
  rows: AnswerFileRow[],
  onError: (err: unknown) => void,
): Readable {
  const zip = new yazl.ZipFile();
  const out = new PassThrough();
  const fail = (err: unknown) => {
    onError(err);
    out.destroy(err instanceof Error ? err : new Error(String(err)));
  };
  // The file being read, so a download the client left closes it rather than leave it open, paused, for good.
  let current: Readable | null = null;
  zip.addBuffer(Buffer.from(manifestCsv(rows), 'utf8'), 'manifest.csv', { mtime: new Date() });
  for (const r of rows) {
    zip.addReadStreamLazy(zipPath(r), { mtime: new Date(r.uploaded_at), compress: false }, (cb) => {
      try {
        const stream = store.stream(r.file_key);
        current = stream;
        stream.on('error', fail);
        cb(null, stream);
      } catch (err) {
        cb(err, undefined as unknown as NodeJS.ReadableStream);
      }
    });
  }
  zip.on('error', fail);
  zip.outputStream.on('error', fail);
  zip.outputStream.pipe(out);
  zip.end();
  out.on('close', () => {
    current?.destroy();
    zip.outputStream.unpipe(out);
  });
  return out;
}

/** The event's files as one zip: checks the bounds, records the download, then streams. */
async function answerFilesZip(
  db: Knex,
  store: FileStore,
  actor: Actor,
  event: { id: number; organization_id: number; name: string },
  options: { timeZone: string; requestId?: string; onError: (err: unknown) => void },
): Promise<FileResult> {
  const rows = await answerFilesOfEvent(db, event.organization_id, event.id, ZIP_MAX_FILES + 1);
  if (rows.length > ZIP_MAX_FILES) throw new BusinessRuleError('FILES_ZIP_TOO_MANY', { max: ZIP_MAX_FILES });
  const bytes = rows.reduce((sum, r) => sum + Number(r.size), 0);
  if (bytes > ZIP_MAX_MB * 1024 * 1024) throw new BusinessRuleError('FILES_ZIP_TOO_LARGE', { max: ZIP_MAX_MB });
  const facts = { count: rows.length, size: bytes };
  await transaction(db, async (trx) => {
    // The event's history (the supplier sees who took its answers' files, the operator included) and the audit.
    await appendHistory(trx, actor, {
      communicationId: event.id,
      organizationId: event.organization_id,
      action: 'FILES_DOWNLOADED',
      entityType: 'communication',
      entityId: event.id,
      after: facts,
    });
    await recordAudit(trx, actor, {
      organizationId: event.organization_id,
      action: 'FILES_DOWNLOADED',
      entityType: 'communication',
      entityId: event.id,
      after: facts,
      requestId: options.requestId ?? null,
    });
  });
  const title = zipSegment(event.name, 80, 'Event');
  return fileResult(
    `Answer Files ${title} ${fileDate(new Date(), options.timeZone)}.zip`,
    'application/zip',
    streamAnswerFilesZip(store, rows, options.onError),
  );
}

/** GET /supplier/communications/:id/files.zip: the caller's own event (another organisation's answers 404). */
export async function supplierAnswerFilesZip(
  db: Knex,
  store: FileStore,
  actor: Actor,
  id: number,
  options: { timeZone: string; requestId?: string; onError: (err: unknown) => void },
): Promise<FileResult> {
  const event = await loadOwnCommunication(db, actor, id);
  return answerFilesZip(db, store, actor, event, options);
}

/** GET /notisphere/communications/:id/files.zip: any supplier's event, for the operator. */
export async function operatorAnswerFilesZip(
  db: Knex,
  store: FileStore,
  actor: Actor,
  id: number,
  options: { timeZone: string; requestId?: string; onError: (err: unknown) => void },
): Promise<FileResult> {
  assertOperator(actor);
  const event = (await db
    .from(communicationsView(db).as('e'))
    .where('e.id', id)
    .whereNot('e.status', 'DELETED')
    .first('e.id', 'e.organization_id', 'e.name')) as { id: number; organization_id: number; name: string } | undefined;
  if (!event) throw new NotFoundError('COMMUNICATION_NOT_FOUND');
  return answerFilesZip(db, store, actor, event, options);
}
