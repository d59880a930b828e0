import type { Knex } from 'knex';
import type { Actor } from '@portal/core';
import { vocabularyLabel } from '@portal/vocabulary';
import {
  ACTION_TYPES,
  CLASSIFICATIONS,
  COMMUNICATION_TYPES,
  DISPOSITIONS,
  DISRUPTION_SUBTYPES,
  FIELD_TYPES,
  LEAD_TIMES,
  LOCATION_STATUSES,
  PERMISSION_OF_TYPE,
  REASONS,
  RECALL_SUBTYPES,
  RESPONSE_METHODS,
} from '../constants.js';
import { activeProductFields } from './communications.js';

const options = (pairs: readonly (readonly [string, string])[]) => pairs.map(([value, label]) => ({ value, label }));

/** Every list the wizard needs (spec §9), with the product custom fields and their types. */
export async function getMeta(db: Knex, actor: Actor) {
  return {
    communicationTypes: COMMUNICATION_TYPES.filter((t) => actor.permissions.includes(PERMISSION_OF_TYPE[t])).map(
      (value) => ({ value, label: vocabularyLabel('communicationType', value) }),
    ),
    recallTypes: options(RECALL_SUBTYPES),
    disruptionTypes: options(DISRUPTION_SUBTYPES),
    classifications: options(CLASSIFICATIONS),
    dispositions: options(DISPOSITIONS),
    leadTimes: options(LEAD_TIMES),
    reasons: options(REASONS),
    actionTypes: ACTION_TYPES.map((value) => ({ value, label: vocabularyLabel('actionType', value) })),
    locationStatuses: options(LOCATION_STATUSES),
    responseMethods: options(RESPONSE_METHODS),
    fieldTypes: [...FIELD_TYPES],
    productFields: await activeProductFields(db, actor.organizationType === 'SUPPLIER' ? actor.organizationId : null),
  };
}
