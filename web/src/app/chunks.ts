/**
 * Lazily loaded chunks (pages, the shell, the modals) give up after the spec's script chunk load time-out (000 §9:
 * 120000 ms) instead of leaving a spinner forever: the page's error boundary then says so and offers a retry.
 */
export const CHUNK_TIMEOUT_MS = 120_000;

/** A chunk that failed to load, or did not arrive within `CHUNK_TIMEOUT_MS` (`timedOut`). */
export class ChunkLoadError extends Error {
  readonly timedOut: boolean;
  constructor(timedOut: boolean, cause?: unknown) {
    super(timedOut ? 'Loading chunk timed out' : 'Loading chunk failed', { cause });
    this.name = 'ChunkLoadError';
    this.timedOut = timedOut;
  }
}

/** `load`, failing with a ChunkLoadError when it fails or takes longer than `ms`. */
export function loadChunk<T>(load: () => Promise<T>, ms = CHUNK_TIMEOUT_MS): () => Promise<T> {
  return () =>
    new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => reject(new ChunkLoadError(true)), ms);
      load().then(
        (value) => {
          clearTimeout(timer);
          resolve(value);
        },
        (err: unknown) => {
          clearTimeout(timer);
          reject(new ChunkLoadError(false, err));
        },
      );
    });
}
