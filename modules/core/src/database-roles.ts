import type { Knex } from 'knex';
import type pg from 'pg';

/**
 * The two database roles (issue 34, item 2; docs/architecture.md §5 "Roles"):
 * - the owner runs migrations and owns every table, function and the job queue's schema;
 * - the application role the API, the workers and the CLI connect as: no superuser, no CREATEDB or CREATEROLE, no
 *   CREATE on any schema, so no DDL. It reads and writes rows, and may only add rows to the audit history: UPDATE,
 *   DELETE and TRUNCATE are not granted there, and a role that owns nothing cannot disable the append-only triggers.
 */
export const APP_ROLE = 'portal_app';

/** Tables whose rows the application may add but never change or remove (their triggers refuse it too). */
export const APPEND_ONLY_TABLES = ['audit_events', 'communication_history', 'conversation_messages'] as const;

/** Schemas the application works in: ours, and the job queue's (pg-boss). */
const SCHEMAS = ['public', 'pgboss'] as const;

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Creates the application role (or gives it `password` again) through `admin`, a connection of a role that may create
 * roles. Idempotent: run on every start of the embedded server and of the test run.
 */
export async function ensureApplicationRole(admin: pg.Client, role: string, password: string): Promise<void> {
  await admin.query(`SET password_encryption = 'scram-sha-256'`);
  // CREATE/ALTER ROLE take no parameters: the password is quoted by the server's own rule.
  const { rows } = await admin.query<{ q: string }>('SELECT quote_literal($1) AS q', [password]);
  const exists = await admin.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [role]);
  const attributes = 'LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS';
  await admin.query(
    exists.rowCount
      ? `ALTER ROLE ${ident(role)} ${attributes} PASSWORD ${rows[0]!.q}`
      : `CREATE ROLE ${ident(role)} ${attributes} PASSWORD ${rows[0]!.q}`,
  );
}

/**
 * Grants `role` what the application needs on the current database, run by the owner after every migration (so the
 * tables a migration adds are covered) and idempotent. Rows: read and write, except the append-only tables (insert
 * and read only) and the migrations' bookkeeping (read only, for the readiness check).
 */
export async function grantApplicationRole(owner: Knex | Knex.Transaction, role: string): Promise<void> {
  const r = ident(role);
  const schemas = (
    (await owner.raw('SELECT nspname FROM pg_namespace WHERE nspname = ANY(?)', [[...SCHEMAS]])) as {
      rows: { nspname: string }[];
    }
  ).rows.map((s) => ident(s.nspname));
  const list = schemas.join(', ');
  await owner.raw(`REVOKE CREATE ON SCHEMA ${list} FROM PUBLIC, ${r}`);
  await owner.raw(`GRANT USAGE ON SCHEMA ${list} TO ${r}`);
  await owner.raw(`GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA ${list} TO ${r}`);
  await owner.raw(`GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA ${list} TO ${r}`);
  await owner.raw(`GRANT EXECUTE ON ALL FUNCTIONS IN SCHEMA ${list} TO ${r}`);
  const present = (
    (await owner.raw(`SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename = ANY(?)`, [
      [...APPEND_ONLY_TABLES, 'knex_migrations', 'knex_migrations_lock'],
    ])) as { rows: { tablename: string }[] }
  ).rows.map((t) => ident(t.tablename));
  if (present.length) await owner.raw(`REVOKE UPDATE, DELETE, TRUNCATE ON ${present.join(', ')} FROM ${r}`);
  const bookkeeping = present.filter((t) => t.startsWith('"knex_'));
  if (bookkeeping.length) await owner.raw(`REVOKE INSERT ON ${bookkeeping.join(', ')} FROM ${r}`);
}

/** The user name a connection string signs in as. */
export function roleOf(connectionString: string): string {
  return decodeURIComponent(new URL(connectionString).username);
}
