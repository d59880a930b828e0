import { useCallback, useMemo, type ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import { CommonWordsProvider, StatusWordsProvider } from '@portal/design-system';
import { VOCABULARIES, type Label } from '@portal/vocabulary';
import { vocabularyLocale } from '../shared/words/labels';

/** The status vocabularies the one label map holds; their words come from it, so badges and views agree. */
const FROM_VOCABULARY = [
  VOCABULARIES.communicationStatus,
  VOCABULARIES.responseStatus,
  VOCABULARIES.locationStatus,
  VOCABULARIES.classification,
  VOCABULARIES.recordStatus,
  VOCABULARIES.userStatus,
] as const;

/**
 * Translates every status badge of the app (the design system's StatusLabel shows English words): a badge rendered
 * without its own `labels` no longer leaves English behind in Vietnamese.
 */
export function StatusWords({ children }: { children: ReactNode }) {
  const { t, i18n } = useLingui();
  const locale = vocabularyLocale(i18n.locale);
  const words = useMemo(() => {
    const map = new Map<string, string>();
    for (const vocabulary of FROM_VOCABULARY)
      for (const label of Object.values(vocabulary) as Label[]) map.set(label.en, label[locale]);
    const own: Record<string, string> = {
      Delivered: t`Delivered`,
      Delivery: t`Delivery`,
      Error: t`Error`,
      Sent: t`Sent`,
      Sending: t`Sending`,
      Submitted: t`Submitted`,
      Opened: t`Opened`,
      Click: t`Click`,
      Verified: t`Verified`,
      'Non Verified': t`Non Verified`,
      Locked: t`Locked`,
      Pending: t`Pending`,
      SSO: t`SSO`,
      Linked: t`Linked`,
      Red: t`Red`,
      Green: t`Green`,
      Yellow: t`Yellow`,
    };
    for (const [en, word] of Object.entries(own)) if (!map.has(en)) map.set(en, word);
    return map;
  }, [t, locale]);
  const translate = useCallback((word: string) => words.get(word) ?? word, [words]);
  return <StatusWordsProvider value={translate}>{children}</StatusWordsProvider>;
}

/**
 * The design system's own words (a dialog's close button, an empty select's prompt, an empty chart, a spinner, the
 * calendar's months and days) in the app's language, for every component whose caller passed none.
 */
export function CommonWords({ children }: { children: ReactNode }) {
  const { t, i18n } = useLingui();
  const words = useMemo(
    () => ({
      language: i18n.locale,
      close: t`Close`,
      selectPlaceholder: t`Select...`,
      noData: t`No data`,
      loading: t`Loading...`,
    }),
    [t, i18n.locale],
  );
  return <CommonWordsProvider value={words}>{children}</CommonWordsProvider>;
}
