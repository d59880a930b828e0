import type { Command } from 'commander';
import {
  type Db,
  isCommonPassword,
  isStrongPassword,
  PASSWORD_COMMON_MESSAGE,
  PASSWORD_RULE_MESSAGE,
  randomToken,
  recordAudit,
  transaction,
} from '@portal/core';
import { addMembership, findOrCreateUser, findRoleByName } from '@portal/organizations';
import { action, CliError, withDatabase } from '../context.js';

export interface CreateUserOptions {
  org: string;
  email: string;
  role: string;
  password?: string;
  firstName?: string;
  lastName?: string;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Creates a verified user (or adds an existing one) as a member of an organisation with a role. */
export async function createUser(
  db: Db,
  o: CreateUserOptions,
): Promise<{ userId: number; organization: string; role: string; password: string | null; created: boolean }> {
  if (!EMAIL.test(o.email)) throw new CliError(`Not an email address: ${o.email}`);
  if (o.password !== undefined && !isStrongPassword(o.password)) throw new CliError(PASSWORD_RULE_MESSAGE);
  if (o.password !== undefined && isCommonPassword(o.password)) throw new CliError(PASSWORD_COMMON_MESSAGE);
  return transaction(db, async (trx) => {
    const org = (await trx('organizations')
      .modify((q) =>
        /^\d+$/.test(o.org) ? q.where({ id: Number(o.org) }) : q.whereRaw('lower(name) = lower(?)', [o.org]),
      )
      .first('id', 'name')) as { id: number; name: string } | undefined;
    if (!org) throw new CliError(`No organisation "${o.org}" (give its exact name or id).`);
    const roleId = await findRoleByName(trx, org.id, o.role);
    if (!roleId) {
      const roles = (await trx('roles').where({ organization_id: org.id }).orderBy('name').pluck('name')) as string[];
      throw new CliError(`No role "${o.role}" in ${org.name}. Roles: ${roles.join(', ')}`);
    }
    // A generated password satisfies the rule: random body plus one of each required class.
    const password = o.password ?? `${randomToken(9)}Aa1!`;
    const user = await findOrCreateUser(trx, {
      email: o.email,
      password,
      first_name: o.firstName ?? o.email.split('@')[0]!,
      last_name: o.lastName ?? '',
      status: 'VERIFIED',
    });
    await addMembership(trx, user.id, org.id, roleId);
    await recordAudit(trx, null, {
      organizationId: org.id,
      action: 'USER_CREATED',
      entityType: 'user',
      entityId: user.id,
      actorEmail: 'cli',
      after: { email: o.email, role: o.role, created: user.created },
    });
    return {
      userId: user.id,
      organization: org.name,
      role: o.role,
      password: user.created ? password : null,
      created: user.created,
    };
  });
}

export function configureUsersCommand(program: Command): void {
  const users = program.command('users').description('User accounts');
  users
    .command('create')
    .description('Create a user (or add an existing one) in an organisation with a role')
    .requiredOption('--org <name|id>', 'organisation name or id')
    .requiredOption('--email <email>', 'email address (the sign-in)')
    .requiredOption('--role <role>', 'role name in that organisation, e.g. Administrator')
    .option('--password <password>', 'initial password (default: a generated one, printed once)')
    .option('--first-name <name>', 'first name')
    .option('--last-name <name>', 'last name')
    .action(
      action((opts: CreateUserOptions) =>
        withDatabase(async (db) => {
          const r = await createUser(db, opts);
          return r.created
            ? `Created user ${opts.email} (id ${r.userId}) in ${r.organization} as ${r.role}.${opts.password ? '' : `\nInitial password: ${r.password}`}`
            : `Added existing user ${opts.email} (id ${r.userId}) to ${r.organization} as ${r.role}.`;
        }),
      ),
    );
}
