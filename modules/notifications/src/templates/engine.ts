import { convert } from 'html-to-text';
import { Liquid, type Template } from 'liquidjs';
import { escapeHtml, ValidationError } from '@portal/core';
import { TEMPLATE_LANGUAGES, type TemplateContent, type TemplateKind, type TemplateLanguage } from './catalog.js';

/**
 * Email templates are Liquid (liquidjs): named placeholders, `if`/`unless`/`case` and filters, nothing that reads
 * files. The HTML body escapes every value; the subject and the plain-text part are text and do not. Variables are
 * strict: rendering with a value missing fails rather than sending a hole.
 */
const noFiles = {
  readFileSync: () => {
    throw new Error('templates cannot include files');
  },
  readFile: async () => {
    throw new Error('templates cannot include files');
  },
  existsSync: () => false,
  exists: async () => false,
  resolve: (_root: string, file: string) => file,
};
const common = {
  strictVariables: true,
  lenientIf: true,
  ownPropertyOnly: true,
  fs: noFiles,
  root: [],
  relativeReference: false,
  cache: false,
};
const htmlEngine = new Liquid({ ...common, outputEscape: 'escape' });
const textEngine = new Liquid(common);

/** Tags a template may use; `include`, `render`, `layout` and the like are refused. */
const ALLOWED_TAGS = new Set([
  'if',
  'elsif',
  'else',
  'endif',
  'unless',
  'endunless',
  'case',
  'when',
  'endcase',
  'comment',
  'endcomment',
]);

const PART_LABEL = { subject: 'subject', body: 'body' } as const;
const LANGUAGE_LABEL: Record<TemplateLanguage, string> = { en: 'English', vi: 'Vietnamese' };

export type TemplateContents = Record<TemplateLanguage, TemplateContent>;

/**
 * Refuses a template that does not parse, uses a placeholder its kind does not offer (named in the message), uses a
 * tag other than the conditionals, or switches escaping off.
 */
export function validateTemplate(kind: TemplateKind, contents: TemplateContents): void {
  const offered = new Set(kind.placeholders.map((p) => p.name));
  for (const language of TEMPLATE_LANGUAGES) {
    for (const part of ['subject', 'body'] as const) {
      const source = contents[language][part];
      const where = `The ${LANGUAGE_LABEL[language]} ${PART_LABEL[part]}`;
      if (!source.trim()) throw new ValidationError(`${where} is required.`, { field: `${part}_${language}` });
      for (const m of source.matchAll(/\{%-?\s*(\w+)/g)) {
        if (!ALLOWED_TAGS.has(m[1]!))
          throw new ValidationError(`${where} uses the tag "${m[1]}", which templates do not offer.`, {
            field: `${part}_${language}`,
            tag: m[1],
          });
      }
      if (/\|\s*raw\b/.test(source))
        throw new ValidationError(`${where} uses the "raw" filter; values are always escaped.`, {
          field: `${part}_${language}`,
        });
      let names: string[];
      try {
        names = textEngine.globalVariablesSync(textEngine.parse(source));
      } catch (error) {
        throw new ValidationError(`${where} cannot be read: ${(error as Error).message.split('\n')[0]}`, {
          field: `${part}_${language}`,
        });
      }
      const unknown = names.filter((n) => !offered.has(n));
      if (unknown.length)
        throw new ValidationError(
          `${where} uses the placeholder ${unknown.map((n) => `{{ ${n} }}`).join(', ')}, which this template does not offer. Offered: ${[...offered].join(', ') || 'none'}.`,
          { field: `${part}_${language}`, placeholders: unknown },
        );
    }
  }
}

export interface CompiledTemplate {
  subject: Template[];
  html: Template[];
  /** The plain-text part, compiled from the HTML body converted once (not per recipient). */
  text: Template[];
}

const TEXT_OPTIONS = {
  wordwrap: false as const,
  selectors: [
    { selector: 'a', options: { hideLinkHrefIfSameAsText: true, linkBrackets: ['[', ']'] as [string, string] } },
    { selector: 'img', format: 'skip' },
    ...['h1', 'h2', 'h3', 'h4', 'h5', 'h6'].map((selector) => ({ selector, options: { uppercase: false } })),
    { selector: 'table', format: 'dataTable' },
  ],
};

export function compileTemplate(content: TemplateContent): CompiledTemplate {
  return {
    subject: textEngine.parse(content.subject),
    html: htmlEngine.parse(content.body),
    text: textEngine.parse(convert(content.body, TEXT_OPTIONS)),
  };
}

export type TemplateValues = Record<string, string | number | null | undefined>;

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

/** Every offered placeholder gets a value (missing ones are empty), so strict rendering fails only on a bug. */
export function completeValues(kind: TemplateKind, values: TemplateValues): Record<string, string> {
  const out: Record<string, string> = {};
  for (const p of kind.placeholders) {
    const v = values[p.name];
    out[p.name] = v === null || v === undefined ? '' : String(v);
  }
  return out;
}

export function renderCompiled(
  compiled: CompiledTemplate,
  language: TemplateLanguage,
  values: Record<string, string>,
  options: { textValues?: Record<string, string>; htmlAfter?: string } = {},
): RenderedEmail {
  const subject = textEngine.renderSync(compiled.subject, values).replace(/\s+/g, ' ').trim();
  const body = htmlEngine.renderSync(compiled.html, values);
  const text = textEngine
    .renderSync(compiled.text, options.textValues ?? values)
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return { subject, html: emailLayout(language, subject, body, options.htmlAfter ?? ''), text };
}

/**
 * The frame of every email: a centred 600px table with inline styles, which Outlook, Gmail and Apple Mail all lay
 * out alike (they ignore or strip <style> blocks and most CSS layout).
 */
export function emailLayout(language: TemplateLanguage, subject: string, body: string, after = ''): string {
  return [
    '<!DOCTYPE html>',
    `<html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">`,
    `<title>${escapeHtml(subject)}</title></head>`,
    '<body style="margin:0;padding:0;background-color:#f3f4f6;">',
    '<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background-color:#f3f4f6;">',
    '<tr><td align="center" style="padding:24px 12px;">',
    '<table role="presentation" width="600" cellpadding="0" cellspacing="0" border="0" style="width:100%;max-width:600px;background-color:#ffffff;border:1px solid #e5e7eb;">',
    '<tr><td style="padding:24px 28px;font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:22px;color:#1f2937;">',
    body,
    '</td></tr></table>',
    '</td></tr></table>',
    after,
    '</body></html>',
  ].join('\n');
}
