import type { Knex } from 'knex';
import {
  type Actor,
  type Config,
  ConflictError,
  NotFoundError,
  randomToken,
  sha256,
  ValidationError,
  transaction,
} from '@portal/core';
import { enqueueEmail } from '@portal/notifications';
import { findOrganizationCard, getSalesRepresentatives, organizationsView } from '@portal/organizations';
import { loadOwnCommunication } from './access.js';
import { appendHistory } from './history.js';
import { noticeLabels } from './notice-view.js';

export const SALES_REP_LINK_DAYS = 90;

/**
 * Sends a supply advisory to the supplier's sales representatives (all active ones, or those chosen): each gets a
 * personal link to the read-only sales-rep form showing the advisory and how its customers are answering.
 */
export async function notifySalesReps(
  db: Knex,
  config: Config,
  actor: Actor,
  id: number,
  salesRepIds?: number[],
): Promise<{ emails_queued: number }> {
  return transaction(db, async (trx) => {
    const event = await loadOwnCommunication(trx, actor, id, { forUpdate: true });
    if (event.type !== 'PRODUCT DISRUPTION') throw new ValidationError('SALES_REPS_ADVISORY_ONLY');
    if (event.status !== 'OPEN') throw new ConflictError('NOT_OPEN.salesReps');
    const reps = (await getSalesRepresentatives(trx, actor)).filter((r) => !salesRepIds || salesRepIds.includes(r.id));
    if (salesRepIds && reps.length !== new Set(salesRepIds).size) throw new NotFoundError('SALES_REP_NOT_FOUND');
    if (!reps.length) throw new ValidationError('NO_ACTIVE_SALES_REP');
    const supplier = (await findOrganizationCard(trx, actor.organizationId))!;
    for (const rep of reps) {
      await trx('sales_rep_links')
        .where({ communication_id: id, sales_rep_id: rep.id })
        .whereNull('revoked_at')
        .update({ revoked_at: trx.fn.now() });
      const token = randomToken(32);
      await trx('sales_rep_links').insert({
        communication_id: id,
        organization_id: actor.organizationId,
        sales_rep_id: rep.id,
        email: rep.email.toLowerCase(),
        token_hash: sha256(`salesrep:${token}`),
        expires_at: new Date(Date.now() + SALES_REP_LINK_DAYS * 86_400_000),
      });
      const link = `${config.appUrl}/supplier/sales-rep/disruption-webform?token=${token}`;
      await enqueueEmail(trx, {
        organizationId: actor.organizationId,
        kind: 'SALES_REP_NOTICE',
        to: rep.email,
        referenceType: 'communication',
        referenceId: id,
        template: { key: 'SALES_REP_NOTICE', values: { supplier_name: supplier.name, event_name: event.name, link } },
      });
    }
    await appendHistory(trx, actor, {
      communicationId: id,
      organizationId: actor.organizationId,
      action: 'SALES_REPS_NOTIFIED',
      entityType: 'communication',
      entityId: id,
      after: { sales_reps: reps.map((r) => r.email) },
    });
    return { emails_queued: reps.length };
  });
}

/** The read-only sales-rep form: the advisory, its products and each customer's progress. */
export async function salesRepView(db: Knex, token: string | undefined) {
  if (!token || token.length < 32 || token.length > 200) throw new NotFoundError('INVALID_LINK');
  const link = (await db('sales_rep_links')
    .where({ token_hash: sha256(`salesrep:${token}`) })
    .whereNull('revoked_at')
    .where('expires_at', '>', db.fn.now())
    .first('communication_id', 'email', 'sales_rep_id')) as
    | { communication_id: number; email: string; sales_rep_id: number }
    | undefined;
  if (!link) throw new NotFoundError('INVALID_LINK');
  const event = (await db('communications as c')
    .join(organizationsView(db).as('o'), 'o.id', 'c.organization_id')
    .where('c.id', link.communication_id)
    .whereIn('c.status', ['OPEN', 'CLOSED'])
    .first(
      'c.id',
      'c.type',
      'c.subtype',
      'c.name',
      'c.event_id',
      'c.reason',
      'c.lead_time',
      'c.description',
      'c.event_date',
      'c.end_date',
      'c.response_due_date',
      'c.status',
      'o.name as supplier_name',
    )) as Record<string, unknown> | undefined;
  if (!event) throw new NotFoundError('INVALID_LINK');
  const [products, customers] = await Promise.all([
    db('communication_products')
      .where({ communication_id: link.communication_id })
      .orderBy(['sort_order', 'id'])
      .select('product_name', 'catalog_number', 'lot_number', 'udi', 'description', 'expiration_date', 'quantity'),
    db('communication_affected_customers as ac')
      .leftJoin('provider_communications as pc', 'pc.affected_customer_id', 'ac.id')
      .where({ 'ac.communication_id': link.communication_id, 'ac.status': 'ACTIVE' })
      .orderBy('ac.name')
      .select('ac.name', 'pc.sent_at', 'pc.acknowledged_at', 'pc.response_status', 'pc.completed_at'),
  ]);
  // The managed lookup values' words for the advisory's codes: the public page loads no lookup values.
  const labels = noticeLabels({ classification: null, disposition: null, ...event } as Parameters<
    typeof noticeLabels
  >[0]);
  return { communication: { ...event, labels }, products, customers, email: link.email };
}
