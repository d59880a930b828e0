import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';
import { i18n } from '@lingui/core';

i18n.loadAndActivate({ locale: 'en', messages: {} });

afterEach(() => {
  cleanup();
  localStorage.clear();
});
