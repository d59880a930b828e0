import { atomWithStorage } from 'jotai/utils';

export const LOCALE_STORAGE_KEY = 'locale';

export const localeAtom = atomWithStorage<string>(LOCALE_STORAGE_KEY, 'en', undefined, { getOnInit: true });
