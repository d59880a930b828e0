import { useEffect, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { FormField, TextInput } from '@portal/design-system';
import { FDA_RECALL_NUMBER, parseRecallNumbers } from '../../api/fdaLinks';

/**
 * Step 0's FDA recall numbers: typed as text, separated by commas or spaces; each must be Z-NNNN-YYYY (a
 * device) or D-NNNN-YYYY (a drug). The server checks them again.
 */
export function FdaRecallNumbersField({
  value,
  onChange,
  disabled,
}: {
  value: readonly string[];
  onChange: (numbers: string[]) => void;
  disabled?: boolean;
}) {
  const { t } = useLingui();
  const [text, setText] = useState(value.join(', '));
  // A draft loaded after the first render brings its numbers in; typing never fights this (the parse is the value).
  const joined = value.join(', ');
  useEffect(() => {
    setText((current) => (parseRecallNumbers(current).join(', ') === joined ? current : joined));
  }, [joined]);
  const wrong = parseRecallNumbers(text).filter((n) => !FDA_RECALL_NUMBER.test(n));
  const shown = wrong.join(', ');
  return (
    <FormField
      label={t`FDA Recall Numbers`}
      description={t`For example Z-1234-2020 (a device) or D-1234-2020 (a drug), separated by commas.`}
      error={wrong.length ? t`Not an FDA recall number: ${shown}` : undefined}
    >
      <TextInput
        value={text}
        maxLength={300}
        disabled={disabled}
        onValueChange={(next) => {
          setText(next);
          onChange(parseRecallNumbers(next));
        }}
      />
    </FormField>
  );
}
