import { afterEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { i18n } from '@lingui/core';
import { setPageToken } from '../state/auth';
import { recordPageFailure, takePageFailures } from './pageFailures';

// Lazy pages load on first render; give slow (parallel) runs time.
configure({ asyncUtilTimeout: 45_000 });

i18n.loadAndActivate({ locale: 'en', messages: {} });

const consoleError = console.error.bind(console);
console.error = (...args: unknown[]) => {
  if (args[0] === 'page failed') recordPageFailure(args[1]);
  consoleError(...args);
};

afterEach(() => {
  cleanup();
  // Each test's stubs (fetch above all) and sign-in end with it.
  vi.unstubAllGlobals();
  localStorage.clear();
  setPageToken(null);
  const failed = takePageFailures();
  if (failed.length) throw new Error(`A page failed during the test: ${String(failed[0])}`);
});
