import * as React from 'react';

/**
 * The design system's own words: a dialog's close button, an empty select's prompt, a chart with nothing to draw, a
 * busy button. The app provides them once at its root (as it does the status words), so a component whose caller
 * passed no text is still in the app's language; a prop still wins, and without a provider they are English.
 */
export interface CommonWords {
  /** The app's language (a BCP 47 tag): the calendar's month and weekday names and its labels follow it. */
  language: string;
  close: string;
  selectPlaceholder: string;
  noData: string;
  loading: string;
}

export const defaultCommonWords: CommonWords = {
  language: 'en',
  close: 'Close',
  selectPlaceholder: 'Select...',
  noData: 'No data',
  loading: 'Loading...',
};

const CommonWordsContext = React.createContext<CommonWords>(defaultCommonWords);
export const CommonWordsProvider = CommonWordsContext.Provider;

export function useCommonWords(): CommonWords {
  return React.useContext(CommonWordsContext);
}
