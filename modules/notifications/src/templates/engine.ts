import { convert } from 'html-to-text';
import { Liquid, type Template } from 'liquidjs';
import { escapeHtml, ValidationError, type RowOf } from '@portal/core';
import { TEMPLATE_LANGUAGES, type TemplateContent, type TemplateKind, type TemplateLanguage } from './catalog.js';
import type { templatePreview } from './output-schemas.js';

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
// jsTruthy: an empty value is false in `{% if %}` (Liquid's own rule keeps "" true), as the fast path below does.
const common = {
  jsTruthy: true,
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
      const where = { language: LANGUAGE_LABEL[language], part: PART_LABEL[part] };
      const field = `${part}_${language}`;
      if (!source.trim()) throw new ValidationError('TEMPLATE_PART_REQUIRED', where).withDetails({ field });
      for (const m of source.matchAll(/\{%-?\s*(\w+)/g)) {
        if (!ALLOWED_TAGS.has(m[1]!))
          throw new ValidationError('TEMPLATE_TAG_UNKNOWN', { ...where, tag: m[1]! }).withDetails({ field, tag: m[1] });
      }
      if (/\|\s*raw\b/.test(source)) throw new ValidationError('TEMPLATE_RAW_FILTER', where).withDetails({ field });
      let names: string[];
      try {
        names = textEngine.globalVariablesSync(textEngine.parse(source));
      } catch (error) {
        const reason = (error as Error).message.split('\n')[0] ?? '';
        throw new ValidationError('TEMPLATE_UNREADABLE', { ...where, reason }).withDetails({ field });
      }
      const unknown = names.filter((n) => !offered.has(n));
      const written = unknown.map((n) => `{{ ${n} }}`).join(', ');
      if (unknown.length)
        throw new ValidationError('TEMPLATE_PLACEHOLDER_UNKNOWN', {
          ...where,
          placeholders: written,
          offered: [...offered].join(', ') || 'none',
        }).withDetails({ field, placeholders: unknown });
    }
  }
}

type Renderer = (values: Record<string, string>) => string;

export interface CompiledTemplate {
  subject: Renderer;
  html: Renderer;
  /** The plain-text part, compiled from the HTML body converted once (not per recipient). */
  text: Renderer;
}

/**
 * Templates made only of text, `{{ name }}` and `{% if name %}` / `{% unless name %}` (with `else`) — all the defaults —
 * compile to a closure over string pieces: a notice send renders 10,000 of them, and liquidjs's general renderer costs
 * tens of microseconds a call. Anything else (filters, case, whitespace control) renders through liquidjs.
 */
function fastRenderer(source: string, escaped: boolean): Renderer | null {
  type Node = string | { name: string } | { cond: string; negate: boolean; whenTrue: Node[]; whenFalse: Node[] };
  const token =
    /\{\{\s*([a-z_][a-z0-9_]*)\s*\}\}|\{%\s*(if|unless)\s+([a-z_][a-z0-9_]*)\s*%\}|\{%\s*(else|endif|endunless)\s*%\}/gi;
  const root: Node[] = [];
  const stack: { nodes: Node[]; block?: Extract<Node, { cond: string }>; kind?: string; inElse?: boolean }[] = [
    { nodes: root },
  ];
  let last = 0;
  const literal = (text: string) => {
    if (text.includes('{{') || text.includes('{%')) return false;
    if (text) stack.at(-1)!.nodes.push(text);
    return true;
  };
  for (const m of source.matchAll(token)) {
    if (!literal(source.slice(last, m.index))) return null;
    last = m.index + m[0].length;
    const top = stack.at(-1)!;
    if (m[1]) top.nodes.push({ name: m[1] });
    else if (m[2]) {
      const block = { cond: m[3]!, negate: m[2] === 'unless', whenTrue: [] as Node[], whenFalse: [] as Node[] };
      top.nodes.push(block);
      stack.push({ nodes: block.whenTrue, block, kind: m[2] });
    } else if (m[4] === 'else') {
      if (!top.block || top.inElse) return null;
      top.inElse = true;
      top.nodes = top.block.whenFalse;
    } else {
      if (!top.block || `end${top.kind}` !== m[4]) return null;
      stack.pop();
    }
  }
  if (!literal(source.slice(last)) || stack.length !== 1) return null;
  const out = escaped ? escapeLikeLiquid : (v: string) => v;
  const build = (nodes: Node[]): Renderer => {
    const parts = nodes.map((n): Renderer => {
      if (typeof n === 'string') return () => n;
      if ('name' in n) return (values) => out(values[n.name] ?? '');
      const whenTrue = build(n.whenTrue);
      const whenFalse = build(n.whenFalse);
      return (values) => (Boolean(values[n.cond]) !== n.negate ? whenTrue(values) : whenFalse(values));
    });
    return (values) => {
      let s = '';
      for (const part of parts) s += part(values);
      return s;
    };
  };
  return build(root);
}

const LIQUID_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&#34;', "'": '&#39;' };
/** liquidjs's `escape`, character for character, so both paths give the same bytes. */
const escapeLikeLiquid = (v: string) => (/[&<>"']/.test(v) ? v.replace(/[&<>"']/g, (c) => LIQUID_ESCAPES[c]!) : v);

/** A link whose text is its address is written once in the text part (html-to-text compares them after encoding). */
const unwrapSelfLinks = (html: string) =>
  html.replace(/<a\b[^>]*?\bhref="([^"]*)"[^>]*>([^<]*)<\/a>/gi, (m, href: string, text: string) =>
    href.trim() === text.trim() ? text : m,
  );

function renderer(engine: Liquid, source: string, escaped: boolean, fastPath: boolean): Renderer {
  const fast = fastPath ? fastRenderer(source, escaped) : null;
  if (fast) return fast;
  const parsed: Template[] = engine.parse(source);
  return (values) => engine.renderSync(parsed, values) as string;
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

/** `fastPath: false` renders everything through liquidjs (the tests compare the two). */
export function compileTemplate(content: TemplateContent, { fastPath = true } = {}): CompiledTemplate {
  return {
    subject: renderer(textEngine, content.subject, false, fastPath),
    html: renderer(htmlEngine, content.body, true, fastPath),
    text: renderer(textEngine, convert(unwrapSelfLinks(content.body), TEXT_OPTIONS), false, fastPath),
  };
}

export type TemplateValues = Record<string, string | number | null | undefined>;

export type RenderedEmail = RowOf<(typeof templatePreview)['properties']['en']>;

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
  return { subject: renderSubject(compiled, values), ...renderBody(compiled, language, values, options) };
}

export function renderSubject(compiled: CompiledTemplate, values: Record<string, string>): string {
  const raw = compiled.subject(values);
  return /\s\s|[\t\n\r]|^\s|\s$/.test(raw) ? raw.replace(/\s+/g, ' ').trim() : raw;
}

export function renderBody(
  compiled: CompiledTemplate,
  language: TemplateLanguage,
  values: Record<string, string>,
  options: { textValues?: Record<string, string>; htmlAfter?: string } = {},
): Pick<RenderedEmail, 'html' | 'text'> {
  let text = compiled.text(options.textValues ?? values);
  // Only a conditional or a value can leave blank runs; the common case skips the regular expressions.
  if (text.includes('\n\n\n') || /[ \t]\n/.test(text))
    text = text.replace(/[ \t]+\n/g, '\n').replace(/\n{3,}/g, '\n\n');
  // The stored HTML is the body; the sender puts it in the frame (emailFrame), so 10,000 rows do not each carry it.
  return {
    html: `<div lang="${language}">${compiled.html(values)}</div>${options.htmlAfter ?? ''}`,
    text: text.trim(),
  };
}

const LAYOUT_TOP = [
  '<body style="margin:0;padding:0;background-color:#f3f4f6;">',
  '<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background-color:#f3f4f6;">',
  '<tr><td align="center" style="padding:24px 12px;">',
  '<table role="presentation" width="600" cellpadding="0" cellspacing="0" border="0" style="width:100%;max-width:600px;background-color:#ffffff;border:1px solid #e5e7eb;">',
  '<tr><td style="padding:24px 28px;font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:22px;color:#1f2937;">',
].join('\n');
const LAYOUT_BOTTOM = '</td></tr></table>\n</td></tr></table>';

/**
 * The frame of every email, added when it is sent: a centred 600px table with inline styles, which Outlook, Gmail
 * and Apple Mail all lay out alike (they ignore or strip <style> blocks and most CSS layout). A complete document is
 * sent as it is.
 */
export function emailFrame(subject: string, html: string): string {
  if (/^\s*<(!doctype|html)/i.test(html)) return html;
  return `<!DOCTYPE html>
<html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(subject)}</title></head>
${LAYOUT_TOP}
${html}
${LAYOUT_BOTTOM}
</body></html>`;
}
