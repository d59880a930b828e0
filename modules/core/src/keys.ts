import { closeSync, existsSync, mkdirSync, openSync, writeSync } from 'node:fs';
import path from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import { readSecretFile, writeSecretFile } from './secret-files.js';

/**
 * One HMAC key of the product. The first key of a keyring signs; every key verifies. A retired key verifies only
 * what it signed before it was retired, so tokens it signed keep working until they expire, and no longer.
 */
export interface SigningKey {
  kid: string;
  secret: string;
  /** Unix seconds when the key stopped signing; null for the current key and for keys given by the environment. */
  retiredAt: number | null;
}

interface KeyFile {
  keys: { kid: string; secret: string; createdAt: string; retiredAt: string | null }[];
}

/** Smallest secret we accept from the environment: 32 bytes, the HMAC-SHA256 block strength. */
export const MIN_SECRET_LENGTH = 32;

export const KEY_FILE = 'jwt-keys.json';

/** A key id that names the key without revealing anything usable about it. */
export function keyId(secret: string): string {
  return createHash('sha256').update(`kid:${secret}`).digest('base64url').slice(0, 16);
}

const newSecret = () => randomBytes(32).toString('base64url');

function toKeys(file: KeyFile): SigningKey[] {
  return file.keys.map((k) => ({
    kid: k.kid,
    secret: k.secret,
    retiredAt: k.retiredAt ? Math.floor(Date.parse(k.retiredAt) / 1000) : null,
  }));
}

function readKeyFile(file: string): KeyFile {
  const parsed = JSON.parse(readSecretFile(file)) as KeyFile;
  if (
    !Array.isArray(parsed.keys) ||
    parsed.keys.length === 0 ||
    parsed.keys.some((k) => typeof k.secret !== 'string' || k.secret.length < MIN_SECRET_LENGTH)
  ) {
    throw new Error(`${file} is not a valid keyring; remove it to generate a new key (every session then ends)`);
  }
  return parsed;
}

/** Writes the keyring atomically, readable by this user only. */
function writeKeyFile(file: string, content: KeyFile): void {
  writeSecretFile(file, `${JSON.stringify(content, null, 2)}\n`);
}

/**
 * The keyring kept in DATA_DIR when JWT_SECRET is not set: the first start generates a random 256-bit key; later
 * starts reuse it. Two processes starting at once agree on one key (exclusive create). `fileName` names another ring
 * kept the same way (ENCRYPTION_KEY's, `ENCRYPTION_KEY_FILE`).
 */
export function loadOrCreateKeyFile(dataDir: string, fileName = KEY_FILE): SigningKey[] {
  const file = path.join(dataDir, fileName);
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    const secret = newSecret();
    const content: KeyFile = {
      keys: [{ kid: keyId(secret), secret, createdAt: new Date().toISOString(), retiredAt: null }],
    };
    try {
      const fd = openSync(file, 'wx', 0o600);
      try {
        writeSync(fd, `${JSON.stringify(content, null, 2)}\n`);
      } finally {
        closeSync(fd);
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  return toKeys(readKeyFile(file));
}

/**
 * Rotates the DATA_DIR keyring: a new key signs from the next start; the old one is retired and verifies what it
 * signed until `keepSeconds` have passed (the longest lifetime of anything it signed); older retired keys go.
 */
export function rotateKeyFile(
  dataDir: string,
  keepSeconds: number,
  now = Date.now(),
): { kid: string; retired: string[]; removed: string[] } {
  const file = path.join(dataDir, KEY_FILE);
  if (!existsSync(file)) throw new Error(`No keyring at ${file}: start the server once, or set JWT_SECRET`);
  const current = readKeyFile(file);
  const stamp = new Date(now).toISOString();
  const aged = (k: KeyFile['keys'][number]) =>
    k.retiredAt !== null && now - Date.parse(k.retiredAt) > keepSeconds * 1000;
  const removed = current.keys.filter(aged).map((k) => k.kid);
  const kept = current.keys.filter((k) => !aged(k)).map((k) => ({ ...k, retiredAt: k.retiredAt ?? stamp }));
  const secret = newSecret();
  const kid = keyId(secret);
  writeKeyFile(file, { keys: [{ kid, secret, createdAt: stamp, retiredAt: null }, ...kept] });
  return { kid, retired: kept.filter((k) => k.retiredAt === stamp).map((k) => k.kid), removed };
}

/**
 * The keys from the environment: JWT_SECRET signs; JWT_PREVIOUS_SECRETS (comma-separated) only verify, so an
 * operator rotates by moving the old secret there for as long as its tokens and links live.
 */
export function keysFromEnvironment(current: string, previous: string | undefined): SigningKey[] {
  const secrets = [
    current,
    ...(previous ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  ];
  for (const s of secrets) {
    if (s.length < MIN_SECRET_LENGTH)
      throw new Error(
        `JWT_SECRET and JWT_PREVIOUS_SECRETS must each be at least ${MIN_SECRET_LENGTH} characters (use: openssl rand -base64 32)`,
      );
  }
  return secrets.map((secret) => ({ kid: keyId(secret), secret, retiredAt: null }));
}
