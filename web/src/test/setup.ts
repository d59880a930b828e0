import { afterEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { i18n } from '@lingui/core';
import { setPageToken } from '../state/auth';

// Lazy pages load on first render; give slow (parallel) runs time.
configure({ asyncUtilTimeout: 45_000 });

i18n.loadAndActivate({ locale: 'en', messages: {} });

afterEach(() => {
  cleanup();
  // Each test's stubs (fetch above all) and sign-in end with it.
  vi.unstubAllGlobals();
  localStorage.clear();
  setPageToken(null);
});
