import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { Config, SigningKey } from '@portal/core';

/**
 * The identity provider's client secret at rest: AES-256-GCM under a key derived (HKDF-SHA256) from a key of the
 * product's key ring (docs/architecture.md §4 "Signing keys": JWT_SECRET, or DATA_DIR/jwt-keys.json), never from
 * anything in the repository or the database. Stored as `v1.<kid>.<iv>.<tag>.<data>` (base64url), so a secret written
 * before a rotation is still read with the retired key while the ring keeps it, and re-encrypted with the current one
 * (at each start, and whenever it is read under an older key).
 */
const VERSION = 'v1';

const keyOf = (key: SigningKey) =>
  Buffer.from(hkdfSync('sha256', Buffer.from(key.secret, 'utf8'), Buffer.alloc(0), 'portal sso client secret', 32));

export function encryptSsoSecret(config: Pick<Config, 'jwtKeys'>, secret: string): string {
  const key = config.jwtKeys[0]!;
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(key), iv);
  const data = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  const parts = [iv, cipher.getAuthTag(), data].map((b) => b.toString('base64url'));
  return [VERSION, key.kid, ...parts].join('.');
}

/** The secret in clear, and whether it was written under an older key; null when no key of the ring opens it. */
export function decryptSsoSecret(
  config: Pick<Config, 'jwtKeys'>,
  stored: string,
): { secret: string; stale: boolean } | null {
  const [version, kid, iv, tag, data] = stored.split('.');
  if (version !== VERSION || !kid || !iv || !tag || data === undefined) return null;
  const key = config.jwtKeys.find((k) => k.kid === kid);
  if (!key) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(key), Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    const secret = Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
    return { secret, stale: key !== config.jwtKeys[0] };
  } catch {
    return null;
  }
}
