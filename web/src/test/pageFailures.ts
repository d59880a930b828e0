/**
 * Pages that failed during the current test (PageErrorBoundary logs "page failed"): setup.ts fails a test that left
 * any, so a fake backend's wrong answer cannot hide behind the error boundary. A test about the boundary itself
 * silences console.error, which records nothing.
 */
const failures: unknown[] = [];

export function recordPageFailure(error: unknown) {
  failures.push(error);
}

/** The failures of the test that just ended, cleared for the next one. */
export function takePageFailures(): unknown[] {
  return failures.splice(0);
}
