import type { Knex } from 'knex';
import { escapeHtml } from '@portal/core';
import { type EmailTracking, pixelUrl, trackedUrl } from '../tracking.js';
import type { TemplateKind, TemplateLanguage } from './catalog.js';
import { templateKind } from './kinds.js';
import {
  type CompiledTemplate,
  compileTemplate,
  completeValues,
  type RenderedEmail,
  renderBody,
  renderCompiled,
  renderSubject,
  type TemplateValues,
} from './engine.js';

/** What a send names: the template key, its values, and whose override to prefer. */
export interface TemplateRef {
  key: string;
  values: TemplateValues;
  /** The provider whose own override (if any) replaces the platform's, for the kinds that allow one. */
  overrideOrganizationId?: number | null;
  language?: TemplateLanguage;
}

/** A template ready to render many times: looked up and compiled once per send, not per recipient. */
export interface LoadedTemplate {
  kind: TemplateKind;
  versionId: number;
  language: TemplateLanguage;
  render(values: TemplateValues, options?: { textValues?: TemplateValues; htmlAfter?: string }): RenderedEmail;
  /**
   * The subject now, and what renders the bodies later (`renderStored`, when the email is sent): a bulk send stores a
   * few hundred bytes a recipient instead of its whole text and HTML.
   */
  renderLater(
    values: TemplateValues,
    options?: { textValues?: TemplateValues; htmlAfter?: string; track?: readonly string[] },
  ): { subject: string; stored: StoredContent };
}

/** The values an email's bodies are rendered from when it is sent (outbox_emails.template_values). */
export interface StoredContent {
  values: Record<string, string>;
  /** The values the text part reads differently (only those: the notice link without the click tracker). */
  text?: Record<string, string>;
  htmlAfter?: string;
  /**
   * Values (links) the HTML part sends through the click tracker, with the open pixel added: both name the email's
   * outbox id and are signed, so they are made when it is sent (`renderStored` with tracking), not stored per row.
   * The text part keeps the plain links.
   */
  track?: readonly string[];
}

/**
 * Versions never change once written, so a compiled version is kept for the life of the process, per database: a
 * version id names a row of one database only (the test files of one process each have their own, and a reset may
 * hand an id out again), so the cache is keyed by the knex instance's config object, which its transactions share
 * (a transaction gets a client of its own, so the client itself would key one cache per transaction), and
 * `loadTemplate`, which reads the row anyway, compiles again when the cached text is not the row's.
 */
interface CompiledVersion {
  subject: string;
  body: string;
  compiled: CompiledTemplate;
}
const compiledByDatabase = new WeakMap<object, Map<string, CompiledVersion>>();
const CACHE_LIMIT = 500;

function compiledVersions(db: Knex | Knex.Transaction): Map<string, CompiledVersion> {
  const database = (db.client as { config: object }).config;
  let cache = compiledByDatabase.get(database);
  if (!cache) {
    cache = new Map();
    compiledByDatabase.set(database, cache);
  }
  return cache;
}

interface VersionRow {
  version_id: number;
  subject_en: string;
  body_en: string;
  subject_vi: string;
  body_vi: string;
}

/**
 * The current version of a template: the provider's own override when the kind allows one and it exists, else the
 * platform's. Null when there is none at all (the send is then recorded as ERROR_MISSING_TEMPLATE).
 */
export async function loadTemplate(
  db: Knex | Knex.Transaction,
  key: string,
  options: { overrideOrganizationId?: number | null; language?: TemplateLanguage } = {},
): Promise<LoadedTemplate | null> {
  const kind = templateKind(key);
  if (!kind) return null;
  const language = options.language ?? 'en';
  const override = kind.providerOverridable ? (options.overrideOrganizationId ?? null) : null;
  const q = db('email_templates as t')
    .join('email_template_versions as v', function () {
      this.on('v.template_id', 't.id').andOn('v.version', 't.version');
    })
    .where('t.key', key)
    .whereNull('t.disabled_at')
    .orderByRaw('t.organization_id IS NULL')
    .first('v.id as version_id', 'v.subject_en', 'v.body_en', 'v.subject_vi', 'v.body_vi');
  if (override) q.where((w) => w.whereNull('t.organization_id').orWhere('t.organization_id', override));
  else q.whereNull('t.organization_id');
  const row = (await q) as VersionRow | undefined;
  if (!row) return null;
  const versionId = Number(row.version_id);
  const compiled = compiledFor(db, versionId, language, row);
  return {
    kind,
    versionId,
    language,
    render: (values, opts = {}) =>
      renderCompiled(compiled, language, completeValues(kind, values), {
        textValues: opts.textValues ? completeValues(kind, opts.textValues) : undefined,
        htmlAfter: opts.htmlAfter,
      }),
    renderLater: (values, opts = {}) => {
      const complete = completeValues(kind, values);
      const differing = Object.entries(opts.textValues ? completeValues(kind, opts.textValues) : {}).filter(
        ([name, value]) => value !== complete[name],
      );
      return {
        subject: renderSubject(compiled, complete),
        stored: {
          values: complete,
          ...(differing.length ? { text: Object.fromEntries(differing) } : {}),
          ...(opts.htmlAfter ? { htmlAfter: opts.htmlAfter } : {}),
          ...(opts.track?.length ? { track: opts.track } : {}),
        },
      };
    },
  };
}

/**
 * The text and HTML of an email queued with `renderLater`, from the template version it names (versions never change,
 * so what is sent is what the sender saw when it queued).
 */
export async function renderStored(
  db: Knex | Knex.Transaction,
  versionId: number,
  language: TemplateLanguage,
  stored: StoredContent,
  tracking?: EmailTracking & { outboxId: number },
): Promise<Pick<RenderedEmail, 'text' | 'html'>> {
  let compiled = compiledVersions(db).get(`${versionId}:${language}`)?.compiled;
  if (!compiled) {
    const row = (await db('email_template_versions')
      .where({ id: versionId })
      .first('id as version_id', 'subject_en', 'body_en', 'subject_vi', 'body_vi')) as VersionRow | undefined;
    if (!row) throw new Error(`email template version ${versionId} does not exist`);
    compiled = compiledFor(db, versionId, language, row);
  }
  let values = stored.values;
  let textValues = stored.text ? { ...stored.values, ...stored.text } : undefined;
  let htmlAfter = stored.htmlAfter;
  if (stored.track?.length) {
    textValues ??= values;
    // Without tracking (a listing of the outbox) the HTML shows the plain links.
    if (tracking) {
      const { secret, appUrl, outboxId } = tracking;
      values = { ...values };
      for (const name of stored.track)
        if (values[name]) values[name] = trackedUrl(secret, appUrl, outboxId, values[name]);
      htmlAfter = `${htmlAfter ?? ''}<img src="${escapeHtml(pixelUrl(secret, appUrl, outboxId))}" width="1" height="1" alt="">`;
    }
  }
  return renderBody(compiled, language, values, { textValues, htmlAfter });
}

function compiledFor(
  db: Knex | Knex.Transaction,
  versionId: number,
  language: TemplateLanguage,
  row: VersionRow,
): CompiledTemplate {
  const cache = compiledVersions(db);
  const cacheKey = `${versionId}:${language}`;
  const text =
    language === 'vi' ? { subject: row.subject_vi, body: row.body_vi } : { subject: row.subject_en, body: row.body_en };
  const cached = cache.get(cacheKey);
  if (cached && cached.subject === text.subject && cached.body === text.body) return cached.compiled;
  if (cache.size >= CACHE_LIMIT) cache.clear();
  const compiled = compileTemplate(text);
  cache.set(cacheKey, { ...text, compiled });
  return compiled;
}
