import type { Knex } from 'knex';
import {
  type Actor,
  cleanRichText,
  checkUpload,
  type Config,
  type FileStore,
  IMAGE_EXTENSIONS,
  type ListPage,
  type ListSpec,
  newFileKey,
  NotFoundError,
  parseListQuery,
  recordAudit,
  runList,
  signedUrls,
  ValidationError,
  transaction,
  type WrongFileType,
  type RowOf,
  type FromSchema,
} from '@portal/core';
import { ContentEntry, type ContentKind, type UserType } from '../models/ContentEntry.js';
import { assertOperator, userTypeOf } from './common.js';
import type { entryBody, entrySchema } from '../schemas.js';

export type EntryInput = FromSchema<typeof entryBody>;

export type EntryFile = RowOf<(typeof entrySchema)['properties']['file']>;

/** A content entry on the wire: the same fields for the three kinds (`title` is a FAQ's question, `body` its answer). */
export type EntryView = RowOf<typeof entrySchema>;

type Upload = { field: string; name: string; data: Buffer };

/** Per kind: what its file may be (by extension, then checked by content) and how large. */
const FILE_RULES: Record<
  ContentKind,
  { allowed: readonly string[]; wrongType: WrongFileType; maxBytes: number } | null
> = {
  NEWS: { allowed: IMAGE_EXTENSIONS, wrongType: 'UNSUPPORTED_FILE_TYPE.image', maxBytes: 2 * 1024 * 1024 },
  FAQ: null,
  GUIDE: { allowed: ['pdf', 'mp4'], wrongType: 'UNSUPPORTED_FILE_TYPE.guide', maxBytes: 25 * 1024 * 1024 },
};
const AREA: Record<ContentKind, string> = { NEWS: 'content/news', FAQ: 'content/faqs', GUIDE: 'content/guides' };

export function toView(secret: string, e: ContentEntry): EntryView {
  return {
    id: Number(e.id),
    kind: e.kind,
    user_type: e.user_type,
    title: e.title,
    body: e.body,
    link_url: e.link_url,
    file:
      e.file_key && e.file_name
        ? {
            name: e.file_name,
            extension: e.file_extension ?? '',
            mimetype: e.file_mimetype ?? 'application/octet-stream',
            size: Number(e.file_size ?? 0),
            ...signedUrls(secret, e.file_key, e.file_name),
          }
        : null,
    sort_order: e.sort_order,
    status: e.status,
    updated_at: new Date(e.updated_at).toISOString(),
  };
}

const LIST_SPEC: ListSpec = {
  fields: {
    title: 'title',
    body: 'body',
    user_type: 'user_type',
    status: 'status',
    sort_order: 'sort_order',
    updated_at: 'updated_at',
  },
  searchColumns: ['title', 'body'],
  defaultSort: [
    { column: 'user_type', direction: 'asc' },
    { column: 'sort_order', direction: 'asc' },
  ],
};

/** The operator's list of one kind, optionally for one user type and status. */
export async function listEntries(
  db: Knex,
  actor: Actor,
  config: Config,
  kind: ContentKind,
  raw: { user_type?: UserType; status?: string } & object,
): Promise<ListPage<EntryView>> {
  assertOperator(actor);
  const query = parseListQuery(raw, LIST_SPEC);
  const base = db('content_entries').where({ kind });
  if (raw.user_type) base.where({ user_type: raw.user_type });
  if (raw.status) base.where({ status: raw.status });
  const page = await runList<ContentEntry>(base, query, LIST_SPEC, 'id', (qb) => qb.select('*'), 'updated_at');
  return { ...page, items: page.items.map((e) => toView(config.jwtSecret, e)) };
}

async function loadEntry(db: Knex | Knex.Transaction, kind: ContentKind, id: number, lock = false) {
  const q = ContentEntry.query(db).findById(id).where({ kind });
  const entry = await (lock ? q.forUpdate() : q);
  if (!entry) throw new NotFoundError('CONTENT_NOT_FOUND');
  return entry;
}

export async function getEntry(
  db: Knex,
  actor: Actor,
  config: Config,
  kind: ContentKind,
  id: number,
): Promise<EntryView> {
  assertOperator(actor);
  return toView(config.jwtSecret, await loadEntry(db, kind, id));
}

/** The columns an input sets for its kind; the kind's rules refuse what it cannot hold. */
function columnsOf(kind: ContentKind, input: EntryInput, hasFile: boolean, hadFile: boolean) {
  const body = input.body?.trim() ?? '';
  const link = input.link_url?.trim() || null;
  const common = {
    user_type: input.user_type,
    title: input.title.trim(),
    ...(input.sort_order !== undefined ? { sort_order: input.sort_order } : {}),
    ...(input.status ? { status: input.status } : {}),
  };
  if (kind === 'NEWS') {
    if (!body) throw ValidationError.field('body', 'PROPERTY_REQUIRED', { property: 'description' });
    if (!hasFile && !hadFile) throw new ValidationError('NEWS_IMAGE_REQUIRED');
    return { ...common, body, link_url: link };
  }
  if (kind === 'FAQ') {
    // An answer is rich text (the FAQ editor's HTML): stored cleaned with the browser's allow-list (issue 36).
    const answer = cleanRichText(body);
    if (!answer.trim()) throw ValidationError.field('body', 'PROPERTY_REQUIRED', { property: 'answer' });
    return { ...common, body: answer, link_url: null };
  }
  if (hasFile && link) throw new ValidationError('GUIDE_FILE_OR_LINK');
  if (!hasFile && !link && !hadFile) throw new ValidationError('GUIDE_SOURCE_REQUIRED');
  // A guide given a link drops its file; a guide given neither keeps what it had.
  return { ...common, body: body || null, link_url: hasFile ? null : link };
}

async function checkFile(kind: ContentKind, uploads: Upload[]) {
  const rule = FILE_RULES[kind];
  const file = uploads.find((u) => u.field === 'file') ?? uploads[0];
  if (!file) return null;
  if (!rule) throw new ValidationError('CONTENT_TAKES_NO_FILE');
  return checkUpload(file, rule.allowed, rule.wrongType, rule.maxBytes);
}

const fileColumns = (key: string | null, file: Awaited<ReturnType<typeof checkFile>>) => ({
  file_key: key,
  file_name: file?.name ?? null,
  file_extension: file?.extension ?? null,
  file_mimetype: file?.mimetype ?? null,
  file_size: file?.size ?? null,
});

/** Creates or (with `id`) updates an entry; a new file replaces the old one, which is removed after the commit. */
export async function saveEntry(
  db: Knex,
  actor: Actor,
  config: Config,
  store: FileStore,
  kind: ContentKind,
  id: number | null,
  input: EntryInput,
  uploads: Upload[],
): Promise<EntryView> {
  assertOperator(actor);
  const file = await checkFile(kind, uploads);
  const key = file ? newFileKey(AREA[kind], file.name) : null;
  if (key && file) await store.put(key, file.data);
  try {
    const { saved, replaced } = await transaction(db, async (trx) => {
      const before = id === null ? null : await loadEntry(trx, kind, id, true);
      const columns = {
        ...columnsOf(kind, input, file !== null, Boolean(before?.file_key)),
        ...(file ? fileColumns(key, file) : {}),
        updated_by: actor.userId,
      };
      // A guide switched to a link no longer keeps its file.
      const dropFile = kind === 'GUIDE' && !file && columns.link_url && before?.file_key;
      if (dropFile) Object.assign(columns, fileColumns(null, null));
      const replaced = (file || dropFile) && before?.file_key ? before.file_key : null;
      let entryId: number;
      if (before) {
        await ContentEntry.query(trx).findById(before.id).patch(columns);
        entryId = Number(before.id);
      } else {
        const created = await ContentEntry.query(trx).insert({ ...columns, kind, created_by: actor.userId });
        entryId = Number(created.id);
      }
      const after = await loadEntry(trx, kind, entryId);
      await recordAudit(trx, actor, {
        organizationId: null,
        action: before ? 'CONTENT_UPDATED' : 'CONTENT_CREATED',
        entityType: `content_${kind.toLowerCase()}`,
        entityId: entryId,
        before: before ? { ...before } : undefined,
        after: { ...after },
      });
      return { saved: after, replaced };
    });
    if (replaced) await store.remove(replaced).catch(() => undefined);
    return toView(config.jwtSecret, saved);
  } catch (error) {
    if (key) await store.remove(key);
    throw error;
  }
}

/** Activates or inactivates an entry (master records: ACTIVE gives Inactivate, anything else Activate). */
export async function setEntryStatus(
  db: Knex,
  actor: Actor,
  config: Config,
  kind: ContentKind,
  id: number,
  status: 'ACTIVE' | 'INACTIVE',
): Promise<EntryView> {
  assertOperator(actor);
  const saved = await transaction(db, async (trx) => {
    const before = await loadEntry(trx, kind, id, true);
    await ContentEntry.query(trx).findById(id).patch({ status, updated_by: actor.userId });
    await recordAudit(trx, actor, {
      organizationId: null,
      action: status === 'ACTIVE' ? 'CONTENT_ACTIVATED' : 'CONTENT_INACTIVATED',
      entityType: `content_${kind.toLowerCase()}`,
      entityId: id,
      before: { status: before.status },
      after: { status },
    });
    return loadEntry(trx, kind, id);
  });
  return toView(config.jwtSecret, saved);
}

/** At most this many entries of a kind are shown to a reader: a page of help, not a table. */
export const READER_LIMIT = 500;

function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The active entries of one kind for the caller's user type, in their order; FAQs may be searched (question or answer). */
export async function readEntries(
  db: Knex,
  actor: Actor,
  config: Config,
  kind: ContentKind,
  search = '',
): Promise<EntryView[]> {
  const q = ContentEntry.query(db)
    .where({ kind, user_type: userTypeOf(actor), status: 'ACTIVE' })
    .orderBy([
      { column: 'sort_order', order: 'asc' },
      { column: 'id', order: 'asc' },
    ])
    .limit(READER_LIMIT);
  const text = search.trim();
  if (text) {
    const pattern = `%${escapeLike(text)}%`;
    q.where((w) => w.where('title', 'ilike', pattern).orWhere('body', 'ilike', pattern));
  }
  return (await q).map((e) => toView(config.jwtSecret, e));
}
