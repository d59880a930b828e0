import path from 'node:path';
import { PASSWORD_HASH_LOG2N } from './crypto.js';
import { parseTrustProxy, type TrustProxy } from './client-address.js';
import { keysFromEnvironment, loadOrCreateKeyFile, type SigningKey } from './keys.js';
import { loadEncryptionKeys } from './secret-box.js';
import { repoRoot } from './version.js';

export interface S3Settings {
  bucket: string;
  /** An S3-compatible server's address (MinIO, Ceph, ...); unset for AWS itself. */
  endpoint?: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** `http://host/bucket/key` rather than `http://bucket.host/key`: what most self-hosted servers want. */
  forcePathStyle: boolean;
  /** A folder inside the bucket, so several products can share one. */
  prefix?: string;
  /**
   * Downloads a browser opens are redirected to a presigned URL of the bucket (S3_DOWNLOAD_REDIRECT, default on);
   * off when the bucket does not face browsers, and everything streams through the BFF.
   */
  downloadRedirect: boolean;
}

/** Where uploaded files live: `local` (DATA_DIR/files, one machine) or `s3` (shared by every replica). */
export type FileStoreSettings = { kind: 'local' } | ({ kind: 's3' } & S3Settings);

/** Every setting the product reads from the environment, with its default. README lists the same table. */
export interface Config {
  port: number;
  /** Listen address: every interface by default (a server product); 127.0.0.1 keeps it to this machine. */
  host: string;
  databaseUrl: string | undefined;
  /** Connections of the API's pool per process (DB_POOL_MAX, default 10). */
  dbPoolMax: number;
  /** statement_timeout of the API's statements in ms (DB_STATEMENT_TIMEOUT_MS, default 15000; 0 = none). */
  dbStatementTimeoutMs: number;
  /** The longer one of reports and exports, and of the CLI (DB_REPORT_STATEMENT_TIMEOUT_MS, default 300000). */
  dbReportStatementTimeoutMs: number;
  /** The owner's connection for migrations and grants (MIGRATION_DATABASE_URL); unset: DATABASE_URL does both. */
  migrationDatabaseUrl: string | undefined;
  dataDir: string;
  appUrl: string;
  /** The key that signs now (tokens, file links, tracked links); `jwtKeys[0]`. */
  jwtSecret: string;
  /** Every key that verifies, the signing one first (keys.ts). */
  jwtKeys: SigningKey[];
  /** The keys that seal secrets kept in the database (TOTP secrets), the sealing one first (secret-box.ts). */
  encryptionKeys: SigningKey[];
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  /** A session's absolute lifetime from its sign-in, whatever its refreshes (SESSION_MAX_HOURS, default 12). */
  sessionMaxHours: number;
  /** A session without a refresh for this long has ended (SESSION_IDLE_MINUTES, default 30). */
  sessionIdleMinutes: number;
  /**
   * log2 of scrypt's N for new password hashes: 17 (OWASP). Read from no environment variable, so no install can
   * weaken it by mistake; only the test app lowers it (test/app.ts).
   */
  passwordHashLog2N: number;
  smtpUrl: string | undefined;
  /** SMTP connections the sender keeps open and sends over at once. */
  smtpPoolSize: number;
  /** A ceiling on emails per second for relays that throttle; unset = as fast as the relay takes them. */
  smtpRatePerSecond: number | undefined;
  mailFrom: string;
  corsOrigins: string[];
  /** TRUST_PROXY: which proxies' X-Forwarded-For and X-Forwarded-Proto are believed (client-address.ts). */
  trustProxy: TrustProxy;
  /** LOGO_HOSTS: https origins images may come from beside the product's own (the CSP's img-src); none by default. */
  logoHosts: string[];
  demoPassword: string;
  logLevel: string;
  bodyLimitBytes: number;
  authRateLimitPerMinute: number;
  /** Token refreshes, logouts and session reads per address and minute (their own budget). */
  authRefreshRateLimitPerMinute: number;
  /** Public-form calls under /api/auth per address and minute (their own budget). */
  publicFormRateLimitPerMinute: number;
  /** Failed sign-ins per address in ten minutes before that address's sign-ins are refused for the rest of them. */
  failedSignInsPerAddress: number;
  maxFailedLogins: number;
  /** all: serve and run the jobs; web: serve only (emails are queued, workers send them); worker: jobs only. */
  role: 'all' | 'web' | 'worker';
  /** Bearer token that opens GET /metrics on the API's port; unset = not served there. */
  metricsToken: string | undefined;
  /** A port of its own for GET /metrics (a private network's); unset = none. */
  metricsPort: number | undefined;
  codeTtlSeconds: number;
  linkTtlSeconds: number;
  idpLogoutUrl: string | undefined;
  /**
   * How often the `recover` job gives a job to due work that has none (emails, fan-outs, location files queued before
   * the job queue, or whose job failed for good).
   */
  recoverCron: string;
  /** Seconds between two polls of an idle job queue by a worker replica (JOB_POLL_SECONDS, at least 0.5). */
  jobPollSeconds: number;
  /** How often the reminder job runs; each event's reminder plan says who is due (communications' reminder plans). */
  reminderCron: string;
  webDist: string;
  fileStore: FileStoreSettings;
  /** How long a shutdown waits for requests in flight before it cuts their connections. */
  shutdownGraceSeconds: number;
  /** Issue 15: a folder the `fda-import` job watches for openFDA files (off when unset), and its schedule. */
  fdaImportDir?: string;
  fdaImportCron?: string;
}

function int(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a non-negative integer, got "${value}"`);
  return n;
}

/** A setting that must be a whole number above zero when set (0 would stop the sender rather than mean "off"). */
function positiveInt(value: string | undefined, name: string): number | undefined {
  if (value === undefined || value === '') return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a positive integer, got "${value}"`);
  return n;
}

/** LOGO_HOSTS: comma-separated https origins (`https://cdn.example.com`, `https://*.example.com`, a port allowed). */
function logoHostsOf(value: string | undefined): string[] {
  const hosts = (value || '')
    .split(',')
    .map((s) => s.trim().replace(/\/$/, ''))
    .filter(Boolean);
  const bad = hosts.find((h) => !/^https:\/\/(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*(:\d{1,5})?$/i.test(h));
  if (bad !== undefined) throw new Error(`LOGO_HOSTS must be https origins separated by commas, got "${bad}"`);
  return hosts;
}

function roleOf(value: string | undefined): Config['role'] {
  if (value === undefined || value === '') return 'all';
  if (value === 'all' || value === 'web' || value === 'worker') return value;
  throw new Error(`ROLE must be all, web or worker, got "${value}"`);
}

/** A token that guards the metrics must not be guessable: at least 32 characters. */
function metricsTokenOf(value: string | undefined): string | undefined {
  if (!value) return undefined;
  if (value.length < 32) throw new Error('METRICS_TOKEN must be at least 32 characters');
  return value;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = int(env.PORT, 3000, 'PORT');
  const dataDir = path.resolve(repoRoot, env.DATA_DIR || '.data');
  const production = env.NODE_ENV === 'production';
  // No secret lives in the repository: without JWT_SECRET, a random key is generated once and kept in DATA_DIR.
  if (production && !env.JWT_SECRET) throw new Error('JWT_SECRET must be set when NODE_ENV=production');
  const jwtKeys = env.JWT_SECRET
    ? keysFromEnvironment(env.JWT_SECRET, env.JWT_PREVIOUS_SECRETS)
    : loadOrCreateKeyFile(dataDir);
  return {
    port,
    host: env.HOST || '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    dbPoolMax: positiveInt(env.DB_POOL_MAX, 'DB_POOL_MAX') ?? 10,
    dbStatementTimeoutMs: int(env.DB_STATEMENT_TIMEOUT_MS, 15_000, 'DB_STATEMENT_TIMEOUT_MS'),
    dbReportStatementTimeoutMs: int(env.DB_REPORT_STATEMENT_TIMEOUT_MS, 300_000, 'DB_REPORT_STATEMENT_TIMEOUT_MS'),
    migrationDatabaseUrl: env.MIGRATION_DATABASE_URL || undefined,
    dataDir,
    appUrl: (env.APP_URL || `http://localhost:${port}`).replace(/\/$/, ''),
    jwtSecret: jwtKeys[0]!.secret,
    jwtKeys,
    encryptionKeys: loadEncryptionKeys(env, dataDir, production),
    accessTokenTtlSeconds: int(env.ACCESS_TOKEN_TTL_SECONDS, 900, 'ACCESS_TOKEN_TTL_SECONDS'),
    refreshTokenTtlSeconds: int(env.REFRESH_TOKEN_TTL_SECONDS, 30 * 24 * 3600, 'REFRESH_TOKEN_TTL_SECONDS'),
    sessionMaxHours: positiveInt(env.SESSION_MAX_HOURS, 'SESSION_MAX_HOURS') ?? 12,
    sessionIdleMinutes: positiveInt(env.SESSION_IDLE_MINUTES, 'SESSION_IDLE_MINUTES') ?? 30,
    passwordHashLog2N: PASSWORD_HASH_LOG2N,
    smtpUrl: env.SMTP_URL || undefined,
    smtpPoolSize: positiveInt(env.SMTP_POOL_SIZE, 'SMTP_POOL_SIZE') ?? 5,
    smtpRatePerSecond: positiveInt(env.SMTP_RATE_PER_SECOND, 'SMTP_RATE_PER_SECOND'),
    mailFrom: env.MAIL_FROM || 'Recall Portal <no-reply@portal.local>',
    corsOrigins: (env.CORS_ORIGINS || '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    logoHosts: logoHostsOf(env.LOGO_HOSTS),
    demoPassword: env.DEMO_PASSWORD || 'Portal#2026',
    logLevel: env.LOG_LEVEL || 'info',
    bodyLimitBytes: int(env.BODY_LIMIT_BYTES, 1024 * 1024, 'BODY_LIMIT_BYTES'),
    authRateLimitPerMinute: int(env.AUTH_RATE_LIMIT_PER_MINUTE, 60, 'AUTH_RATE_LIMIT_PER_MINUTE'),
    authRefreshRateLimitPerMinute: int(
      env.AUTH_REFRESH_RATE_LIMIT_PER_MINUTE,
      600,
      'AUTH_REFRESH_RATE_LIMIT_PER_MINUTE',
    ),
    publicFormRateLimitPerMinute: int(env.PUBLIC_FORM_RATE_LIMIT_PER_MINUTE, 600, 'PUBLIC_FORM_RATE_LIMIT_PER_MINUTE'),
    failedSignInsPerAddress: int(env.FAILED_SIGNINS_PER_ADDRESS, 100, 'FAILED_SIGNINS_PER_ADDRESS'),
    maxFailedLogins: int(env.MAX_FAILED_LOGINS, 5, 'MAX_FAILED_LOGINS'),
    role: roleOf(env.ROLE),
    metricsToken: metricsTokenOf(env.METRICS_TOKEN),
    metricsPort: positiveInt(env.METRICS_PORT, 'METRICS_PORT'),
    codeTtlSeconds: int(env.CODE_TTL_SECONDS, 600, 'CODE_TTL_SECONDS'),
    linkTtlSeconds: int(env.LINK_TTL_SECONDS, 24 * 3600, 'LINK_TTL_SECONDS'),
    idpLogoutUrl: env.IDP_LOGOUT_URL || undefined,
    recoverCron: env.RECOVER_CRON || '* * * * *',
    jobPollSeconds: Math.max(0.5, Number(env.JOB_POLL_SECONDS) || 1),
    reminderCron: env.REMINDER_CRON || '0 * * * *',
    webDist: path.resolve(repoRoot, env.WEB_DIST || 'web/dist'),
    fileStore: fileStoreSettings(env),
    shutdownGraceSeconds: int(env.SHUTDOWN_GRACE_SECONDS, 20, 'SHUTDOWN_GRACE_SECONDS'),
    fdaImportDir: env.FDA_IMPORT_DIR ? path.resolve(repoRoot, env.FDA_IMPORT_DIR) : undefined,
    fdaImportCron: env.FDA_IMPORT_CRON || '*/5 * * * *',
  };
}

function fileStoreSettings(env: NodeJS.ProcessEnv): FileStoreSettings {
  const kind = env.FILE_STORE || 'local';
  if (kind === 'local') return { kind };
  if (kind !== 's3') throw new Error(`FILE_STORE must be "local" or "s3", got "${kind}"`);
  return { kind, ...s3Settings(env) };
}

/** The S3 settings of the environment, whatever FILE_STORE says (`pnpm cli files migrate --to s3` reads them first). */
export function s3Settings(env: NodeJS.ProcessEnv = process.env): S3Settings {
  if (!env.S3_BUCKET) throw new Error('S3_BUCKET must be set to use the S3 file store');
  return {
    bucket: env.S3_BUCKET,
    endpoint: env.S3_ENDPOINT || undefined,
    region: env.S3_REGION || 'us-east-1',
    // Unset: the SDK's own chain (AWS_* variables, instance role, ...).
    accessKeyId: env.S3_ACCESS_KEY_ID || undefined,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY || undefined,
    forcePathStyle: env.S3_FORCE_PATH_STYLE === '1' || env.S3_FORCE_PATH_STYLE === 'true',
    prefix: env.S3_PREFIX || undefined,
    downloadRedirect: !['0', 'false'].includes(env.S3_DOWNLOAD_REDIRECT ?? ''),
  };
}
