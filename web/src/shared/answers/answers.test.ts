import { describe, expect, it } from 'vitest';
import type { NoticeAction } from '../../api/notices';
import {
  answerText,
  buildAnswers,
  checkAll,
  checkAnswer,
  digitsOnly,
  draftFromResponse,
  emptyDraft,
  hasValue,
  isDigits,
  toggleOption,
} from './answers';

const action = (over: Partial<NoticeAction> = {}): NoticeAction => ({
  id: 1,
  sort_order: 0,
  action_type: 'Text',
  title: 'Title',
  description: null,
  options: [],
  is_required: true,
  is_disabled: false,
  due_date: null,
  response: null,
  files: [],
  ...over,
});
const file = {
  id: 7,
  name: 'a.png',
  extension: 'png',
  type: 'image/png',
  size: 10,
  signed_url: '/f',
  signed_url_review: '/p',
};

describe('numeric answers', () => {
  it('accepts digits only, and 0 is a valid answer', () => {
    expect(isDigits('0')).toBe(true);
    expect(isDigits('120')).toBe(true);
    expect(isDigits('1.5')).toBe(false);
    expect(isDigits('-1')).toBe(false);
    expect(isDigits('')).toBe(false);
    expect(digitsOnly('1a2 3-')).toBe('123');
    const numeric = action({ action_type: 'Numeric' });
    expect(checkAnswer(numeric, { ...emptyDraft(), valueNumeric: '0' }, true)).toBeNull();
    expect(checkAnswer(numeric, { ...emptyDraft(), valueNumeric: '1e3' }, false)).toBe('numeric');
    expect(buildAnswers([numeric], { 1: { ...emptyDraft(), valueNumeric: '0' } }, true)).toEqual([
      { actionId: 1, valueNumeric: '0', submit: true },
    ]);
  });
});

describe('required answers', () => {
  it('are checked on submit only, never on a draft, never for disabled actions', () => {
    const a = action();
    expect(checkAnswer(a, emptyDraft(), true)).toBe('required');
    expect(checkAnswer(a, emptyDraft(), false)).toBeNull();
    expect(checkAnswer(action({ is_disabled: true }), emptyDraft(), true)).toBeNull();
    expect(checkAnswer(action({ is_required: false }), emptyDraft(), true)).toBeNull();
    expect(checkAnswer(a, { ...emptyDraft(), valueText: '   ' }, true)).toBe('required');
  });

  it('each type knows when it holds a value', () => {
    const d = emptyDraft();
    expect(hasValue(action({ action_type: 'Acknowledge' }), { ...d, valueAcknowledge: true })).toBe(true);
    expect(hasValue(action({ action_type: 'Acknowledge' }), d)).toBe(false);
    expect(hasValue(action({ action_type: 'YesNo' }), { ...d, valueYesNo: 'No' })).toBe(true);
    expect(hasValue(action({ action_type: 'Checkbox' }), { ...d, valueCheckbox: ['a'] })).toBe(true);
    expect(hasValue(action({ action_type: 'MultipleChoice' }), d)).toBe(false);
    expect(hasValue(action({ action_type: 'Image' }), d)).toBe(false);
    expect(hasValue(action({ action_type: 'Document', files: [file] }), d)).toBe(true);
  });

  it('checkAll lists every problem by action id', () => {
    const actions = [
      action({ id: 1 }),
      action({ id: 2, action_type: 'Numeric' }),
      action({ id: 3, is_required: false }),
    ];
    expect(checkAll(actions, { 2: { ...emptyDraft(), valueNumeric: 'x' } }, true)).toEqual({
      1: 'required',
      2: 'numeric',
    });
  });
});

describe('building the answers', () => {
  it('sends only the value field of each type, skips empty and disabled actions, and lists uploaded files', () => {
    const actions = [
      action({ id: 1, action_type: 'Acknowledge' }),
      action({ id: 2, action_type: 'Checkbox', options: ['a', 'b', 'c'] }),
      action({ id: 3, action_type: 'MultipleChoice', options: ['x', 'y'] }),
      action({ id: 4, action_type: 'Image', files: [file] }),
      action({ id: 5, action_type: 'YesNo', is_disabled: true }),
      action({ id: 6, action_type: 'Text', is_required: false }),
      action({ id: 7, action_type: 'YesNo' }),
    ];
    const drafts = {
      1: { ...emptyDraft(), valueAcknowledge: true, valueText: 'ignored' },
      2: { ...emptyDraft(), valueCheckbox: ['c', 'a'] },
      3: { ...emptyDraft(), valueMultiChoice: ['y'] },
      5: { ...emptyDraft(), valueYesNo: 'Yes' as const },
      7: { ...emptyDraft(), valueYesNo: 'No' as const },
    };
    expect(buildAnswers(actions, drafts, false)).toEqual([
      { actionId: 1, valueAcknowledge: true, submit: false },
      { actionId: 2, valueCheckbox: ['a', 'c'], submit: false },
      { actionId: 3, valueMultiChoice: ['y'], submit: false },
      { actionId: 4, valueImage: [7], submit: false },
      { actionId: 7, valueYesNo: 'No', submit: false },
    ]);
  });

  it('restores a saved answer into the form', () => {
    expect(draftFromResponse({ valueNumeric: '0', valueCheckbox: ['a'] })).toEqual({
      ...emptyDraft(),
      valueNumeric: '0',
      valueCheckbox: ['a'],
    });
    expect(draftFromResponse(null)).toEqual(emptyDraft());
  });

  it('toggles options in the order of the action', () => {
    expect(toggleOption(['a', 'b', 'c'], ['c'], 'a', true)).toEqual(['a', 'c']);
    expect(toggleOption(['a', 'b', 'c'], ['a', 'c'], 'a', false)).toEqual(['c']);
  });
});

describe('answerText', () => {
  const words = { yes: 'Yes', no: 'No', acknowledged: 'Acknowledged', files: (n: number) => `${n} file(s)` };

  it('writes answers in words: no true, no codes, files by name when known', () => {
    expect(answerText({ valueAcknowledge: true }, words)).toBe('Acknowledged');
    expect(answerText({ valueYesNo: 'No', valueText: 'Lot 4 located' }, words)).toBe('No; Lot 4 located');
    expect(answerText({ valueCheckbox: ['A', 'C'] }, words)).toBe('A, C');
    expect(
      answerText(
        { valueDocument: [7, 9] },
        words,
        new Map([
          [7, 'count.pdf'],
          [9, 'photo.jpg'],
        ]),
      ),
    ).toBe('count.pdf, photo.jpg');
    expect(answerText({ valueDocument: [7, 8] }, words, new Map([[7, 'count.pdf']]))).toBe('2 file(s)');
    expect(answerText({ valueImage: [{ id: 3, name: 'shelf.png' }] }, words)).toBe('shelf.png');
    expect(answerText({ valueText: null, valueNumeric: 12 }, words)).toBe('12');
    expect(answerText({ flag: false }, words)).toBe('No');
  });
});
