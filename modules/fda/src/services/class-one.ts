import type { Knex } from 'knex';
import { NotFoundError } from '@portal/core';
import { type FdaRecord, getFda, NORMALIZED_FIRM } from './records-list.js';

/** What a provider's dashboard matches FDA recalls on: its suppliers' names (normalised) and product codes. */
export interface ClassOneScope {
  /** Firm names normalised like the supplier master (upper case, letters and digits, single spaces). */
  firms: readonly string[];
  productCodes: readonly string[];
}

/** One recall on the provider dashboard's card. */
export interface ClassOneRecall {
  recall_number: string;
  /** The operator's page that lists it. */
  list: 'devices' | 'drugs';
  status: string | null;
  classification: string;
  recalling_firm: string | null;
  product_description: string | null;
  product_code: string | null;
  initiation_date: string;
}

/** The card's window and size: Class I recalls initiated in the last 90 days, newest first, at most 20. */
export const CLASS_ONE_DAYS = 90;
export const CLASS_ONE_LIMIT = 20;

const MATCHES = `(${NORMALIZED_FIRM} = ANY(:firms) OR r.product_code = ANY(:codes))`;
const RECENT = `r.initiation_date >= CURRENT_DATE - ${CLASS_ONE_DAYS}`;

/**
 * Class I recalls of the last 90 days (by initiation date, the date the FDA grids filter on) whose firm or product code
 * is in the scope. A device recall reads its classification from the enforcement report of the same number (openFDA's
 * device recall records carry none); an enforcement report shows only when no device recall has its number.
 */
function classOneQuery(db: Knex, scope: ClassOneScope, recallNumber?: string): Knex.Raw {
  const params = {
    firms: [...scope.firms],
    codes: scope.productCodes.map((c) => c.toUpperCase()),
    limit: CLASS_ONE_LIMIT,
    number: recallNumber ?? null,
  };
  return db.raw(
    `SELECT * FROM (
       SELECT r.product_res_number AS recall_number, 'devices' AS list, r.status,
              coalesce(r.classification, e.classification) AS classification, r.recalling_firm, r.product_description,
              r.product_code, r.initiation_date
       FROM fda_device_recalls r
       LEFT JOIN fda_enforcement_reports e ON e.recall_number = r.product_res_number
       WHERE ${RECENT} AND ${MATCHES} AND coalesce(r.classification, e.classification) = 'Class I'
       UNION ALL
       SELECT r.recall_number, CASE r.kind WHEN 'drug' THEN 'drugs' ELSE 'devices' END, r.status, r.classification,
              r.recalling_firm, r.product_description, r.product_code, r.initiation_date
       FROM fda_enforcement_reports r
       WHERE ${RECENT} AND ${MATCHES} AND r.classification = 'Class I'
         AND NOT EXISTS (SELECT 1 FROM fda_device_recalls d WHERE d.product_res_number = r.recall_number)
     ) card
     WHERE CAST(:number AS text) IS NULL OR recall_number = :number
     ORDER BY initiation_date DESC, recall_number
     LIMIT :limit`,
    params,
  );
}

/** The provider dashboard's card: Class I recalls of the last 90 days for the given firms or product codes. */
export async function recentClassOneRecalls(db: Knex, scope: ClassOneScope): Promise<ClassOneRecall[]> {
  if (!scope.firms.length && !scope.productCodes.length) return [];
  return ((await classOneQuery(db, scope)) as { rows: ClassOneRecall[] }).rows;
}

/**
 * One record of the card, with every field (the provider's "link opens the record"): a number that the card's scope
 * does not hold answers 404, as a missing one.
 */
export async function classOneRecord(db: Knex, scope: ClassOneScope, recallNumber: string): Promise<FdaRecord> {
  const found =
    scope.firms.length || scope.productCodes.length
      ? ((await classOneQuery(db, scope, recallNumber)) as { rows: ClassOneRecall[] }).rows[0]
      : undefined;
  if (!found) throw new NotFoundError('FDA_RECORD_NOT_FOUND');
  return getFda(db, found.list, recallNumber);
}

const text = { type: ['string', 'null'] } as const;

/** The card's answer. */
export const classOneRecallsSchema = {
  type: 'object',
  required: ['items', 'days'],
  properties: {
    days: { type: 'integer' },
    items: {
      type: 'array',
      maxItems: CLASS_ONE_LIMIT,
      items: {
        type: 'object',
        required: ['recall_number', 'list', 'classification', 'initiation_date'],
        properties: {
          recall_number: { type: 'string' },
          list: { type: 'string', enum: ['devices', 'drugs'] },
          status: text,
          classification: { type: 'string' },
          recalling_firm: text,
          product_description: text,
          product_code: text,
          initiation_date: { type: 'string', format: 'date' },
        },
      },
    },
  },
} as const;
