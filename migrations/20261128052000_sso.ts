import type { Knex } from 'knex';

/**
 * Single sign-on with OpenID Connect per organisation (issue 35).
 * - `organization_sso` (organisations): the organisation's identity provider: issuer (discovery), client id, the
 *   client secret encrypted with a key of the product's key ring (`v1.<kid>.<iv>.<tag>.<data>`, AES-256-GCM; never
 *   stored or answered in clear), scopes, the claim holding the email, and just-in-time membership with its role.
 *   Whether SSO is on stays `organizations.is_sso`.
 * - `organization_sso_domains` (organisations): the email domains that route to it, unique across organisations.
 * - `sso_logins` (auth): one sign-in through a provider, from its start to its session: the state (hashed), the browser's
 *   binding (the hash of the key in its HttpOnly cookie), the OIDC nonce, the PKCE verifier until the code is exchanged,
 *   then the code (hashed), the user, the ID token (the logout's `id_token_hint`) and the session (refresh-token family).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('organization_sso', (t) => {
    t.bigInteger('organization_id').primary().references('organizations.id').onDelete('CASCADE');
    t.text('issuer').notNullable();
    t.text('client_id').notNullable();
    t.text('client_secret_encrypted');
    t.text('scopes').notNullable().defaultTo('openid email profile');
    t.text('email_claim').notNullable().defaultTo('email');
    t.boolean('jit_enabled').notNullable().defaultTo(false);
    t.bigInteger('jit_role_id').references('roles.id').onDelete('SET NULL');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['jit_role_id']);
  });
  await knex.schema.createTable('organization_sso_domains', (t) => {
    t.text('domain').primary();
    t.bigInteger('organization_id').notNullable().references('organizations.id').onDelete('CASCADE');
    t.index(['organization_id']);
  });
  await knex.raw(
    `ALTER TABLE organization_sso_domains ADD CONSTRAINT organization_sso_domains_lower CHECK (domain = lower(domain))`,
  );
  await knex.schema.createTable('sso_logins', (t) => {
    t.bigIncrements('id', { primaryKey: true });
    t.text('state_hash').notNullable().unique();
    t.text('binding_hash').notNullable();
    t.text('nonce').notNullable();
    t.bigInteger('organization_id').notNullable().references('organizations.id').onDelete('CASCADE');
    t.text('login_hint').notNullable();
    t.text('code_verifier');
    t.text('code_hash');
    t.text('redirect_uri').notNullable();
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.bigInteger('user_id').references('users.id').onDelete('CASCADE');
    t.text('id_token');
    t.uuid('family_id');
    t.timestamp('exchanged_at', { useTz: true });
    t.timestamp('consumed_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['organization_id']);
    t.index(['user_id']);
    t.index(['family_id']);
    t.index(['expires_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('sso_logins');
  await knex.schema.dropTable('organization_sso_domains');
  await knex.schema.dropTable('organization_sso');
}
