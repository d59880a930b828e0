import type { Knex } from 'knex';
import type { Actor } from '@portal/core';
import { vocabularyLabel } from '@portal/vocabulary';
import { lookupOptions } from '@portal/lookups';
import { ACTION_TYPES, COMMUNICATION_TYPES, FIELD_TYPES, LOCATION_STATUSES, PERMISSION_OF_TYPE } from '../constants.js';
import { activeProductFields } from './communications.js';

const options = (pairs: readonly (readonly [string, string])[]) => pairs.map(([value, label]) => ({ value, label }));

/**
 * Every list the wizard needs (spec §9), with the product custom fields and their types. The lookup lists are the
 * managed values: ACTIVE ones, the platform's and the supplier's own, in the operator's order.
 */
export async function getMeta(db: Knex, actor: Actor) {
  const lookup = (vocabulary: Parameters<typeof lookupOptions>[1]) =>
    lookupOptions(db, vocabulary, actor.organizationId);
  return {
    communicationTypes: COMMUNICATION_TYPES.filter((t) => actor.permissions.includes(PERMISSION_OF_TYPE[t])).map(
      (value) => ({ value, label: vocabularyLabel('communicationType', value) }),
    ),
    recallTypes: await lookup('recallSubtype'),
    disruptionTypes: await lookup('disruptionSubtype'),
    classifications: await lookup('classification'),
    dispositions: await lookup('disposition'),
    leadTimes: await lookup('leadTime'),
    reasons: await lookup('reason'),
    actionTypes: ACTION_TYPES.map((value) => ({ value, label: vocabularyLabel('actionType', value) })),
    locationStatuses: options(LOCATION_STATUSES),
    responseMethods: await lookup('responseMethod'),
    fieldTypes: [...FIELD_TYPES],
    productFields: await activeProductFields(db, actor.organizationType === 'SUPPLIER' ? actor.organizationId : null),
  };
}
