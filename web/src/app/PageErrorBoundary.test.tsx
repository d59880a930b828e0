import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import { PageErrorBoundary } from './PageErrorBoundary';

function Broken(): never {
  throw new Error('Failed to fetch dynamically imported module');
}

describe('PageErrorBoundary', () => {
  it('shows a reload prompt when a page fails to load and recovers on navigation', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { rerender } = render(
      <I18nProvider i18n={i18n}>
        <PageErrorBoundary resetKey="/a">
          <Broken />
        </PageErrorBoundary>
      </I18nProvider>,
    );
    expect(screen.getByTestId('page-error').textContent).toContain('This page could not be loaded.');
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
    rerender(
      <I18nProvider i18n={i18n}>
        <PageErrorBoundary resetKey="/b">
          <p>next page</p>
        </PageErrorBoundary>
      </I18nProvider>,
    );
    expect(screen.getByText('next page')).toBeTruthy();
  });
});
