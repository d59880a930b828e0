import { createStore } from 'jotai';

/** The one jotai store of the app; the root fetcher and the session watch use it outside React. */
export const appStore = createStore();
export type AppStore = typeof appStore;
