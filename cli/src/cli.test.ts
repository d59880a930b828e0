import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, verifyPassword } from '@portal/core';
import { enqueueEmail } from '@portal/notifications';
import { createTestDatabase, type TestDatabase } from '@portal/testing';
import { CliError } from './context.js';
import { reset, seed } from './commands/db.js';
import { outboxList } from './commands/outbox.js';
import { createUser } from './commands/users.js';
import { addChangelogSection, bumpVersion, nextVersion } from './commands/version.js';
import { rotateKeys } from './commands/keys.js';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.drop());

describe('db', () => {
  it('seeds the demo world once, prints the sign-ins, and refuses a second time', async () => {
    const config = loadConfig({ DATABASE_URL: t.url });
    const out = await seed(t.db, true, config);
    expect(out).toContain('admin@operator.demo');
    expect(out).toContain('multi@riverside.demo');
    expect(out.match(/multi@riverside\.demo/g)).toHaveLength(1);
    await expect(seed(t.db, true, config)).rejects.toThrow(CliError);
    // Events in every state, sent through the real services.
    const states = (await t.db('communications').orderBy('id').select('type', 'status')) as {
      type: string;
      status: string;
    }[];
    expect(states.map((s) => `${s.type}:${s.status}`)).toEqual([
      'RECALL:DRAFT',
      'RECALL:OPEN',
      'RECALL:CLOSED',
      'PRODUCT DISRUPTION:OPEN',
    ]);
    expect(
      Number(
        (
          (await t
            .db('provider_responses')
            .where({ status: 'SUBMITTED' })
            .count<{ n: number }[]>({ n: '*' })
            .first()) as { n: number }
        ).n,
      ),
    ).toBe(3);
    expect(
      Number(
        (
          (await t.db('outbox_emails').where({ kind: 'NOTICE' }).count<{ n: number }[]>({ n: '*' }).first()) as {
            n: number;
          }
        ).n,
      ),
    ).toBeGreaterThan(0);
    // Acme's customer locations, three of them matched to demo providers, so the wizard has providers to pick.
    const matched = (await t
      .db('supplier_locations')
      .whereNotNull('provider_organization_id')
      .count<{ n: number }[]>({ n: '*' })
      .first()) as { n: number };
    expect(Number(matched.n)).toBe(3);
    const orgs = (await t.db('organizations').orderBy('id').pluck('name')) as string[];
    expect(orgs).toEqual([
      'Notisphere Operations',
      'Acme Medical Devices',
      'Borealis Pharma',
      'Riverside Health',
      'Riverside North Campus',
      'Riverside South Clinic',
      'Lakeshore Medical Center',
    ]);
    const sites = await t.db('organizations as s').join('organizations as p', 'p.id', 's.parent_id').pluck('p.name');
    expect(sites).toEqual(['Riverside Health', 'Riverside Health']);
  });

  it('reset erases every row and reloads the demo world on request', async () => {
    await t.db('users').where({ email: 'admin@acme.demo' }).update({ first_name: 'Changed' });
    await reset(t.db, true, loadConfig({ DATABASE_URL: t.url }));
    expect(
      ((await t.db('users').where({ email: 'admin@acme.demo' }).first('first_name')) as { first_name: string })
        .first_name,
    ).toBe('Alice');
  });
});

describe('users create', () => {
  it('creates a verified user with a role and a generated password that works', async () => {
    const r = await createUser(t.db, { org: 'Borealis Pharma', email: 'qa@borealis.demo', role: 'administrator' });
    expect(r).toMatchObject({ organization: 'Borealis Pharma', role: 'administrator', created: true });
    const row = (await t.db('users').where({ id: r.userId }).first('password_hash', 'status')) as {
      password_hash: string;
      status: string;
    };
    expect(row.status).toBe('VERIFIED');
    expect(await verifyPassword(r.password!, row.password_hash)).toBe(true);
  });

  it('fails clearly for an unknown organisation, role, email or a weak password, creating nothing', async () => {
    await expect(createUser(t.db, { org: 'Nope Inc', email: 'a@b.co', role: 'Administrator' })).rejects.toThrow(
      'No organisation "Nope Inc"',
    );
    await expect(createUser(t.db, { org: 'Borealis Pharma', email: 'a@b.co', role: 'Janitor' })).rejects.toThrow(
      /No role "Janitor" in Borealis Pharma\. Roles: Administrator/,
    );
    await expect(
      createUser(t.db, { org: 'Borealis Pharma', email: 'not-an-email', role: 'Administrator' }),
    ).rejects.toThrow('Not an email address');
    await expect(
      createUser(t.db, { org: 'Borealis Pharma', email: 'a@b.co', role: 'Administrator', password: 'weak' }),
    ).rejects.toThrow('Minimum 8 characters');
    expect(await t.db('users').where({ email: 'a@b.co' }).first()).toBeUndefined();
  });
});

describe('outbox list', () => {
  it('shows queued mail with its text, newest first, filtered by status and address', async () => {
    await enqueueEmail(t.db, {
      organizationId: null,
      kind: 'TEST',
      to: 'Reader@Example.com',
      subject: 'Hello',
      text: 'Your code is 123456.',
    });
    const out = await outboxList(t.db, { to: 'reader@example.com', full: true });
    expect(out).toContain('DELIVERY');
    expect(out).toContain('to reader@example.com  "Hello"');
    expect(out).toContain('Your code is 123456.');
    expect(await outboxList(t.db, { status: 'SENT', to: 'reader@example.com' })).toBe('The outbox is empty.');
    await expect(outboxList(t.db, { status: 'LOST' })).rejects.toThrow('--status must be one of');
    await expect(outboxList(t.db, { limit: '0' })).rejects.toThrow('--limit');
  });
});

describe('version bump', () => {
  it('computes the next version and refuses one that is not newer', () => {
    expect(nextVersion('3.11.2', 'patch')).toBe('3.11.3');
    expect(nextVersion('3.11.2', 'minor')).toBe('3.12.0');
    expect(nextVersion('3.11.2', 'major')).toBe('4.0.0');
    expect(nextVersion('3.11.2', '3.20.0')).toBe('3.20.0');
    expect(() => nextVersion('3.11.2', '3.11.2')).toThrow('not newer');
    expect(() => nextVersion('3.11.2', '2.99.99')).toThrow('not newer');
    expect(() => nextVersion('3.11.2', 'big')).toThrow('Expected patch, minor, major or x.y.z');
  });

  it('rewrites only the version line of the package file', () => {
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'bump-')), 'package.json');
    writeFileSync(file, '{\n  "name": "portal",\n  "version": "3.11.2",\n  "private": true\n}\n');
    expect(bumpVersion('minor', file)).toEqual({ from: '3.11.2', to: '3.12.0' });
    expect(readFileSync(file, 'utf8')).toBe('{\n  "name": "portal",\n  "version": "3.12.0",\n  "private": true\n}\n');
  });

  it('moves the unreleased notes of CHANGELOG.md into a dated section of the new version', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'bump-'));
    const file = path.join(dir, 'package.json');
    writeFileSync(file, '{\n  "version": "3.11.2"\n}\n');
    writeFileSync(
      path.join(dir, 'CHANGELOG.md'),
      '# Changelog\n\nIntro.\n\n## [Unreleased]\n\n- Range requests.\n- Presigned downloads.\n\n## [3.11.2]\n\nOlder.\n',
    );
    bumpVersion('patch', file, new Date('2026-11-28T23:30:00Z'));
    expect(readFileSync(path.join(dir, 'CHANGELOG.md'), 'utf8')).toBe(
      '# Changelog\n\nIntro.\n\n## [Unreleased]\n\n## [3.11.3] - 2026-11-28\n\n- Range requests.\n- Presigned downloads.\n\n## [3.11.2]\n\nOlder.\n',
    );
    // Nothing written since: the next section says so, and the older ones stay below in order.
    bumpVersion('minor', file, new Date('2026-12-01T08:00:00Z'));
    const text = readFileSync(path.join(dir, 'CHANGELOG.md'), 'utf8');
    expect(text).toContain(
      '## [Unreleased]\n\n## [3.12.0] - 2026-12-01\n\n- No changes were written down for this version.\n\n## [3.11.3]',
    );
    expect(text.match(/^## /gm)).toHaveLength(4);
  });

  it('starts a changelog when there is none, and refuses a version it already has', () => {
    expect(addChangelogSection('', '1.0.0', '2026-01-02')).toMatch(
      /^# Changelog\n[\s\S]*\n## \[Unreleased\]\n\n## \[1\.0\.0\] - 2026-01-02\n/,
    );
    expect(() => addChangelogSection('# C\n\n## [1.0.0] - 2026-01-02\n', '1.0.0', '2026-01-03')).toThrow(
      'already has a section for 1.0.0',
    );
    // Without an Unreleased heading the new section goes above the newest one.
    expect(addChangelogSection('# C\n\n## [0.9.0]\n\nOld.\n', '1.0.0', '2026-01-02')).toBe(
      '# C\n\n## [Unreleased]\n\n## [1.0.0] - 2026-01-02\n\n- No changes were written down for this version.\n\n## [0.9.0]\n\nOld.\n',
    );
  });
});

describe('keys rotate', () => {
  it('puts a new signing key first in DATA_DIR and keeps the old one for verifying; refuses when JWT_SECRET is set', () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-cli-keys-'));
    // The generated keys are secrets: none stays behind in the machine's temporary folder.
    try {
      const before = loadConfig({ DATA_DIR: dataDir });
      const out = rotateKeys({ DATA_DIR: dataDir });
      const after = loadConfig({ DATA_DIR: dataDir });
      expect(out).toContain(`New signing key ${after.jwtKeys[0]!.kid}`);
      expect(after.jwtSecret).not.toBe(before.jwtSecret);
      expect(after.jwtKeys.map((k) => k.secret)).toEqual([after.jwtSecret, before.jwtSecret]);
      expect(after.jwtKeys[1]!.retiredAt).not.toBeNull();
      expect(() => rotateKeys({ DATA_DIR: dataDir, JWT_SECRET: 'j'.repeat(32) })).toThrow(/JWT_PREVIOUS_SECRETS/);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('the program', () => {
  const run = promisify(execFile);
  const cli = (args: string[]) =>
    run(process.execPath, ['--import', 'tsx', path.resolve(import.meta.dirname, 'index.ts'), ...args], {
      env: { ...process.env, DATABASE_URL: t.url },
    });

  it('prints help for every command and exits non-zero on bad input', async () => {
    const help = await cli(['users', 'create', '--help']);
    expect(help.stdout).toContain('--org <name|id>');
    await expect(cli(['users', 'create', '--org', 'Acme Medical Devices'])).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining("required option '--email <email>' not specified"),
    });
    await expect(cli(['version', 'bump', 'sideways'])).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('Expected patch, minor, major or x.y.z'),
    });
    const listed = await cli(['outbox', 'list', '--limit', '5']);
    expect(listed.stdout).toContain('reader@example.com');
  }, 60_000);

  it('lists every queue with where it stands (waiting, in flight, failed, oldest waiting), shows failed jobs, retries them, and runs a job', async () => {
    const jobs = await cli(['jobs', 'list']);
    expect(jobs.stdout).toMatch(/^job\s+schedule\s+waiting\s+in flight\s+failed\s+oldest waiting\s+what it does$/m);
    expect(jobs.stdout).toMatch(/^notice-fanout\s+-\s+0\s+0\s+0\s+-\s+Queue the rest of a large send/m);
    expect(jobs.stdout).toMatch(/^reminders\s+0 \* \* \* \*\s+0\s+0\s+0\s+-\s/m);
    // The emails queued above wait in the outbox (no SMTP_URL here), in their jobs: the list counts the jobs.
    const waiting = Number(
      (
        (await t.db.raw(`SELECT count(*) AS n FROM pgboss.job WHERE name = 'outbox' AND state IN ('created', 'retry')`))
          .rows[0] as { n: number }
      ).n,
    );
    expect(waiting).toBeGreaterThan(0);
    const outbox = /^outbox\s+-\s+(\d+)\s+0\s+0\s+(\d+ s|\d+ min)\s/m.exec(jobs.stdout);
    expect(outbox?.[1]).toBe(String(waiting));
    expect((await cli(['jobs', 'run', 'notice-fanout'])).stdout).toContain('notice-fanout: runs=0');

    // A job that kept failing ends failed: listed with its error, and tried again on request.
    await t.db.raw(
      `UPDATE pgboss.job SET state = 'failed', completed_on = now(), output = '{"message": "relay said no"}'
       WHERE id = (SELECT id FROM pgboss.job WHERE name = 'outbox' ORDER BY created_on LIMIT 1)`,
    );
    const listed = await cli(['jobs', 'list']);
    expect(listed.stdout).toMatch(/^outbox\s+-\s+\d+\s+0\s+1\s/m);
    expect(listed.stdout).toMatch(/^ {2}outbox \S+ failed \S+: relay said no$/m);
    expect((await cli(['jobs', 'retry', 'outbox'])).stdout).toContain('outbox: 1 failed job(s) to be tried again');
    expect((await cli(['jobs', 'list'])).stdout).toMatch(/^outbox\s+-\s+\d+\s+0\s+0\s/m);
  }, 60_000);
});
