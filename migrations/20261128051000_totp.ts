import type { Knex } from 'knex';

/**
 * Issue 34, item 5c: authenticator-app codes (TOTP) with recovery codes, and each organisation's second-factor
 * policy.
 * - `user_totp`: one authenticator per user, its secret sealed (AES-256-GCM with the ENCRYPTION_KEY ring, core's
 *   secret-box.ts), pending until a first code confirms it; `last_step` is the newest time step accepted, so a code
 *   is never accepted twice.
 * - `totp_recovery_codes`: ten single-use codes per confirmation, stored as SHA-256 only.
 * - `organizations.two_factor`: NONE, EMAIL_CODE (the emailed code, the only second factor before) or TOTP (required).
 *   `requires_second_factor` stays on the wire and in filters, now computed from it (a generated column), so every
 *   reader keeps working and no two columns can disagree. Each organisation keeps what it had chosen.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TABLE user_totp (
      user_id bigint PRIMARY KEY REFERENCES users(id),
      secret_sealed text NOT NULL,
      confirmed_at timestamptz,
      last_step bigint,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`);
  await knex.raw(`
    CREATE TABLE totp_recovery_codes (
      id bigserial PRIMARY KEY,
      user_id bigint NOT NULL REFERENCES users(id),
      code_hash text NOT NULL,
      used_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    )`);
  await knex.raw('CREATE INDEX totp_recovery_codes_user_idx ON totp_recovery_codes (user_id) WHERE used_at IS NULL');
  await knex.raw(
    `ALTER TABLE organizations ADD COLUMN two_factor text NOT NULL DEFAULT 'NONE'
       CONSTRAINT organizations_two_factor_check CHECK (two_factor IN ('NONE', 'EMAIL_CODE', 'TOTP'))`,
  );
  await knex.raw(`UPDATE organizations SET two_factor = 'EMAIL_CODE' WHERE requires_second_factor`);
  await knex.raw('ALTER TABLE organizations DROP COLUMN requires_second_factor');
  await knex.raw(
    `ALTER TABLE organizations ADD COLUMN requires_second_factor boolean
       GENERATED ALWAYS AS (two_factor <> 'NONE') STORED`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE organizations DROP COLUMN requires_second_factor');
  await knex.raw('ALTER TABLE organizations ADD COLUMN requires_second_factor boolean NOT NULL DEFAULT false');
  await knex.raw(`UPDATE organizations SET requires_second_factor = two_factor <> 'NONE'`);
  await knex.raw('ALTER TABLE organizations DROP COLUMN two_factor');
  await knex.raw('DROP TABLE totp_recovery_codes');
  await knex.raw('DROP TABLE user_totp');
}
