import { lazy, Suspense, type ComponentType } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import { CHUNK_TIMEOUT_MS, ChunkLoadError, loadChunk } from './chunks';
import { PageErrorBoundary } from './PageErrorBoundary';

const never = () => new Promise<{ default: ComponentType }>(() => undefined);
const page = () => Promise.resolve({ default: () => <p>the page</p> });

/** The page a route shows, and what loads it (a test swaps both, as the app's retry does). */
let loader: () => Promise<{ default: ComponentType }> = never;
let Page = lazy(loadChunk(() => loader()));
function Route() {
  return (
    <Suspense fallback={<p>Loading...</p>}>
      <Page />
    </Suspense>
  );
}

describe('a lazily loaded chunk (spec 000 §9: script chunk load time-out 120000 ms)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('gives up after 120 s, not before', async () => {
    expect(CHUNK_TIMEOUT_MS).toBe(120_000);
    const outcome = vi.fn();
    loadChunk(never)().catch(outcome);
    await vi.advanceTimersByTimeAsync(119_999);
    expect(outcome).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(outcome).toHaveBeenCalledWith(expect.any(ChunkLoadError));
    expect((outcome.mock.calls[0]![0] as ChunkLoadError).timedOut).toBe(true);
  });

  it('passes a chunk that arrives in time, and says a failed one failed (not timed out)', async () => {
    await expect(loadChunk(page)()).resolves.toHaveProperty('default');
    const failed = loadChunk(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')))();
    await expect(failed).rejects.toMatchObject({ name: 'ChunkLoadError', timedOut: false });
  });

  it('shows a clear message and a retry that loads the page again', async () => {
    loader = never;
    Page = lazy(loadChunk(() => loader()));
    render(
      <I18nProvider i18n={i18n}>
        <PageErrorBoundary
          resetKey="/a"
          onRetry={() => {
            loader = page;
            Page = lazy(loadChunk(() => loader()));
          }}
        >
          <Route />
        </PageErrorBoundary>
      </I18nProvider>,
    );
    expect(screen.getByText('Loading...')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(CHUNK_TIMEOUT_MS));
    const alert = screen.getByTestId('page-error');
    expect(alert.textContent).toContain('This page took too long to load.');
    expect(alert.textContent).toContain('Check your connection, then try again.');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(screen.getByText('the page')).toBeTruthy();
    expect(screen.queryByTestId('page-error')).toBeNull();
  });
});
