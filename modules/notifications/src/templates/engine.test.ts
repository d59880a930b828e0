import { describe, expect, it } from 'vitest';
import { sampleValues, TEMPLATE_LANGUAGES } from './catalog.js';
import { TEMPLATE_KINDS } from './kinds.js';
import { compileTemplate, completeValues, renderCompiled, validateTemplate } from './engine.js';

describe('the template engine', () => {
  it('accepts every default template', () => {
    for (const kind of TEMPLATE_KINDS) expect(() => validateTemplate(kind, kind.defaults)).not.toThrow();
  });

  it('renders every default the same on the fast path as through liquidjs, with values and without', () => {
    for (const kind of TEMPLATE_KINDS) {
      for (const language of TEMPLATE_LANGUAGES) {
        const fast = compileTemplate(kind.defaults[language]);
        const liquid = compileTemplate(kind.defaults[language], { fastPath: false });
        for (const values of [sampleValues(kind), {}]) {
          const complete = completeValues(kind, { ...values, supplier_name: values.supplier_name && 'A & "B" <C>' });
          expect(renderCompiled(fast, language, complete)).toEqual(renderCompiled(liquid, language, complete));
        }
      }
    }
  });

  it('treats an empty value as false in a condition', () => {
    const kind = TEMPLATE_KINDS.find((k) => k.key === 'RECALL_NOTICE')!;
    for (const fastPath of [true, false]) {
      const c = compileTemplate(kind.defaults.en, { fastPath });
      expect(renderCompiled(c, 'en', completeValues(kind, { event_name: 'Pumps', event_id: '' })).subject).toBe(
        'Recall notice: Pumps',
      );
      expect(renderCompiled(c, 'en', completeValues(kind, { event_name: 'Pumps', event_id: 'E-1' })).subject).toBe(
        'Recall notice: Pumps (E-1)',
      );
    }
  });

  it('keeps the plain-text part of today: paragraphs apart, links written out', () => {
    const kind = TEMPLATE_KINDS.find((k) => k.key === 'DELEGATE_REQUEST')!;
    const c = compileTemplate(kind.defaults.en);
    const r = renderCompiled(
      c,
      'en',
      completeValues(kind, {
        sender_email: 'a@b.test',
        event_kind: 'recall',
        event_name: 'Pumps',
        link: 'https://x.test/delegate-webform?token=abc',
        days: 30,
      }),
    );
    expect(r.text).toBe(
      [
        'a@b.test asks you to answer the actions of the recall "Pumps".',
        'Open the form:',
        'https://x.test/delegate-webform?token=abc',
        'This link is personal to you; do not forward it. It expires in 30 days.',
      ].join('\n\n'),
    );
  });
});
