import type { RowOf } from '@portal/core';
import type { Knex } from 'knex';
import { nameTokens, normalizeAddress, normalizeCity, normalizeState, phoneDigits, zip5 } from './normalize.js';
import {
  AUTO_THRESHOLD,
  coreName,
  type Decision,
  decide,
  type NormalizedInput,
  rank,
  type Ranked,
  type ScoredCandidate,
} from './score.js';
import type { inputSchema } from '../schemas.js';

/** A row of a supplier file as read (the contract's `input`). */
export type LocationInput = RowOf<typeof inputSchema>;

export interface MatchResult {
  decision: Decision;
  confidence: number;
  knownProviderId: number | null;
  /** The three best, best first. */
  candidates: Ranked[];
}

export function normalizeInput(input: LocationInput): NormalizedInput {
  const tokens = nameTokens(input.name);
  return {
    name: tokens.join(' '),
    tokens,
    address: normalizeAddress(input.address),
    city: normalizeCity(input.city),
    state: normalizeState(input.state),
    zip5: zip5(input.zip),
    phone: phoneDigits(input.phone),
    customerNumber: input.customerNumber.trim(),
  };
}

/** Known providers kept in memory between batches; past this many the cache starts again (memory stays bounded). */
const CACHE_LIMIT = 50_000;
/** Trigram look-ups per row (rows the cheap keys did not settle). */
const TRGM_LIMIT = 5;
/** The least trigram similarity of distinctive words worth scoring. */
const TRGM_MIN = 0.3;

interface CandidateRow {
  id: string | number;
  name_norm: string;
  address_norm: string;
  city_norm: string;
  state: string | null;
  zip5: string;
  phone: string | null;
  aliases: string[] | null;
  supplier_aliases: string[] | null;
  customer_numbers: string[] | null;
  external_id: string | null;
}

export interface KnownCandidate extends ScoredCandidate {
  externalId: string | null;
}

/**
 * The matcher over the known providers in PostgreSQL, one batch of rows at a time: candidates by ZIP, phone, city and
 * state, the supplier's customer numbers and learnt aliases in one statement; then, for rows that found no
 * automatic match, by trigram similarity of the name (pg_trgm) in a second one. Scoring is in score.ts.
 */
export class Matcher {
  private readonly cache = new Map<number, KnownCandidate>();

  constructor(
    private readonly db: Knex,
    private readonly supplierId: number | null,
  ) {}

  /** A known provider's details (cached), e.g. for the CLI's external ids. */
  known(id: number): KnownCandidate | undefined {
    return this.cache.get(id);
  }

  async matchBatch(rows: LocationInput[]): Promise<MatchResult[]> {
    const inputs = rows.map(normalizeInput);
    const found = await this.cheapCandidates(inputs);
    const results: MatchResult[] = [];
    const retry: number[] = [];
    for (let i = 0; i < inputs.length; i++) {
      const ranked = rank(inputs[i]!, found[i]!);
      results.push({ ...decide(ranked), candidates: ranked });
      if ((ranked[0]?.score ?? 0) < AUTO_THRESHOLD && inputs[i]!.name) retry.push(i);
    }
    if (retry.length) {
      const more = await this.trigramCandidates(retry.map((i) => inputs[i]!));
      retry.forEach((i, k) => {
        const all = new Map<number, KnownCandidate>();
        for (const c of found[i]!) all.set(c.id, c);
        for (const c of more[k]!) all.set(c.id, c);
        const ranked = rank(inputs[i]!, all.values());
        results[i] = { ...decide(ranked), candidates: ranked };
      });
    }
    return results;
  }

  private async cheapCandidates(inputs: NormalizedInput[]): Promise<KnownCandidate[][]> {
    const idx = inputs.map((_, i) => i);
    const sql = `
      WITH r AS (
        SELECT * FROM unnest(?::int[], ?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::text[])
          AS r(i, zip5, phone, state, city, name, customer)
      )
      SELECT r.i, k.id FROM r JOIN known_providers k ON k.zip5 = r.zip5 AND r.zip5 <> '' AND k.status = 'ACTIVE'
      UNION SELECT r.i, k.id FROM r JOIN known_providers k ON k.phone = r.phone AND r.phone <> '' AND k.status = 'ACTIVE'
      UNION SELECT r.i, k.id FROM r JOIN known_providers k
        ON k.state = r.state AND k.city_norm = r.city AND r.city <> '' AND k.status = 'ACTIVE'
      UNION SELECT r.i, a.known_provider_id FROM r JOIN known_provider_aliases a
        ON a.alias_norm = r.name AND (a.supplier_id = ? OR a.supplier_id IS NULL)
      UNION SELECT r.i, x.known_provider_id FROM r JOIN known_provider_identifiers x
        ON x.kind = 'CUSTOMER' AND x.supplier_id = ? AND x.value = r.customer AND r.customer <> ''`;
    const res = (await this.db.raw(sql, [
      idx,
      inputs.map((x) => x.zip5),
      inputs.map((x) => x.phone),
      inputs.map((x) => x.state),
      inputs.map((x) => x.city),
      inputs.map((x) => x.name),
      inputs.map((x) => x.customerNumber),
      this.supplierId ?? 0,
      this.supplierId ?? 0,
    ])) as { rows: { i: number; id: string | number }[] };
    return this.group(inputs.length, res.rows);
  }

  /**
   * The providers whose distinctive words are most like the row's (pg_trgm similarity of `name_core`), within the
   * row's state: a state holds a few hundred providers, so comparing them all is cheaper than a trigram index
   * look-up of names made of common trigrams. A row without a state uses the GIN index over every state. Learnt
   * aliases are compared whole.
   */
  private async trigramCandidates(inputs: NormalizedInput[]): Promise<KnownCandidate[][]> {
    const sql = `
      WITH r AS (SELECT * FROM unnest(?::int[], ?::text[], ?::text[], ?::text[]) AS r(i, core, name, state))
      SELECT i, id FROM (
        SELECT r.i, k.id, row_number() OVER (PARTITION BY r.i ORDER BY similarity(k.name_core, r.core) DESC, k.id) AS n
        FROM r JOIN known_providers k ON k.state = r.state AND k.status = 'ACTIVE'
        WHERE r.state <> '' AND similarity(k.name_core, r.core) >= ${TRGM_MIN}
      ) s WHERE n <= ${TRGM_LIMIT}
      UNION SELECT r.i, c.id FROM r CROSS JOIN LATERAL (
        SELECT k.id FROM known_providers k WHERE r.state = '' AND k.name_core % r.core AND k.status = 'ACTIVE'
        ORDER BY similarity(k.name_core, r.core) DESC, k.id LIMIT ${TRGM_LIMIT}
      ) c
      UNION SELECT i, id FROM (
        SELECT r.i, a.known_provider_id AS id,
          row_number() OVER (PARTITION BY r.i ORDER BY similarity(a.alias_norm, r.name) DESC, a.id) AS n
        FROM r JOIN known_provider_aliases a ON (a.supplier_id = ? OR a.supplier_id IS NULL)
        WHERE similarity(a.alias_norm, r.name) >= ${TRGM_MIN}
      ) a WHERE n <= ${TRGM_LIMIT}`;
    const res = (await this.db.raw(sql, [
      inputs.map((_, i) => i),
      inputs.map((x) => coreName(x.tokens)),
      inputs.map((x) => x.name),
      inputs.map((x) => x.state),
      this.supplierId ?? 0,
    ])) as { rows: { i: number; id: string | number }[] };
    return this.group(inputs.length, res.rows);
  }

  private async group(n: number, pairs: { i: number; id: string | number }[]): Promise<KnownCandidate[][]> {
    await this.load([...new Set(pairs.map((p) => Number(p.id)))]);
    const out: KnownCandidate[][] = Array.from({ length: n }, () => []);
    for (const p of pairs) {
      const c = this.cache.get(Number(p.id));
      if (c) out[p.i]!.push(c);
    }
    return out;
  }

  /** Loads the details of the providers not cached yet, with their aliases and this supplier's customer numbers. */
  private async load(ids: number[]): Promise<void> {
    const missing = ids.filter((id) => !this.cache.has(id));
    if (!missing.length) return;
    if (this.cache.size + missing.length > CACHE_LIMIT) this.cache.clear();
    const rows = (
      (await this.db.raw(
        `SELECT k.id, k.name_norm, k.address_norm, k.city_norm, k.state, k.zip5, k.phone,
           (SELECT array_agg(a.alias_norm) FROM known_provider_aliases a
             WHERE a.known_provider_id = k.id AND a.supplier_id IS NULL) AS aliases,
           (SELECT array_agg(a.alias_norm) FROM known_provider_aliases a
             WHERE a.known_provider_id = k.id AND a.supplier_id = ?) AS supplier_aliases,
           (SELECT array_agg(x.value) FROM known_provider_identifiers x
             WHERE x.known_provider_id = k.id AND x.kind = 'CUSTOMER' AND x.supplier_id = ?) AS customer_numbers,
           (SELECT x.value FROM known_provider_identifiers x WHERE x.known_provider_id = k.id AND x.kind <> 'CUSTOMER'
             ORDER BY array_position(ARRAY['CCN','NPI','GLN'], x.kind), x.id LIMIT 1) AS external_id
         FROM known_providers k WHERE k.id = ANY(?::bigint[])`,
        [this.supplierId ?? 0, this.supplierId ?? 0, missing],
      )) as { rows: CandidateRow[] }
    ).rows;
    for (const r of rows) {
      const aliases = [...(r.aliases ?? []), ...(r.supplier_aliases ?? [])];
      this.cache.set(Number(r.id), {
        id: Number(r.id),
        names: [r.name_norm, ...aliases].map((n) => n.split(' ').filter(Boolean)),
        supplierAliases: r.supplier_aliases ?? [],
        address: r.address_norm,
        city: r.city_norm,
        state: r.state ?? '',
        zip5: r.zip5,
        phone: r.phone ?? '',
        customerNumbers: r.customer_numbers ?? [],
        externalId: r.external_id,
      });
    }
  }
}
