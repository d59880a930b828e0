import { useMemo } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { AnswerWords } from './answers';

/** The reader's words for `answerText`. */
export function useAnswerWords(): AnswerWords {
  const { t } = useLingui();
  return useMemo(
    () => ({
      yes: t`Yes`,
      no: t`No`,
      acknowledged: t`Acknowledged`,
      files: (count: number) => t`${count} file(s)`,
    }),
    [t],
  );
}
