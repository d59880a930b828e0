import { useAtom } from 'jotai';
import { useLingui } from '@lingui/react/macro';
import { SimpleSelect } from '@portal/design-system';
import { activateLocale, isLocale, LANGUAGES } from './i18n';
import { localeAtom } from '../state/preferences';

/** Language choice, persisted in localStorage. */
export function LanguageSwitcher({ className }: { className?: string }) {
  const { t, i18n } = useLingui();
  const [locale, setLocale] = useAtom(localeAtom);
  const current = isLocale(locale) ? locale : 'en';
  return (
    <SimpleSelect
      aria-label={t`Language`}
      className={className}
      value={current}
      onValueChange={(value) => {
        if (!isLocale(value)) return;
        setLocale(value);
        void activateLocale(value);
      }}
      options={LANGUAGES.map((l) => ({ value: l.locale, label: i18n._(l.label) }))}
    />
  );
}
