import { atom } from 'jotai';

/** Message of the error modal (ok:false answers); null when closed. */
export const errorMessageAtom = atom<string | null>(null);

/** Set when the server's x-app-version differs from the stored one. */
export const newVersionAtom = atom<string | null>(null);
