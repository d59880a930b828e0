import type { Knex } from 'knex';
import {
  type Actor,
  checkUpload,
  type Config,
  type FileStore,
  ForbiddenError,
  IMAGE_EXTENSIONS,
  type ListPage,
  type ListSpec,
  MAX_ID,
  newFileKey,
  NotFoundError,
  parseListQuery,
  recordAudit,
  runList,
  signedUrls,
  ValidationError,
  transaction,
  type RowOf,
  type FromSchema,
} from '@portal/core';
import { findOrganizationCard, organizationsView } from '@portal/organizations';
import { QuickLink } from '../models/QuickLink.js';
import { QUICK_LINK_STATUSES, type QuickLinkStatus } from '../schemas.js';
import type { createBody, quickLinkSchema } from '../schemas.js';

/** Header images are small: 1 MB is plenty for a logo and keeps every page light. */
export const MAX_IMAGE_BYTES = 1024 * 1024;
export const MAX_TARGETS = 1000;
/** The organisations offered by `/meta` at once; the page narrows with `search` beyond that. */
export const META_LIMIT = 2000;

export interface TargetOrganization {
  id: number;
  name: string;
  type: string;
}

export type QuickLinkView = RowOf<typeof quickLinkSchema>;

export type CreateInput = FromSchema<typeof createBody>;

type Upload = { field: string; name: string; data: Buffer };

/**
 * The route says "any permission" (spec 000 §2), so every signed-in user passes the BFF; the management calls are still
 * the operator's alone: a provider or supplier must not see whom the operator targets.
 */
function assertOperator(actor: Actor): void {
  if (actor.organizationType !== 'NOTISPHERE') throw new ForbiddenError('QUICK_LINKS_OPERATOR_ONLY');
}

function toView(config: Config, link: QuickLink, organizations: TargetOrganization[]): QuickLinkView {
  const urls = signedUrls(config.jwtSecret, link.image_key, link.image_name);
  return {
    id: Number(link.id),
    url: link.url,
    status: link.status,
    path: urls.signed_url_review,
    image: { name: link.image_name, size: Number(link.image_size), ...urls },
    organizations,
    updated_at: new Date(link.updated_at).toISOString(),
  };
}

/** The targeted organisations of each link, by name. */
async function targetsOf(db: Knex | Knex.Transaction, ids: number[]): Promise<Map<number, TargetOrganization[]>> {
  const rows = ids.length
    ? ((await db('quick_link_organizations as qo')
        .join(organizationsView(db).as('o'), 'o.id', 'qo.organization_id')
        .whereIn('qo.quick_link_id', ids)
        .orderBy('o.name')
        .select('qo.quick_link_id', 'o.id', 'o.name', 'o.type')) as (TargetOrganization & {
        quick_link_id: string | number;
      })[])
    : [];
  const map = new Map<number, TargetOrganization[]>();
  for (const r of rows) {
    const list = map.get(Number(r.quick_link_id)) ?? [];
    list.push({ id: Number(r.id), name: r.name, type: r.type });
    map.set(Number(r.quick_link_id), list);
  }
  return map;
}

const LIST_SPEC: ListSpec = {
  fields: { url: 'q.url', status: 'q.status', updated_at: 'q.updated_at', created_at: 'q.created_at' },
  searchColumns: ['q.url'],
  defaultSort: [{ column: 'q.updated_at', direction: 'desc' }],
};

function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** GET /notisphere/quickLinks: paged, with `status` and `url` (the address or a targeted organisation's name). */
export async function listQuickLinks(
  db: Knex,
  actor: Actor,
  config: Config,
  raw: { status?: QuickLinkStatus; url?: string } & object,
): Promise<ListPage<QuickLinkView>> {
  assertOperator(actor);
  const query = parseListQuery(raw, LIST_SPEC);
  const base = db('quick_links as q');
  if (raw.status) base.where('q.status', raw.status);
  const text = raw.url?.trim();
  if (text) {
    const pattern = `%${escapeLike(text)}%`;
    base.where((w) =>
      w
        .where('q.url', 'ilike', pattern)
        .orWhereExists((e) =>
          e
            .select(db.raw('1'))
            .from('quick_link_organizations as qo')
            .join(organizationsView(db).as('o'), 'o.id', 'qo.organization_id')
            .whereRaw('qo.quick_link_id = q.id')
            .where('o.name', 'ilike', pattern),
        ),
    );
  }
  const page = await runList<QuickLink>(base, query, LIST_SPEC, 'q.id', (qb) => qb.select('q.*'), 'q.updated_at');
  const targets = await targetsOf(
    db,
    page.items.map((l) => Number(l.id)),
  );
  return { ...page, items: page.items.map((l) => toView(config, l, targets.get(Number(l.id)) ?? [])) };
}

/** GET /meta: the statuses and the organisations a link may target (active providers and suppliers, by name). */
export async function quickLinkMeta(
  db: Knex,
  actor: Actor,
  search = '',
): Promise<{ statuses: QuickLinkStatus[]; organizations: TargetOrganization[] }> {
  assertOperator(actor);
  const q = db
    .from(organizationsView(db).as('o'))
    .whereIn('type', ['PROVIDER', 'SUPPLIER'])
    .where('status', 'ACTIVE')
    .orderByRaw('lower(name)')
    .orderBy('id')
    .limit(META_LIMIT)
    .select('id', 'name', 'type');
  if (search.trim()) q.where('name', 'ilike', `%${escapeLike(search.trim())}%`);
  const organizations = ((await q) as TargetOrganization[]).map((o) => ({
    id: Number(o.id),
    name: o.name,
    type: o.type,
  }));
  return { statuses: [...QUICK_LINK_STATUSES], organizations };
}

export async function getQuickLink(db: Knex, actor: Actor, config: Config, id: number): Promise<QuickLinkView> {
  assertOperator(actor);
  const link = await QuickLink.query(db).findById(id);
  if (!link) throw new NotFoundError('QUICK_LINK_NOT_FOUND');
  return toView(config, link, (await targetsOf(db, [id])).get(id) ?? []);
}

/**
 * GET /account-links: the active links targeted at the caller's organisation (a site also gets its provider's), as
 * `{ id, path, url }` for the header. Any signed-in user may ask; the operator is targeted by none.
 */
export async function accountLinks(
  db: Knex,
  actor: Actor,
  config: Config,
): Promise<{ id: number; path: string; url: string }[]> {
  const own = await findOrganizationCard(db, actor.organizationId);
  const orgIds = [actor.organizationId, ...(own?.parent_id ? [Number(own.parent_id)] : [])];
  const links = await QuickLink.query(db)
    .where('status', 'ACTIVE')
    .whereExists(
      db('quick_link_organizations as qo')
        .select(db.raw('1'))
        .whereRaw('qo.quick_link_id = quick_links.id')
        .whereIn('qo.organization_id', orgIds),
    )
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .limit(50);
  return links.map((l) => {
    const view = toView(config, l, []);
    return { id: view.id, path: view.path, url: view.url };
  });
}

function parseTargets(raw: string): number[] {
  const ids = [
    ...new Set(
      raw
        .replace(/[[\]\s]/g, '')
        .split(',')
        .filter(Boolean)
        .map(Number),
    ),
  ];
  if (!ids.length) throw new ValidationError('TARGETS_REQUIRED');
  if (ids.length > MAX_TARGETS) throw new ValidationError('TOO_MANY_TARGETS', { max: MAX_TARGETS });
  const bad = ids.filter((id) => !Number.isSafeInteger(id) || id < 1 || id > MAX_ID);
  if (bad.length) throw new ValidationError('UNKNOWN_TARGETS', { ids: bad.join(', ') });
  return ids;
}

/** POST /create: a new link, or (with `id`) an edit of one; the image is checked by content and size. Audited. */
export async function saveQuickLink(
  db: Knex,
  actor: Actor,
  config: Config,
  store: FileStore,
  input: CreateInput,
  uploads: Upload[],
): Promise<QuickLinkView> {
  assertOperator(actor);
  const targets = parseTargets(input.organization_ids);
  const upload = uploads.find((u) => u.field === 'file') ?? uploads[0];
  const image = upload
    ? await checkUpload(upload, IMAGE_EXTENSIONS, 'UNSUPPORTED_FILE_TYPE.image', MAX_IMAGE_BYTES)
    : null;
  if (!image && !input.id) throw new ValidationError('IMAGE_REQUIRED');
  const key = image ? newFileKey('quick-links', image.name) : null;
  if (key && image) await store.put(key, image.data);
  try {
    const { id, replaced } = await transaction(db, async (trx) => {
      const known: { id: number }[] = await trx
        .from(organizationsView(trx).as('o'))
        .whereIn('id', targets)
        .whereIn('type', ['PROVIDER', 'SUPPLIER'])
        .select('id');
      const knownIds = new Set(known.map((o) => Number(o.id)));
      const unknown = targets.filter((t) => !knownIds.has(t));
      if (unknown.length) throw new ValidationError('UNKNOWN_TARGETS', { ids: unknown.join(', ') });

      const before = input.id ? await QuickLink.query(trx).findById(input.id).forUpdate() : null;
      if (input.id && !before) throw new NotFoundError('QUICK_LINK_NOT_FOUND');
      const beforeTargets = before ? ((await targetsOf(trx, [input.id!])).get(input.id!) ?? []).map((o) => o.id) : [];
      const columns = {
        url: input.url.trim(),
        ...(input.status ? { status: input.status } : {}),
        ...(image && key ? { image_key: key, image_name: image.name, image_size: image.size } : {}),
        updated_by: actor.userId,
      };
      let linkId: number;
      if (before) {
        await QuickLink.query(trx).findById(before.id).patch(columns);
        linkId = Number(before.id);
        await trx('quick_link_organizations').where({ quick_link_id: linkId }).delete();
      } else {
        const created = await QuickLink.query(trx).insert({
          ...(columns as Required<typeof columns>),
          created_by: actor.userId,
        });
        linkId = Number(created.id);
      }
      await trx('quick_link_organizations').insert(
        targets.map((organization_id) => ({ quick_link_id: linkId, organization_id })),
      );
      await recordAudit(trx, actor, {
        organizationId: null,
        action: before ? 'QUICK_LINK_UPDATED' : 'QUICK_LINK_CREATED',
        entityType: 'quick_link',
        entityId: linkId,
        before: before ? { ...before, organization_ids: beforeTargets } : undefined,
        after: { ...columns, organization_ids: targets },
      });
      return { id: linkId, replaced: image && before ? before.image_key : null };
    });
    if (replaced) await store.remove(replaced).catch(() => undefined);
    return getQuickLink(db, actor, config, id);
  } catch (error) {
    if (key) await store.remove(key);
    throw error;
  }
}

/** PUT /delete/{id}: the link stops showing (INACTIVE); it stays in the list and can be activated again. Audited. */
export async function deleteQuickLink(db: Knex, actor: Actor, config: Config, id: number): Promise<QuickLinkView> {
  assertOperator(actor);
  await transaction(db, async (trx) => {
    const before = await QuickLink.query(trx).findById(id).forUpdate();
    if (!before) throw new NotFoundError('QUICK_LINK_NOT_FOUND');
    await QuickLink.query(trx).findById(id).patch({ status: 'INACTIVE', updated_by: actor.userId });
    await recordAudit(trx, actor, {
      organizationId: null,
      action: 'QUICK_LINK_DELETED',
      entityType: 'quick_link',
      entityId: id,
      before: { status: before.status },
      after: { status: 'INACTIVE' },
    });
  });
  return getQuickLink(db, actor, config, id);
}
