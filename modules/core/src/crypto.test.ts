import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';
import { hashPassword, needsRehash, PASSWORD_HASH_LOG2N, setPasswordHashCost, verifyPassword } from './crypto.js';
import { isCommonPassword, isStrongPassword } from './password-rule.js';

const costOf = (stored: string) => Number(stored.split('$')[1]);

describe('password hashes', () => {
  // The cost is the process's: test apps lower it, and test files share their worker's modules (isolate: false).
  beforeEach(() => setPasswordHashCost(PASSWORD_HASH_LOG2N));
  afterEach(() => setPasswordHashCost(PASSWORD_HASH_LOG2N));

  it('hash at scrypt N=2^17, r=8 by default (128 MiB: within maxmem), and verify', async () => {
    expect(loadConfig({ JWT_SECRET: 'x'.repeat(40) }).passwordHashLog2N).toBe(17);
    // No environment variable lowers it.
    expect(loadConfig({ JWT_SECRET: 'x'.repeat(40), PASSWORD_HASH_LOG2N: '4' }).passwordHashLog2N).toBe(17);
    const stored = await hashPassword('Tangerine#Owl42');
    expect(stored).toMatch(/^scrypt\$131072\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(await verifyPassword('Tangerine#Owl42', stored)).toBe(true);
    expect(await verifyPassword('Tangerine#Owl43', stored)).toBe(false);
    expect(needsRehash(stored)).toBe(false);
  });

  it('verify a hash of the old cost (2^14) and ask for its rehash; a stronger one is kept', async () => {
    setPasswordHashCost(10);
    const old = await hashPassword('Tangerine#Owl42', { log2N: 9 });
    expect(costOf(old)).toBe(512);
    expect(await verifyPassword('Tangerine#Owl42', old)).toBe(true);
    expect(needsRehash(old)).toBe(true);
    expect(needsRehash(await hashPassword('x'))).toBe(false);
    expect(needsRehash(await hashPassword('x', { log2N: 11 }))).toBe(false);
    expect(costOf(await hashPassword('x'))).toBe(1024);
  });

  it('refuse, without computing, a stored hash that is not ours or names an absurd cost', async () => {
    for (const stored of [null, '', 'bcrypt$x', 'scrypt$1073741824$8$1$c2FsdA$aGFzaA', 'scrypt$1000$8$1$c2FsdA$aGFzaA'])
      expect(await verifyPassword('anything', stored)).toBe(false);
    expect(needsRehash('scrypt$1000$8$1$c2FsdA$aGFzaA')).toBe(true);
    expect(() => setPasswordHashCost(0)).toThrow();
    expect(() => setPasswordHashCost(21)).toThrow();
  });
});

describe('common and breached passwords', () => {
  it.each([
    'P@ssw0rd',
    'Password1!',
    'pASSWORD123!',
    'Summer2024!',
    'Welcome#2026',
    'Qwerty123!',
    '!Dragon2024',
    'Iloveyou#1',
  ])('refuse %s (on the list, or a listed one with digits and symbols added)', (password) => {
    expect(isStrongPassword(password) || password === 'P@ssw0rd').toBe(true);
    expect(isCommonPassword(password)).toBe(true);
  });

  it.each(['Tangerine#Owl42', 'Nurse#2026x', 'Acme#Reset2027', 'Lakeshore#2027', 'Vera#2026xx'])(
    'accept %s',
    (password) => {
      expect(isCommonPassword(password)).toBe(false);
    },
  );
});
