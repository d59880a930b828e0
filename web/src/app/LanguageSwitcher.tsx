import { useAtom, useAtomValue } from 'jotai';
import { useLingui } from '@lingui/react/macro';
import { Button, cn } from '@portal/design-system';
import { activateLocale, isLocale, LANGUAGES } from './i18n';
import { saveMyLanguage } from '../api/me';
import { authAtom } from '../state/auth';
import { localeAtom } from '../state/preferences';

/**
 * Language choice as a small button group (no popover library on the public pages), persisted in
 * localStorage and, signed in, as the user's language, which their emails follow.
 */
export function LanguageSwitcher({ className, tone = 'dark' }: { className?: string; tone?: 'dark' | 'light' }) {
  const { t, i18n } = useLingui();
  const [locale, setLocale] = useAtom(localeAtom);
  const { isAuth } = useAtomValue(authAtom);
  const current = isLocale(locale) ? locale : 'en';
  return (
    <div role="group" aria-label={t`Language`} className={cn('flex gap-1', className)}>
      {LANGUAGES.map((language) => (
        <Button
          key={language.locale}
          type="button"
          size="sm"
          variant={language.locale === current ? 'secondary' : 'ghost'}
          aria-pressed={language.locale === current}
          className={
            language.locale === current || tone === 'light'
              ? undefined
              : 'text-inherit hover:bg-white/10 hover:text-inherit'
          }
          onClick={() => {
            setLocale(language.locale);
            void activateLocale(language.locale);
            // The emails' language; a failure leaves the screen's language switched and the emails as they were.
            if (isAuth && (language.locale === 'en' || language.locale === 'vi'))
              void saveMyLanguage(language.locale).catch(() => undefined);
          }}
        >
          {i18n._(language.label)}
        </Button>
      ))}
    </div>
  );
}
