import type { Knex } from 'knex';
import { randomToken, sha256 } from '@portal/core';

/** How long a delegate link works. */
export const DELEGATE_LINK_DAYS = 30;

/**
 * Delegate tokens live in notice_links (purpose DELEGATE) but are stored as sha256('delegate:' + token), so a delegate's
 * token can never open the recipient's public notice form (which hashes the bare token) and reach actions not delegated.
 */
export const delegateTokenHash = (token: string) => sha256(`delegate:${token}`);

/**
 * Issues a DELEGATE link to a provider communication for one email, valid DELEGATE_LINK_DAYS: its id, and the token
 * to email (only its hash is stored).
 */
export async function issueDelegateLink(
  trx: Knex.Transaction,
  link: { providerCommunicationId: number; organizationId: number; email: string },
): Promise<{ id: number; token: string }> {
  const token = randomToken(32);
  const [row] = await trx('notice_links')
    .insert({
      provider_communication_id: link.providerCommunicationId,
      organization_id: link.organizationId,
      email: link.email,
      token_hash: delegateTokenHash(token),
      purpose: 'DELEGATE',
      expires_at: new Date(Date.now() + DELEGATE_LINK_DAYS * 86_400_000),
    })
    .returning('id');
  return { id: Number((row as { id: number }).id), token };
}

/**
 * Revokes a delegate's link; with `of`, only while it is still a live DELEGATE link of that provider communication
 * and email.
 */
export async function revokeDelegateLink(
  trx: Knex.Transaction,
  linkId: number | null,
  of?: { providerCommunicationId: number; email: string },
): Promise<void> {
  if (linkId === null) return;
  const q = trx('notice_links').where({ id: linkId });
  if (of)
    q.where({ provider_communication_id: of.providerCommunicationId, email: of.email, purpose: 'DELEGATE' }).whereNull(
      'revoked_at',
    );
  await q.update({ revoked_at: trx.fn.now() });
}

/** The live (unrevoked, unexpired) DELEGATE link of a token, or undefined. */
export async function findDelegateLink(
  db: Knex,
  token: string,
): Promise<{ id: number; provider_communication_id: number } | undefined> {
  return (await db('notice_links')
    .where({ token_hash: delegateTokenHash(token), purpose: 'DELEGATE' })
    .whereNull('revoked_at')
    .where('expires_at', '>', db.fn.now())
    .first('id', 'provider_communication_id')) as { id: number; provider_communication_id: number } | undefined;
}

/** Notes that a link was just used. */
export async function markLinkUsed(db: Knex, linkId: number): Promise<void> {
  await db('notice_links').where({ id: linkId }).update({ last_used_at: db.fn.now() });
}
