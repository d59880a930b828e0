import type { Knex } from 'knex';
import { type Actor, NotFoundError, recordAudit, transaction } from '@portal/core';
import { enqueueEmail } from '../outbox-queue.js';
import { usersViewOf } from '../recipients.js';
import { sampleValues, TEMPLATE_LANGUAGES, type TemplateKind, type TemplateLanguage } from './catalog.js';
import { TEMPLATE_KINDS, templateKind } from './kinds.js';
import {
  compileTemplate,
  completeValues,
  emailFrame,
  renderCompiled,
  type TemplateContents,
  validateTemplate,
} from './engine.js';

/** The editable content of a template: subject and HTML body in each language. */
export interface TemplateInput {
  subject_en: string;
  body_en: string;
  subject_vi: string;
  body_vi: string;
}

interface TemplateRow extends TemplateInput {
  id: number;
  key: string;
  organization_id: number | null;
  version: number;
  updated_at: Date;
  disabled_at?: Date | null;
}

const CONTENT_COLUMNS = ['subject_en', 'body_en', 'subject_vi', 'body_vi'] as const;
const VERSIONS_SHOWN = 50;

const contentsOf = (input: TemplateInput): TemplateContents => ({
  en: { subject: input.subject_en, body: input.body_en },
  vi: { subject: input.subject_vi, body: input.body_vi },
});

const trimmed = (input: TemplateInput): TemplateInput => ({
  subject_en: input.subject_en.trim(),
  body_en: input.body_en.trim(),
  subject_vi: input.subject_vi.trim(),
  body_vi: input.body_vi.trim(),
});

function kindOrNotFound(key: string): TemplateKind {
  const kind = templateKind(key);
  if (!kind) throw new NotFoundError('EMAIL_TEMPLATE_NOT_FOUND');
  return kind;
}

const describeKind = (kind: TemplateKind) => ({
  key: kind.key,
  name: kind.name,
  description: kind.description,
  provider_overridable: kind.providerOverridable,
});

async function versionsOf(db: Knex, templateId: number) {
  return db('email_template_versions as v')
    .leftJoin(usersViewOf(db).as('u'), 'u.id', 'v.created_by')
    .where('v.template_id', templateId)
    .orderBy('v.version', 'desc')
    .limit(VERSIONS_SHOWN)
    .select(
      'v.id',
      'v.version',
      'v.created_at',
      'u.email as created_by_email',
      ...CONTENT_COLUMNS.map((c) => `v.${c}`),
    );
}

function detail(kind: TemplateKind, row: TemplateRow, versions: unknown[], extra: Record<string, unknown> = {}) {
  return {
    id: row.id,
    ...describeKind(kind),
    ...Object.fromEntries(CONTENT_COLUMNS.map((c) => [c, row[c]])),
    version: row.version,
    updated_at: row.updated_at,
    placeholders: kind.placeholders,
    versions,
    ...extra,
  };
}

/**
 * Writes a new version of a template (creating the row for a provider's first override), validated against the
 * kind's placeholders, and audits it with the operator's or provider's identity.
 */
async function saveVersion(
  trx: Knex.Transaction,
  actor: Actor,
  kind: TemplateKind,
  existing: TemplateRow | undefined,
  organizationId: number | null,
  raw: TemplateInput,
): Promise<number> {
  const input = trimmed(raw);
  validateTemplate(kind, contentsOf(input));
  let id: number;
  let version: number;
  if (existing) {
    id = existing.id;
    version = existing.version + 1;
    await trx('email_templates')
      .where({ id })
      .update({ ...input, version, disabled_at: null, updated_by: actor.userId, updated_at: trx.fn.now() });
  } else {
    version = 1;
    const [row] = await trx('email_templates')
      .insert({ key: kind.key, organization_id: organizationId, ...input, version, updated_by: actor.userId })
      .returning('id');
    id = (row as { id: number }).id;
  }
  await trx('email_template_versions').insert({ template_id: id, version, ...input, created_by: actor.userId });
  await recordAudit(trx, actor, {
    organizationId: organizationId ?? actor.organizationId,
    action: 'EMAIL_TEMPLATE_UPDATED',
    entityType: 'email_template',
    entityId: id,
    before: existing ? { key: kind.key, version: existing.version, subject_en: existing.subject_en } : undefined,
    after: { key: kind.key, version, subject_en: input.subject_en, subject_vi: input.subject_vi },
  });
  return id;
}

/** Both languages rendered with the kind's sample values, in the email layout. */
export function previewContents(kind: TemplateKind, input: TemplateInput) {
  const contents = contentsOf(trimmed(input));
  validateTemplate(kind, contents);
  const values = completeValues(kind, sampleValues(kind));
  return Object.fromEntries(
    TEMPLATE_LANGUAGES.map((language) => {
      const r = renderCompiled(compileTemplate(contents[language]), language, values);
      return [language, { ...r, html: emailFrame(r.subject, r.html) }];
    }),
  ) as Record<TemplateLanguage, { subject: string; html: string; text: string }>;
}

/** A test send to the editor's own address: the (possibly unsaved) content with sample values. */
async function testSend(
  db: Knex,
  actor: Actor,
  kind: TemplateKind,
  input: TemplateInput,
  language: TemplateLanguage,
  versionId: number | null,
) {
  const rendered = previewContents(kind, input)[language];
  const id = await transaction(db, async (trx) => {
    const outboxId = await enqueueEmail(trx, {
      organizationId: actor.organizationId,
      kind: 'TEMPLATE_TEST',
      to: actor.email,
      subject: rendered.subject,
      text: rendered.text,
      html: rendered.html,
      referenceType: 'email_template',
      referenceId: kind.key,
    });
    if (versionId !== null)
      await trx('outbox_emails').where({ id: outboxId }).update({ template_version_id: versionId });
    return outboxId;
  });
  return { outbox_id: id, to: actor.email };
}

// ---- operator: the platform's templates ----

async function platformRow(db: Knex, id: number): Promise<{ row: TemplateRow; kind: TemplateKind }> {
  const row = (await db('email_templates').where({ id }).whereNull('organization_id').first()) as
    | TemplateRow
    | undefined;
  if (!row) throw new NotFoundError('EMAIL_TEMPLATE_NOT_FOUND');
  return { row, kind: kindOrNotFound(row.key) };
}

export async function listPlatformTemplates(db: Knex, query: { search?: string }) {
  const rows = (await db('email_templates')
    .whereNull('organization_id')
    .select('id', 'key', 'subject_en', 'subject_vi', 'version', 'updated_at')) as Pick<
    TemplateRow,
    'id' | 'key' | 'subject_en' | 'subject_vi' | 'version' | 'updated_at'
  >[];
  const byKey = new Map(rows.map((r) => [r.key, r]));
  const search = query.search?.trim().toLowerCase();
  // Catalogue order (sign-in, administration, notices, workflow); keys without a row show as missing.
  const data = TEMPLATE_KINDS.map((kind) => {
    const row = byKey.get(kind.key);
    return {
      id: row?.id ?? null,
      ...describeKind(kind),
      subject_en: row?.subject_en ?? null,
      subject_vi: row?.subject_vi ?? null,
      version: row?.version ?? null,
      updated_at: row?.updated_at ?? null,
    };
  }).filter(
    (t) =>
      !search ||
      [t.key, t.name, t.description, t.subject_en ?? '', t.subject_vi ?? ''].some((v) =>
        v.toLowerCase().includes(search),
      ),
  );
  return { data, total: data.length };
}

export async function getPlatformTemplate(db: Knex, id: number) {
  const { row, kind } = await platformRow(db, id);
  return detail(kind, row, await versionsOf(db, row.id));
}

export async function updatePlatformTemplate(db: Knex, actor: Actor, id: number, input: TemplateInput) {
  await transaction(db, async (trx) => {
    const row = (await trx('email_templates').where({ id }).whereNull('organization_id').forUpdate().first()) as
      | TemplateRow
      | undefined;
    if (!row) throw new NotFoundError('EMAIL_TEMPLATE_NOT_FOUND');
    await saveVersion(trx, actor, kindOrNotFound(row.key), row, null, input);
  });
  return getPlatformTemplate(db, id);
}

export async function previewPlatformTemplate(db: Knex, id: number, input: TemplateInput | undefined) {
  const { row, kind } = await platformRow(db, id);
  return previewContents(kind, input ?? row);
}

export async function testSendPlatformTemplate(
  db: Knex,
  actor: Actor,
  id: number,
  body: { language?: TemplateLanguage; content?: TemplateInput },
) {
  const { row, kind } = await platformRow(db, id);
  const version = body.content ? null : await currentVersionId(db, row);
  return testSend(db, actor, kind, body.content ?? row, body.language ?? 'en', version);
}

async function currentVersionId(db: Knex, row: TemplateRow): Promise<number | null> {
  const v = (await db('email_template_versions').where({ template_id: row.id, version: row.version }).first('id')) as
    | { id: number }
    | undefined;
  return v ? Number(v.id) : null;
}

// ---- provider: overrides of the mail its own users receive ----

const overridableKinds = () => TEMPLATE_KINDS.filter((k) => k.providerOverridable);

function overridableOrNotFound(key: string): TemplateKind {
  const kind = kindOrNotFound(key);
  if (!kind.providerOverridable) throw new NotFoundError('EMAIL_TEMPLATE_NOT_FOUND');
  return kind;
}

/** The provider's override of a key and the platform's template it falls back to. */
async function providerRows(db: Knex, actor: Actor, key: string) {
  const rows = (await db('email_templates')
    .where({ key })
    .where((w) => w.whereNull('organization_id').orWhere('organization_id', actor.organizationId))
    .select()) as TemplateRow[];
  return {
    own: rows.find((r) => r.organization_id !== null && !r.disabled_at),
    platform: rows.find((r) => r.organization_id === null),
  };
}

export async function listProviderTemplates(db: Knex, actor: Actor, query: { search?: string }) {
  const kinds = overridableKinds();
  const rows = (await db('email_templates')
    .whereIn(
      'key',
      kinds.map((k) => k.key),
    )
    .where((w) => w.whereNull('organization_id').orWhere('organization_id', actor.organizationId))
    .whereNull('disabled_at')
    .select('key', 'organization_id', 'subject_en', 'subject_vi', 'version', 'updated_at')) as TemplateRow[];
  const search = query.search?.trim().toLowerCase();
  const data = kinds
    .map((kind) => {
      const own = rows.find((r) => r.key === kind.key && r.organization_id !== null);
      const effective = own ?? rows.find((r) => r.key === kind.key && r.organization_id === null);
      return {
        ...describeKind(kind),
        overridden: Boolean(own),
        subject_en: effective?.subject_en ?? null,
        subject_vi: effective?.subject_vi ?? null,
        version: own?.version ?? null,
        updated_at: own?.updated_at ?? null,
      };
    })
    .filter(
      (t) =>
        !search || [t.key, t.name, t.description, t.subject_en ?? ''].some((v) => v.toLowerCase().includes(search)),
    );
  return { data, total: data.length };
}

export async function getProviderTemplate(db: Knex, actor: Actor, key: string) {
  const kind = overridableOrNotFound(key);
  const { own, platform } = await providerRows(db, actor, key);
  const effective = own ?? platform;
  if (!effective) throw new NotFoundError('EMAIL_TEMPLATE_NOT_FOUND');
  return detail(kind, effective, own ? await versionsOf(db, own.id) : [], { overridden: Boolean(own) });
}

export async function saveProviderTemplate(db: Knex, actor: Actor, key: string, input: TemplateInput) {
  const kind = overridableOrNotFound(key);
  await transaction(db, async (trx) => {
    const own = (await trx('email_templates')
      .where({ key, organization_id: actor.organizationId })
      .forUpdate()
      .first()) as TemplateRow | undefined;
    await saveVersion(trx, actor, kind, own, actor.organizationId, input);
  });
  return getProviderTemplate(db, actor, key);
}

/** Sets the provider's override aside: its users get the platform's template again (the versions stay, audited). */
export async function resetProviderTemplate(db: Knex, actor: Actor, key: string) {
  const kind = overridableOrNotFound(key);
  await transaction(db, async (trx) => {
    const own = (await trx('email_templates')
      .where({ key, organization_id: actor.organizationId })
      .whereNull('disabled_at')
      .forUpdate()
      .first()) as TemplateRow | undefined;
    if (!own) throw new NotFoundError('NO_TEMPLATE_VERSION');
    await trx('email_templates').where({ id: own.id }).update({ disabled_at: trx.fn.now(), updated_by: actor.userId });
    await recordAudit(trx, actor, {
      organizationId: actor.organizationId,
      action: 'EMAIL_TEMPLATE_RESET',
      entityType: 'email_template',
      entityId: own.id,
      before: { key: kind.key, version: own.version, subject_en: own.subject_en },
    });
  });
  return getProviderTemplate(db, actor, key);
}

export async function previewProviderTemplate(db: Knex, actor: Actor, key: string, input: TemplateInput | undefined) {
  const kind = overridableOrNotFound(key);
  if (input) return previewContents(kind, input);
  const { own, platform } = await providerRows(db, actor, key);
  const effective = own ?? platform;
  if (!effective) throw new NotFoundError('EMAIL_TEMPLATE_NOT_FOUND');
  return previewContents(kind, effective);
}

export async function testSendProviderTemplate(
  db: Knex,
  actor: Actor,
  key: string,
  body: { language?: TemplateLanguage; content?: TemplateInput },
) {
  const kind = overridableOrNotFound(key);
  const { own, platform } = await providerRows(db, actor, key);
  const effective = own ?? platform;
  if (!effective && !body.content) throw new NotFoundError('EMAIL_TEMPLATE_NOT_FOUND');
  const version = body.content || !effective ? null : await currentVersionId(db, effective);
  return testSend(db, actor, kind, body.content ?? effective!, body.language ?? 'en', version);
}
