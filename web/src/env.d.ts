/// <reference types="vite/client" />

declare module '*.po' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}

declare const __APP_VERSION__: string;

interface ImportMetaEnv {
  /** Comma-separated list of the old recall domains (host names). Empty by default. */
  readonly VITE_LEGACY_HOSTS?: string;
  /** Origin of the new alerts domain, e.g. https://alerts.example.com. */
  readonly VITE_NEW_ORIGIN?: string;
}
