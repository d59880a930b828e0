import { createReadStream } from 'node:fs';
import { open, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import yauzl from 'yauzl';
import { ArraySplitter, type Element } from './split-array.js';

/**
 * Reads every shape openFDA publishes, one record at a time, in bounded memory: the bulk-download zip, the JSON
 * document `{ meta, results: [...] }` (or a bare array), JSON lines (one record a line; a line that is not JSON is
 * reported, the rest goes on) and a folder of any of these. Records stream: the next one is read only when the caller
 * asks (async iteration honours backpressure), so a file of several hundred megabytes never sits in memory.
 */
export type SourceItem =
  | { position: string; value: unknown }
  | { position: string; error: string }
  /** A file (or zip entry) that is well formed but holds no records: `results: []`, `[]`, no lines. */
  | { position: string; empty: true };

export interface ReadProgress {
  /** Bytes of JSON read so far (uncompressed, for a zip) and the total when known. */
  bytes: number;
  totalBytes: number;
}

const HEAD_BYTES = 64 * 1024;
const FILE_PATTERN = /\.(json|jsonl|ndjson|zip)$/i;

type Shape = 'document' | 'array' | 'lines';

/** The shape of a JSON text from its head: a document starts with its `meta` or `results` key, or spans lines. */
export function shapeOf(head: string): Shape | undefined {
  const text = head.replace(/^\uFEFF/, '').trimStart();
  if (text.startsWith('[')) return 'array';
  if (!text.startsWith('{')) return undefined;
  if (/^\{\s*"(meta|results)"\s*:/.test(text)) return 'document';
  const newline = text.indexOf('\n');
  // A first line that is a whole JSON value is JSON lines; "{" alone (a pretty-printed document) is not.
  if (newline < 0) return text.length >= HEAD_BYTES - 1 ? 'document' : 'lines';
  try {
    JSON.parse(text.slice(0, newline));
    return 'lines';
  } catch {
    return 'document';
  }
}

async function* jsonRecords(
  source: () => Readable,
  head: string,
  label: string,
  onBytes: (n: number) => void,
): AsyncGenerator<SourceItem> {
  const shape = shapeOf(head);
  // An empty file (or one of blank lines) holds no records; it is not a malformed one.
  if (head.replace(/^\uFEFF/, '').trim() === '') {
    yield { position: label, empty: true };
    return;
  }
  if (!shape) {
    yield { position: label, error: 'not JSON (expected a document, an array or JSON lines)' };
    return;
  }
  const input = source();
  input.on('data', (chunk: Buffer) => onBytes(chunk.length));
  if (shape === 'lines') {
    let line = 0;
    let any = false;
    for await (const text of createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY })) {
      line += 1;
      if (text.trim() === '') continue;
      any = true;
      try {
        yield { position: `${label} line ${line}`, value: JSON.parse(text) };
      } catch (error) {
        yield { position: `${label} line ${line}`, error: `not JSON: ${(error as Error).message.slice(0, 120)}` };
      }
    }
    if (!any) yield { position: label, empty: true };
    return;
  }
  const splitter = new ArraySplitter(shape);
  let index = 0;
  let errors = 0;
  const items = (elements: Element[]) =>
    elements.map((element): SourceItem => {
      if ('error' in element) {
        errors += 1;
        return { position: `${label} record ${index + 1}`, error: element.error };
      }
      index += 1;
      const position = `${label} record ${index}`;
      try {
        return { position, value: JSON.parse(element.text) };
      } catch (error) {
        return { position, error: `not JSON: ${(error as Error).message.slice(0, 120)}` };
      }
    });
  for await (const chunk of input) yield* items(splitter.push(chunk as Buffer));
  yield* items(splitter.end());
  if (index > 0 || errors > 0) return;
  // Well formed with an empty `results` (or an empty array): the file holds no records, which is not a refusal.
  if (splitter.foundRecords) yield { position: label, empty: true };
  else if (shape === 'document') yield { position: label, error: 'no "results" array of records' };
}

async function readHead(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    chunks.push(chunk as Buffer);
    size += (chunk as Buffer).length;
    if (size >= HEAD_BYTES) break;
  }
  stream.destroy();
  return Buffer.concat(chunks).subarray(0, HEAD_BYTES).toString('utf8');
}

function openZip(file: string): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) =>
    // autoClose off: the entries are read after the directory walk, so the zip stays open until we close it.
    yauzl.open(file, { lazyEntries: true, autoClose: false }, (err, zip) => (err ? reject(err) : resolve(zip))),
  );
}

function entryStream(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<Readable> {
  return new Promise((resolve, reject) =>
    zip.openReadStream(entry, (err, stream) => (err ? reject(err) : resolve(stream))),
  );
}

/** The JSON entries of a zip, in order; an entry is opened twice (its head for the shape, then the whole). */
async function* zipRecords(file: string, progress: (p: ReadProgress) => void): AsyncGenerator<SourceItem> {
  const zip = await openZip(file);
  const entries: yauzl.Entry[] = [];
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: yauzl.Entry) => {
      if (!entry.fileName.endsWith('/') && /\.(json|jsonl|ndjson)$/i.test(entry.fileName)) entries.push(entry);
      zip.readEntry();
    });
    zip.on('end', () => resolve());
    zip.on('error', reject);
    zip.readEntry();
  });
  const totalBytes = entries.reduce((n, e) => n + e.uncompressedSize, 0);
  let bytes = 0;
  try {
    if (!entries.length) yield { position: path.basename(file), error: 'the zip holds no .json file' };
    for (const entry of entries) {
      const head = await readHead(await entryStream(zip, entry));
      const stream = await entryStream(zip, entry);
      yield* jsonRecords(
        () => stream,
        head,
        `${path.basename(file)}:${entry.fileName}`,
        (n) => {
          bytes += n;
          progress({ bytes, totalBytes });
        },
      );
    }
  } finally {
    zip.close();
  }
}

async function isZip(file: string): Promise<boolean> {
  const handle = await open(file, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(4), 0, 4, 0);
    return bytesRead === 4 && buffer.readUInt32LE(0) === 0x04034b50;
  } finally {
    await handle.close();
  }
}

async function* fileRecords(file: string, progress: (p: ReadProgress) => void): AsyncGenerator<SourceItem> {
  if (await isZip(file)) {
    yield* zipRecords(file, progress);
    return;
  }
  const totalBytes = (await stat(file)).size;
  const head = await readHead(createReadStream(file, { end: HEAD_BYTES - 1 }));
  let bytes = 0;
  yield* jsonRecords(
    () => createReadStream(file, { highWaterMark: 256 * 1024 }),
    head,
    path.basename(file),
    (n) => {
      bytes += n;
      progress({ bytes, totalBytes });
    },
  );
}

/** The files an import reads: the path itself, or a folder's .json/.jsonl/.ndjson/.zip files in name order. */
export async function importFiles(target: string): Promise<string[]> {
  const info = await stat(target);
  if (!info.isDirectory()) return [target];
  const names = (await readdir(target, { withFileTypes: true }))
    .filter((d) => d.isFile() && FILE_PATTERN.test(d.name))
    .map((d) => d.name)
    .sort();
  return names.map((n) => path.join(target, n));
}

/** Every record under `target` (a file or a folder), with its position for the summary. */
export async function* readRecords(
  target: string,
  progress: (p: ReadProgress & { file: string }) => void = () => {},
): AsyncGenerator<SourceItem> {
  for (const file of await importFiles(target)) {
    yield* fileRecords(file, (p) => progress({ ...p, file }));
  }
}
