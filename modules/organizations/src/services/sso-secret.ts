import { openSecret, sealSecret, type Config } from '@portal/core';

/**
 * The identity provider's client secret at rest, sealed like every stored secret (core's secret box: AES-256-GCM under
 * the ENCRYPTION_KEY ring, never a key in the repository or the database). The organisation is the associated data,
 * so a sealed secret copied onto another organisation's row does not open there.
 */
const contextOf = (organizationId: number) => `sso:${organizationId}`;

export function encryptSsoSecret(
  config: Pick<Config, 'encryptionKeys'>,
  organizationId: number,
  secret: string,
): string {
  return sealSecret(config.encryptionKeys, secret, contextOf(organizationId));
}

/** The secret in clear, and whether it was sealed under an older key; null when no key of the ring opens it. */
export function decryptSsoSecret(
  config: Pick<Config, 'encryptionKeys'>,
  organizationId: number,
  stored: string,
): { secret: string; stale: boolean } | null {
  try {
    const opened = openSecret(config.encryptionKeys, stored, contextOf(organizationId));
    return { secret: opened.value, stale: opened.stale };
  } catch {
    return null;
  }
}
