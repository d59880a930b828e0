/**
 * Where a background job's work stands, the same for every queue (the outbox, the notice fan-out, location matching,
 * the FDA import): shown by `pnpm cli jobs list` and the metrics.
 */
export interface QueueStatus {
  /** Work waiting to be taken. */
  waiting: number;
  /** Work a process holds right now; null where the queue cannot tell (its claims are row locks). */
  inFlight: number | null;
  /** Work that failed for good (or, for the FDA import, files whose last import failed). */
  failed: number;
  /** Seconds the oldest waiting piece has waited; null when nothing waits. */
  oldestWaitingSeconds: number | null;
}
