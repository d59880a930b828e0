import type { ActionType, AnswerValue } from '@portal/communications';

/*
 * A submitted answer as the Provider Status Report writes it in one cell (XLSX and CSV alike).
 */

/**
 * A file answer's files by name, in the answer's order ("recall-letter.pdf; shelf.jpg"); a file whose name is not at
 * hand (removed since) is counted instead, so a cell never claims fewer files than the answer holds.
 */
function fileNames(ids: readonly number[] | undefined, names: Readonly<Record<string, string>> | null | undefined) {
  if (!ids?.length) return '';
  const named: string[] = [];
  let unnamed = 0;
  for (const id of ids) {
    const name = names && Object.hasOwn(names, String(id)) ? names[String(id)] : undefined;
    if (name === undefined) unnamed++;
    else named.push(name);
  }
  if (unnamed) named.push(`${unnamed} more file(s)`);
  return named.join('; ');
}

/** A submitted answer as one cell's text; files by name when `names` (file id → name) holds them. */
export function answerText(
  type: ActionType,
  v: AnswerValue | undefined,
  names?: Readonly<Record<string, string>> | null,
): string {
  if (!v) return '';
  switch (type) {
    case 'Acknowledge':
      return v.valueAcknowledge ? 'Yes' : '';
    case 'Text':
      return v.valueText ?? '';
    case 'Numeric':
      return v.valueNumeric ?? '';
    case 'YesNo':
      return v.valueYesNo ?? '';
    case 'Checkbox':
      return (v.valueCheckbox ?? []).join('; ');
    case 'MultipleChoice':
      return (v.valueMultiChoice ?? []).join('; ');
    case 'Image':
      return fileNames(v.valueImage, names);
    case 'Document':
      return fileNames(v.valueDocument, names);
    default:
      return '';
  }
}
