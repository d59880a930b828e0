import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Opened and Click events (DESIGN §5): a tracking pixel and redirect links in each email. Both carry an HMAC of
 * the outbox id (and of the target address), so no one can forge events or turn the redirect into an open one.
 */
const sign = (secret: string, value: string) =>
  createHmac('sha256', `track:${secret}`).update(value).digest('base64url').slice(0, 22);

/** What signs an email's tracking links when it is rendered (the current key) and where they point. */
export interface EmailTracking {
  secret: string;
  appUrl: string;
}

export function pixelUrl(secret: string, appUrl: string, outboxId: number): string {
  return `${appUrl}/api/t/o/${outboxId}?s=${sign(secret, `o:${outboxId}`)}`;
}

export function trackedUrl(secret: string, appUrl: string, outboxId: number, target: string): string {
  return `${appUrl}/api/t/c/${outboxId}?u=${encodeURIComponent(target)}&s=${sign(secret, `c:${outboxId}:${target}`)}`;
}

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Every key of the keyring verifies: links in emails sent before a key rotation keep being tracked. */
const signedByAny = (secrets: readonly string[], value: string, signature: string) =>
  secrets.some((secret) => same(sign(secret, value), signature));

export function verifyPixel(secrets: readonly string[], outboxId: number, signature: string): boolean {
  return signedByAny(secrets, `o:${outboxId}`, signature);
}

export function verifyTrackedUrl(
  secrets: readonly string[],
  outboxId: number,
  target: string,
  signature: string,
): boolean {
  return signedByAny(secrets, `c:${outboxId}:${target}`, signature);
}

/** A 1x1 transparent GIF. */
export const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
