import type { AnswerWithAction, NoticeAction, ResponseValue } from '../../api/notices';

/** What the form holds for one action before it is sent (file ids come from the action's uploaded files). */
export interface AnswerDraft {
  valueAcknowledge: boolean;
  valueText: string;
  valueNumeric: string;
  valueYesNo: '' | 'Yes' | 'No';
  valueCheckbox: string[];
  valueMultiChoice: string[];
}

export type AnswerProblem = 'required' | 'numeric';

export const emptyDraft = (): AnswerDraft => ({
  valueAcknowledge: false,
  valueText: '',
  valueNumeric: '',
  valueYesNo: '',
  valueCheckbox: [],
  valueMultiChoice: [],
});

/** The draft of an action from its saved answer (if any). */
export function draftFromResponse(value: ResponseValue | null | undefined): AnswerDraft {
  const d = emptyDraft();
  if (!value) return d;
  return {
    valueAcknowledge: value.valueAcknowledge === true,
    valueText: value.valueText ?? '',
    valueNumeric: value.valueNumeric === undefined || value.valueNumeric === null ? '' : String(value.valueNumeric),
    valueYesNo: value.valueYesNo === 'Yes' || value.valueYesNo === 'No' ? value.valueYesNo : '',
    valueCheckbox: Array.isArray(value.valueCheckbox) ? [...value.valueCheckbox] : [],
    valueMultiChoice: Array.isArray(value.valueMultiChoice) ? [...value.valueMultiChoice] : [],
  };
}

export function draftsOf(actions: readonly NoticeAction[]): Record<number, AnswerDraft> {
  return Object.fromEntries(actions.map((a) => [a.id, draftFromResponse(a.response?.value)]));
}

/** Numeric answers take digits only (spec §5); 0 is a valid answer. */
export function isDigits(value: string): boolean {
  return /^\d+$/.test(value);
}

/** Keeps only the digits a user typed or pasted. */
export function digitsOnly(value: string): string {
  return value.replace(/\D+/g, '');
}

/** Whether the draft (and uploaded files) hold an answer for this action type. */
export function hasValue(action: NoticeAction, draft: AnswerDraft): boolean {
  switch (action.action_type) {
    case 'Acknowledge':
      return draft.valueAcknowledge;
    case 'Text':
      return draft.valueText.trim() !== '';
    case 'Numeric':
      return draft.valueNumeric.trim() !== '';
    case 'YesNo':
      return draft.valueYesNo !== '';
    case 'Checkbox':
      return draft.valueCheckbox.length > 0;
    case 'MultipleChoice':
      return draft.valueMultiChoice.length > 0;
    case 'Image':
    case 'Document':
      return action.files.length > 0;
    default:
      return false;
  }
}

/**
 * Checks one answer as the server will (services/responses.ts): a numeric value must be digits; on submit a
 * required action needs a value. Drafts may be partial. Disabled actions are never checked.
 */
export function checkAnswer(action: NoticeAction, draft: AnswerDraft, submit: boolean): AnswerProblem | null {
  if (action.is_disabled) return null;
  if (action.action_type === 'Numeric' && draft.valueNumeric.trim() !== '' && !isDigits(draft.valueNumeric.trim()))
    return 'numeric';
  if (submit && action.is_required && !hasValue(action, draft)) return 'required';
  return null;
}

export function checkAll(
  actions: readonly NoticeAction[],
  drafts: Record<number, AnswerDraft>,
  submit: boolean,
): Record<number, AnswerProblem> {
  const out: Record<number, AnswerProblem> = {};
  for (const a of actions) {
    const problem = checkAnswer(a, drafts[a.id] ?? emptyDraft(), submit);
    if (problem) out[a.id] = problem;
  }
  return out;
}

/** The value field of the action's type only, as the API expects it. */
export function answerValueOf(action: NoticeAction, draft: AnswerDraft): ResponseValue {
  switch (action.action_type) {
    case 'Acknowledge':
      return { valueAcknowledge: draft.valueAcknowledge };
    case 'Text':
      return { valueText: draft.valueText.trim() };
    case 'Numeric':
      return { valueNumeric: draft.valueNumeric.trim() };
    case 'YesNo':
      return draft.valueYesNo ? { valueYesNo: draft.valueYesNo } : {};
    case 'Checkbox':
      return { valueCheckbox: action.options.filter((o) => draft.valueCheckbox.includes(o)) };
    case 'MultipleChoice':
      return { valueMultiChoice: action.options.filter((o) => draft.valueMultiChoice.includes(o)) };
    case 'Image':
      return { valueImage: action.files.map((f) => f.id) };
    case 'Document':
      return { valueDocument: action.files.map((f) => f.id) };
    default:
      return {};
  }
}

/**
 * The answers to send: on Save draft every answered action as a draft; on Submit every answered action, submitted.
 * Disabled actions and actions left empty are not sent (an empty optional action stays unanswered).
 */
export function buildAnswers(
  actions: readonly NoticeAction[],
  drafts: Record<number, AnswerDraft>,
  submit: boolean,
): AnswerWithAction[] {
  const out: AnswerWithAction[] = [];
  for (const a of actions) {
    if (a.is_disabled) continue;
    const draft = drafts[a.id] ?? emptyDraft();
    if (!hasValue(a, draft)) continue;
    out.push({ actionId: a.id, ...answerValueOf(a, draft), submit });
  }
  return out;
}

/** Toggles an option in a multi-select answer, keeping the action's option order. */
export function toggleOption(
  options: readonly string[],
  chosen: readonly string[],
  option: string,
  on: boolean,
): string[] {
  const set = new Set(chosen);
  if (on) set.add(option);
  else set.delete(option);
  return options.filter((o) => set.has(o));
}

/** The words an answer is written with (`useAnswerWords`): no code or `true` reaches a reader. */
export interface AnswerWords {
  yes: string;
  no: string;
  acknowledged: string;
  /** "2 file(s)", for file answers whose names are not at hand. */
  files: (count: number) => string;
}

/**
 * An answer's values as one line of words: an acknowledgement reads Acknowledged, a boolean Yes or No, lists
 * comma-separated and fields by semicolons. Files read by name when `fileNames` (id → name) knows them, else as a count.
 */
export function answerText(
  value: Record<string, unknown>,
  words: AnswerWords,
  fileNames: ReadonlyMap<number, string> = new Map(),
): string {
  return Object.entries(value)
    .map(([field, v]) => {
      if (field === 'valueAcknowledge') return v === true ? words.acknowledged : '';
      if (typeof v === 'boolean') return v ? words.yes : words.no;
      if (field === 'valueDocument' || field === 'valueImage') {
        const list = Array.isArray(v) ? v : [];
        const named = list.map((x) =>
          typeof x === 'object' && x !== null && 'name' in x ? String(x.name) : fileNames.get(Number(x)),
        );
        return named.every((n) => n !== undefined) ? named.join(', ') : list.length ? words.files(list.length) : '';
      }
      if (Array.isArray(v))
        return v
          .map((x) => (typeof x === 'object' && x !== null && 'name' in x ? String(x.name) : String(x)))
          .join(', ');
      return v === null || v === undefined ? '' : String(v);
    })
    .filter((text) => text !== '')
    .join('; ');
}
