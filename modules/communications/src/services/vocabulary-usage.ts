import type { Knex } from 'knex';
import type { VocabularyUsage } from '@portal/lookups';
import type { ManagedVocabulary } from '@portal/vocabulary';

/** Where each vocabulary's codes are stored (lookups asks whether a value is in use; see its registerVocabularyUsage). */
const USAGE: Record<ManagedVocabulary, (db: Knex, code: string, organizationId: number | null) => Knex.QueryBuilder> = {
  recallSubtype: (db, code, org) => events(db, org).where({ subtype: code, type: 'RECALL' }),
  disruptionSubtype: (db, code, org) => events(db, org).where({ subtype: code, type: 'PRODUCT DISRUPTION' }),
  classification: (db, code, org) => events(db, org).where({ classification: code }),
  disposition: (db, code, org) => events(db, org).where({ disposition: code }),
  leadTime: (db, code, org) => events(db, org).where({ lead_time: code }),
  reason: (db, code, org) => events(db, org).where({ reason: code }),
  responseMethod: (db, code, org) => {
    const q = db('provider_responses as r').where('r.source', code);
    if (org !== null)
      q.whereExists(db('communications as c').whereRaw('c.id = r.communication_id').where('c.organization_id', org));
    return q;
  },
};

function events(db: Knex, organizationId: number | null): Knex.QueryBuilder {
  const q = db('communications');
  if (organizationId !== null) q.where({ organization_id: organizationId });
  return q;
}

export const vocabularyUsage: VocabularyUsage = (db, vocabulary, code, organizationId) =>
  USAGE[vocabulary](db, code, organizationId);
