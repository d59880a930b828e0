/**
 * One inventory import in a process of its own, started by bench/udi-eval.ts with a capped JavaScript heap so that
 * "bounded memory" is shown rather than sampled: the import finishes under the cap, or this process dies of it.
 * Arguments: the database URL, the file store's directory, the import's id. Prints one JSON line with its figures.
 */
import { performance } from 'node:perf_hooks';
import { createDb, LocalFileStore } from '../modules/core/src/index.js';
import { runImport } from '../modules/inventory/src/index.js';

const [url, filesDir, id] = process.argv.slice(2);
const db = createDb(url!, { min: 0, max: 4 });
try {
  const started = performance.now();
  const view = await runImport(db, new LocalFileStore(filesDir!), Number(id));
  const ms = performance.now() - started;
  // maxRSS is in kilobytes: the process's peak resident memory, its start and the code it loaded included.
  process.stdout.write(`${JSON.stringify({ ms, view, peakRssBytes: process.resourceUsage().maxRSS * 1024 })}\n`);
} finally {
  await db.destroy();
}
