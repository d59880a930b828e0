import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync, chmodSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';
import { KEY_FILE, keyId, loadOrCreateKeyFile, rotateKeyFile } from './keys.js';

const dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(path.join(os.tmpdir(), 'portal-keys-'));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('signing keys', () => {
  it('generates a random 256-bit key on first start, readable by its owner only, and reuses it', () => {
    const dir = tempDir();
    const first = loadConfig({ DATA_DIR: dir });
    const file = path.join(dir, KEY_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(Buffer.from(first.jwtSecret, 'base64url')).toHaveLength(32);
    expect(first.jwtKeys).toEqual([{ kid: keyId(first.jwtSecret), secret: first.jwtSecret, retiredAt: null }]);
    expect(loadConfig({ DATA_DIR: dir }).jwtSecret).toBe(first.jwtSecret);
    // Another install gets another key: nothing in the repository decides it.
    expect(loadConfig({ DATA_DIR: tempDir() }).jwtSecret).not.toBe(first.jwtSecret);
  });

  it('tightens a keyring file that others could read', () => {
    const dir = tempDir();
    loadOrCreateKeyFile(dir);
    chmodSync(path.join(dir, KEY_FILE), 0o644);
    loadOrCreateKeyFile(dir);
    expect(statSync(path.join(dir, KEY_FILE)).mode & 0o777).toBe(0o600);
  });

  it('refuses a damaged keyring instead of signing with something weak', () => {
    const dir = tempDir();
    writeFileSync(
      path.join(dir, KEY_FILE),
      JSON.stringify({ keys: [{ kid: 'x', secret: 'short', createdAt: '', retiredAt: null }] }),
      { mode: 0o600 },
    );
    expect(() => loadConfig({ DATA_DIR: dir })).toThrow(/not a valid keyring/);
  });

  it('requires JWT_SECRET in production, and a long one wherever it is given', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: tempDir() })).toThrow(/JWT_SECRET must be set/);
    expect(() => loadConfig({ JWT_SECRET: 'too-short', DATA_DIR: tempDir() })).toThrow(/at least 32/);
    const secret = 's'.repeat(32);
    const previous = 'p'.repeat(40);
    const config = loadConfig({
      NODE_ENV: 'production',
      JWT_SECRET: secret,
      JWT_PREVIOUS_SECRETS: ` ${previous} ,`,
      ENCRYPTION_KEY: 'e'.repeat(32),
      DATA_DIR: tempDir(),
    });
    expect(config.jwtSecret).toBe(secret);
    expect(config.jwtKeys.map((k) => k.kid)).toEqual([keyId(secret), keyId(previous)]);
    expect(keyId(secret)).not.toContain(secret.slice(0, 8));
  });

  it('rotates: a new key signs, the old one is retired, and keys retired long enough ago are removed', () => {
    const dir = tempDir();
    const [original] = loadOrCreateKeyFile(dir);
    const t0 = Date.now();
    const first = rotateKeyFile(dir, 3600, t0);
    expect(first.retired).toEqual([original!.kid]);
    const keys = loadOrCreateKeyFile(dir);
    expect(keys.map((k) => k.kid)).toEqual([first.kid, original!.kid]);
    expect(keys[0]!.retiredAt).toBeNull();
    expect(keys[1]!.retiredAt).toBe(Math.floor(t0 / 1000));
    expect(statSync(path.join(dir, KEY_FILE)).mode & 0o777).toBe(0o600);
    // Within the lifetime the retired key stays; after it, the next rotation removes it.
    const second = rotateKeyFile(dir, 3600, t0 + 1000);
    expect(second.removed).toEqual([]);
    const third = rotateKeyFile(dir, 3600, t0 + 2 * 3600 * 1000);
    expect(third.removed).toEqual([first.kid, original!.kid]);
    const file = JSON.parse(readFileSync(path.join(dir, KEY_FILE), 'utf8')) as { keys: { kid: string }[] };
    expect(file.keys.map((k) => k.kid)).toEqual([third.kid, second.kid]);
  });
});
