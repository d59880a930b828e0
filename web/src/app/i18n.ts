import { i18n, type Messages } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { setDateLocale } from '@portal/design-system';

export type Locale = 'en' | 'vi' | 'pseudo';

export const DEFAULT_LOCALE: Locale = 'en';

/** Languages offered by the switcher; the pseudo locale only in development. */
export const LANGUAGES: { locale: Locale; label: MessageDescriptor }[] = [
  { locale: 'en', label: msg`English` },
  { locale: 'vi', label: msg`Vietnamese` },
  ...(import.meta.env.DEV ? [{ locale: 'pseudo' as const, label: msg`Pseudo` }] : []),
];

export function isLocale(value: unknown): value is Locale {
  return LANGUAGES.some((l) => l.locale === value);
}

const loaders: Record<Locale, () => Promise<{ messages: Messages }>> = {
  en: () => import('../locales/en/messages.po'),
  vi: () => import('../locales/vi/messages.po'),
  // The pseudo locale (to spot untranslated text) is only bundled in development.
  pseudo: import.meta.env.DEV
    ? () => import('../locales/pseudo/messages.po')
    : () => import('../locales/en/messages.po'),
};

export async function activateLocale(locale: Locale): Promise<void> {
  const { messages } = await loaders[locale]();
  // Dates follow the language: day first in Vietnamese, the spec's MM/DD/YYYY in English.
  setDateLocale(locale);
  i18n.loadAndActivate({ locale, messages });
  document.documentElement.lang = locale === 'pseudo' ? 'en' : locale;
}

export { i18n };
