import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { keysFromEnvironment, loadOrCreateKeyFile, MIN_SECRET_LENGTH, type SigningKey } from './keys.js';

/** The keyring that seals secrets at rest (TOTP secrets) when ENCRYPTION_KEY is not set, in DATA_DIR like jwt-keys.json. */
export const ENCRYPTION_KEY_FILE = 'encryption-keys.json';

/**
 * The keys that seal secrets stored in the database, kept exactly as the signing keys are (section 4 "Signing keys"):
 * ENCRYPTION_KEY seals and ENCRYPTION_PREVIOUS_KEYS (comma-separated) only open, or, without them, a random 256-bit
 * key generated once in DATA_DIR/encryption-keys.json (exclusive create, 0600). A separate ring from the signing
 * keys on purpose: a retired signing key is dropped after a day, while a sealed secret must open for as long as it
 * is kept, so rotating the signing keys must never touch it.
 */
export function loadEncryptionKeys(env: NodeJS.ProcessEnv, dataDir: string, production: boolean): SigningKey[] {
  if (!env.ENCRYPTION_KEY) {
    if (production) throw new Error('ENCRYPTION_KEY must be set when NODE_ENV=production');
    return loadOrCreateKeyFile(dataDir, ENCRYPTION_KEY_FILE);
  }
  const all = [env.ENCRYPTION_KEY, ...(env.ENCRYPTION_PREVIOUS_KEYS ?? '').split(',')].map((s) => s.trim());
  if (all.some((s) => s !== '' && s.length < MIN_SECRET_LENGTH))
    throw new Error(
      `ENCRYPTION_KEY and ENCRYPTION_PREVIOUS_KEYS must each be at least ${MIN_SECRET_LENGTH} characters (use: openssl rand -base64 32)`,
    );
  return keysFromEnvironment(env.ENCRYPTION_KEY, env.ENCRYPTION_PREVIOUS_KEYS);
}

const VERSION = 'v1';

/** A 256-bit AES key of its own per ring key, so the key material itself is never used twice for two purposes. */
function aesKey(key: SigningKey): Buffer {
  return Buffer.from(hkdfSync('sha256', key.secret, 'portal secret box', VERSION, 32));
}

/**
 * Seals `plain` with the ring's first key: AES-256-GCM, a random 96-bit nonce, `context` as associated data (the
 * record it belongs to, e.g. `totp:42`), so a sealed value copied onto another record does not open there.
 * The text is `v1.<kid>.<nonce>.<tag>.<ciphertext>`, base64url.
 */
export function sealSecret(keys: readonly SigningKey[], plain: string, context: string): string {
  const key = keys[0];
  if (!key) throw new Error('No encryption key');
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', aesKey(key), nonce);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [
    VERSION,
    key.kid,
    nonce.toString('base64url'),
    cipher.getAuthTag().toString('base64url'),
    body.toString('base64url'),
  ].join('.');
}

/**
 * Opens a sealed value with the key it names. `stale` says it was sealed by a key other than the current one (seal it
 * again to move it onto the current key). Throws when no key of the ring opens it, or it was altered.
 */
export function openSecret(
  keys: readonly SigningKey[],
  sealed: string,
  context: string,
): { value: string; stale: boolean } {
  const [version, kid, nonce, tag, body] = sealed.split('.');
  const key = keys.find((k) => k.kid === kid);
  if (version !== VERSION || !key || nonce === undefined || tag === undefined || body === undefined)
    throw new Error(`No encryption key opens this secret (key ${kid ?? '?'}): was ENCRYPTION_KEY changed?`);
  const decipher = createDecipheriv('aes-256-gcm', aesKey(key), Buffer.from(nonce, 'base64url'));
  decipher.setAAD(Buffer.from(context, 'utf8'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  const value = Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  return { value, stale: key !== keys[0] };
}
