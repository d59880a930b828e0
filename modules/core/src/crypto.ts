import { createHash, randomBytes, randomInt, scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

const scryptAsync = promisify(scrypt) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: object,
) => Promise<Buffer>;

/** scrypt's cost as OWASP's password storage cheat sheet gives it: N=2^17, r=8, p=1 (128 MiB of memory per hash). */
export const PASSWORD_HASH_LOG2N = 17;
const R = 8;
const P = 1;
/** The largest cost a stored hash may name (2^20: 1 GiB); anything above is refused rather than computed. */
const MAX_LOG2N = 20;

/** scrypt needs 128·r·(N + p + 2) bytes; OpenSSL refuses past `maxmem`, so it is sized from the parameters. */
const memoryFor = (n: number, r: number, p: number) => 128 * r * (n + p + 2) + 1024 * 1024;

let current = { N: 2 ** PASSWORD_HASH_LOG2N, r: R, p: P };

/**
 * Sets the cost of new password hashes for this process (`Config.passwordHashLog2N`, which no environment variable
 * sets: the strong default holds in every install; only the test app lowers it so that thousands of sign-ins stay
 * fast). Hashes of another cost still verify, and a weaker one is replaced at the next sign-in (`needsRehash`).
 */
export function setPasswordHashCost(log2N: number): void {
  if (!Number.isInteger(log2N) || log2N < 1 || log2N > MAX_LOG2N)
    throw new Error(`The password hash cost must be a whole number from 1 to ${MAX_LOG2N}, got ${log2N}`);
  current = { N: 2 ** log2N, r: R, p: P };
}

/** scrypt hash as `scrypt$N$r$p$salt$hash`, so parameters can be raised later without breaking old hashes. */
export async function hashPassword(password: string, options: { log2N?: number } = {}): Promise<string> {
  const { N, r, p } = options.log2N === undefined ? current : { N: 2 ** options.log2N, r: R, p: P };
  const salt = randomBytes(16);
  const key = await scryptAsync(password, salt, 32, { N, r, p, maxmem: memoryFor(N, r, p) });
  return `scrypt$${N}$${r}$${p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

/** The parameters a stored hash names, or null when it is not one of ours (or names a cost we refuse to compute). */
function parse(stored: string | null | undefined) {
  const parts = (stored ?? '').split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
  const [, n, r, p, salt, hash] = parts as [string, string, string, string, string, string];
  const N = Number(n);
  const params = { N, r: Number(r), p: Number(p) };
  const powerOfTwo = Number.isInteger(N) && N > 1 && N <= 2 ** MAX_LOG2N && (N & (N - 1)) === 0;
  if (!powerOfTwo || params.r < 1 || params.r > 32 || params.p < 1 || params.p > 16) return null;
  return { ...params, salt: Buffer.from(salt, 'base64url'), hash: Buffer.from(hash, 'base64url') };
}

export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  const parsed = parse(stored);
  if (!parsed || parsed.hash.length === 0) {
    // Spend the same time as a real check so unknown emails cannot be told apart by timing.
    await scryptAsync(password, randomBytes(16), 32, {
      ...current,
      maxmem: memoryFor(current.N, current.r, current.p),
    });
    return false;
  }
  const { N, r, p, salt, hash } = parsed;
  const key = await scryptAsync(password, salt, hash.length, { N, r, p, maxmem: memoryFor(N, r, p) });
  return timingSafeEqual(key, hash);
}

/** Whether a stored hash is weaker than the current cost (or not ours): the next successful sign-in replaces it. */
export function needsRehash(stored: string | null | undefined): boolean {
  const parsed = parse(stored);
  if (!parsed) return true;
  return parsed.N < current.N || parsed.r < current.r || parsed.p < current.p;
}

/** A random URL-safe secret of `bytes` bytes (default 32 = 256 bits). */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** A numeric one-time code such as 482913. */
export function randomCode(digits = 6): string {
  return String(randomInt(0, 10 ** digits)).padStart(digits, '0');
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}
