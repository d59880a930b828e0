import type { Knex } from 'knex';
import { type Actor, recordAudit, transaction } from '@portal/core';

/** A location the operator's pre-processor matched to a provider (organisation or site). */
export interface PreprocessedLocation {
  location_id: string;
  location_name: string;
  address1: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  provider_organization_id: number | null;
}

const CHUNK = 1000;

/**
 * Completing a pre-processor job: upserts the supplier's locations by Location ID, mapped to the matched
 * providers. A location whose provider changes waits for the new provider's verification again (verification_status
 * NULL is PENDING); one whose provider stays keeps its verification. Audited once per call with the counts.
 */
export async function upsertPreprocessedLocations(
  db: Knex,
  actor: Actor,
  supplierId: number,
  locations: PreprocessedLocation[],
  source: { jobId: number },
): Promise<{ created: number; updated: number }> {
  return transaction(db, async (trx) => {
    let created = 0;
    let updated = 0;
    for (let i = 0; i < locations.length; i += CHUNK) {
      const chunk = locations.slice(i, i + CHUNK).map((l) => ({
        ...l,
        state: l.state && /^[A-Z]{2}$/.test(l.state) ? l.state : null,
        organization_id: supplierId,
        status: 'ACTIVE',
      }));
      const insert = trx('supplier_locations').insert(chunk).toSQL();
      const result = (await trx.raw(
        `${insert.sql} ON CONFLICT (organization_id, location_id) WHERE status <> 'DELETED' DO UPDATE SET
           location_name = EXCLUDED.location_name, address1 = EXCLUDED.address1, city = EXCLUDED.city,
           state = EXCLUDED.state, zip = EXCLUDED.zip, provider_organization_id = EXCLUDED.provider_organization_id,
           verification_status = CASE WHEN supplier_locations.provider_organization_id IS NOT DISTINCT FROM
             EXCLUDED.provider_organization_id THEN supplier_locations.verification_status END,
           verified_at = CASE WHEN supplier_locations.provider_organization_id IS NOT DISTINCT FROM
             EXCLUDED.provider_organization_id THEN supplier_locations.verified_at END,
           verified_by = CASE WHEN supplier_locations.provider_organization_id IS NOT DISTINCT FROM
             EXCLUDED.provider_organization_id THEN supplier_locations.verified_by END,
           updated_at = now()
         RETURNING (xmax = 0) AS inserted`,
        insert.bindings as readonly Knex.Value[],
      )) as { rows: { inserted: boolean }[] };
      const inserted = result.rows.filter((r) => r.inserted).length;
      created += inserted;
      updated += result.rows.length - inserted;
    }
    await recordAudit(trx, actor, {
      organizationId: supplierId,
      action: 'SUPPLIER_LOCATIONS_PREPROCESSED',
      entityType: 'supplier_location',
      entityId: null,
      after: { jobId: source.jobId, created, updated },
    });
    return { created, updated };
  });
}
