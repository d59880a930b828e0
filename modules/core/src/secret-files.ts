import { chmodSync, closeSync, openSync, readFileSync, renameSync, statSync, writeSync } from 'node:fs';

/**
 * Reads a file that holds a secret (the signing keyring, the embedded database's password). Whatever created it, only
 * the server's user may read it: wider permissions are tightened to 0600 first.
 */
export function readSecretFile(file: string): string {
  if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600);
  return readFileSync(file, 'utf8');
}

/** Writes a secret to `file` atomically (temporary file, then rename), readable by this user only. */
export function writeSecretFile(file: string, content: string): void {
  const tmp = `${file}.${process.pid}.tmp`;
  const fd = openSync(tmp, 'w', 0o600);
  try {
    writeSync(fd, content);
  } finally {
    closeSync(fd);
  }
  chmodSync(tmp, 0o600);
  renameSync(tmp, file);
}
