import type { Knex } from 'knex';

/**
 * Daily rollups of the dashboards and key metrics, owned by `modules/metrics`. At 100,000 events and 1,000,000
 * provider communications a live grouped count or a percentile over the raw rows costs hundreds of milliseconds; these
 * tables hold a few rows per day instead, written by statement-level triggers in the same transaction as the rows
 * (the pattern of 20261123204000_list_counters.ts), so a figure never disagrees with committed rows.
 *
 * Every notice figure is counted on the day (UTC) its provider communication was sent (a cohort): acknowledgements and
 * completions count towards the day the notice went out, so rates per period compare like with like.
 * - `metric_event_days`: events per (supplier, created day, type, classification, status);
 * - `metric_notice_days`: per (supplier, sent day, provider, type, classification): open and closed provider
 *   communications, acknowledged, completed; their notice emails (queued, delivered, bounced, error, opened, clicked);
 * - `metric_response_times`: the same key plus a measure (ACK = sent to first acknowledgement, DONE = sent to completion)
 *   and a duration bucket, counting notices per bucket: a histogram that answers medians and 90th percentiles within
 *   the bucket width (5%) without reading a million rows.
 * Provider 0 stands for an outside address (no provider organisation); classification '' for none.
 */

/** Duration buckets grow by 5%: bucket b holds durations of [1.05^b - 1, 1.05^(b+1) - 1) minutes. */
const BUCKET_FN = `CREATE FUNCTION metric_duration_bucket(d interval) RETURNS smallint LANGUAGE sql IMMUTABLE AS $$
  SELECT least(400, floor(ln(1 + greatest(0, extract(epoch FROM d) / 60)) / ln(1.05)))::smallint $$`;

/** The key of a provider communication's figures, from its row `p` and its event `c`. */
const NOTICE_KEY = `p.supplier_organization_id AS supplier_id, (coalesce(p.sent_at, p.created_at) AT TIME ZONE 'UTC')::date AS day,
  coalesce(p.provider_organization_id, 0) AS provider_id, p.communication_type AS type, coalesce(c.classification, '') AS classification`;
const KEY_COLUMNS = 'supplier_id, day, provider_id, type, classification';
const NOTICE_COLUMNS = ['open_notices', 'closed_notices', 'acknowledged', 'completed'];
const EMAIL_COLUMNS = ['emails', 'delivered', 'bounced', 'failed', 'opened', 'clicked'];

type Op = 'INSERT' | 'UPDATE' | 'DELETE';

/** The rows of the statement, each with its sign: +1 for a new row, -1 for an old one. */
function signed(op: Op, select: (rows: string, sign: string) => string): string {
  const parts: string[] = [];
  if (op !== 'DELETE') parts.push(select('new_rows', '1 AS sign'));
  if (op !== 'INSERT') parts.push(select('old_rows', '-1 AS sign'));
  return parts.join(' UNION ALL ');
}

/** Adds signed deltas of some columns of `metric_notice_days`, one upsert per key in key order (no deadlocks). */
function upsertNoticeDays(columns: string[], deltas: string): string {
  const sums = columns.map((col) => `sum(${col} * sign)`).join(', ');
  return `INSERT INTO metric_notice_days AS k (${KEY_COLUMNS}, ${columns.join(', ')})
    SELECT ${KEY_COLUMNS}, ${sums} FROM (${deltas}) d
    GROUP BY ${KEY_COLUMNS} HAVING ${columns.map((col) => `sum(${col} * sign) <> 0`).join(' OR ')} ORDER BY ${KEY_COLUMNS}
    ON CONFLICT (${KEY_COLUMNS}) DO UPDATE SET ${columns.map((col) => `${col} = k.${col} + EXCLUDED.${col}`).join(', ')};`;
}

const EMAIL_STATUS_FIGURES = `(o.status <> 'DRAFT')::int AS emails, (o.status = 'SENT')::int AS delivered,
  (o.status = 'Bounce')::int AS bounced, (o.status = 'ERROR')::int AS failed`;
const EMAIL_FIGURES = `${EMAIL_STATUS_FIGURES},
  (EXISTS (SELECT 1 FROM email_events e WHERE e.outbox_email_id = o.id AND e.event = 'Opened'))::int AS opened,
  (EXISTS (SELECT 1 FROM email_events e WHERE e.outbox_email_id = o.id AND e.event = 'Click'))::int AS clicked`;

/** The signed figures of provider communications `p` (read from `pcs`) of events `c` (read from `events`). */
const figuresOf = {
  notices: (pcs: string, events: string, sign: string) =>
    `SELECT ${NOTICE_KEY}, (p.status = 'OPEN')::int AS open_notices, (p.status = 'CLOSED')::int AS closed_notices,
      (p.status <> 'DELETED' AND p.acknowledged_at IS NOT NULL)::int AS acknowledged,
      (p.status <> 'DELETED' AND p.response_status = 'COMPLETED')::int AS completed, ${sign}
    FROM ${pcs} p JOIN ${events} c ON c.id = p.communication_id`,
  times: (pcs: string, events: string, sign: string) =>
    `SELECT ${NOTICE_KEY}, m.measure, metric_duration_bucket(m.at - coalesce(p.sent_at, p.created_at)) AS bucket, ${sign}
    FROM ${pcs} p JOIN ${events} c ON c.id = p.communication_id
    CROSS JOIN LATERAL (VALUES ('ACK', p.acknowledged_at), ('DONE', CASE WHEN p.response_status = 'COMPLETED' THEN p.completed_at END)) m(measure, at)
    WHERE p.status <> 'DELETED' AND m.at IS NOT NULL`,
  emails: (pcs: string, events: string, sign: string) =>
    `SELECT ${NOTICE_KEY}, ${EMAIL_FIGURES}, ${sign}
    FROM ${pcs} p JOIN ${events} c ON c.id = p.communication_id JOIN outbox_emails o ON o.provider_communication_id = p.id`,
};

function upsertTimes(deltas: string): string {
  return `INSERT INTO metric_response_times AS k (${KEY_COLUMNS}, measure, bucket, n)
    SELECT ${KEY_COLUMNS}, measure, bucket, sum(sign) FROM (${deltas}) d
    GROUP BY ${KEY_COLUMNS}, measure, bucket HAVING sum(sign) <> 0 ORDER BY ${KEY_COLUMNS}, measure, bucket
    ON CONFLICT (${KEY_COLUMNS}, measure, bucket) DO UPDATE SET n = k.n + EXCLUDED.n;`;
}

/**
 * Every figure of some provider communications moves from one key to another: `from` and `to` are pairs of (provider
 * communications, events) sources, the old rows subtracted and the new ones added.
 */
function moveFigures(from: [string, string] | null, to: [string, string] | null): string {
  const both = (of: (pcs: string, events: string, sign: string) => string) =>
    [from ? of(from[0], from[1], '-1 AS sign') : null, to ? of(to[0], to[1], '1 AS sign') : null]
      .filter(Boolean)
      .join(' UNION ALL ');
  return `${upsertNoticeDays(NOTICE_COLUMNS, both(figuresOf.notices))}
    ${upsertNoticeDays(EMAIL_COLUMNS, both(figuresOf.emails))}
    ${upsertTimes(both(figuresOf.times))}`;
}

function eventDaysBody(op: Op): string {
  const deltas = signed(
    op,
    (rows, sign) => `SELECT organization_id AS supplier_id, (created_at AT TIME ZONE 'UTC')::date AS day, type,
      coalesce(classification, '') AS classification, status, ${sign} FROM ${rows}`,
  );
  // An event's class is part of its notices' key: a reclassified event (a draft again, edited) moves their figures.
  const reclassified = `(SELECT * FROM provider_communications WHERE communication_id IN (SELECT n.id FROM new_rows n
    JOIN old_rows o USING (id) WHERE n.classification IS DISTINCT FROM o.classification))`;
  return `INSERT INTO metric_event_days AS k (supplier_id, day, type, classification, status, n)
    SELECT supplier_id, day, type, classification, status, sum(sign) FROM (${deltas}) d
    GROUP BY 1, 2, 3, 4, 5 HAVING sum(sign) <> 0 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (supplier_id, day, type, classification, status) DO UPDATE SET n = k.n + EXCLUDED.n;
    ${op === 'UPDATE' ? moveFigures([reclassified, 'old_rows'], [reclassified, 'new_rows']) : ''}`;
}

/**
 * A hard-deleted event (tests and tooling; the product soft-deletes) takes its notices' figures with it, before its
 * provider communications cascade: their own trigger then finds no event and skips them, as the list counters do.
 */
const EVENT_REMOVAL = `CREATE FUNCTION metric_event_removal() RETURNS trigger LANGUAGE plpgsql AS $fn$
  BEGIN
    ${moveFigures(['(SELECT * FROM provider_communications WHERE communication_id = OLD.id)', '(SELECT OLD.id AS id, OLD.classification AS classification)'], null)}
    RETURN OLD;
  END $fn$`;

function noticeDaysBody(op: Op): string {
  const notices = signed(op, (rows, sign) => figuresOf.notices(rows, 'communications', sign));
  const times = signed(op, (rows, sign) => figuresOf.times(rows, 'communications', sign));
  // A provider communication whose key changed (moved to a site, say) takes its emails' figures to the new key.
  const moved = (
    rows: string,
  ) => `(SELECT r.* FROM ${rows} r WHERE r.id IN (SELECT n.id FROM new_rows n JOIN old_rows o USING (id)
    WHERE (n.supplier_organization_id, n.provider_organization_id, coalesce(n.sent_at, n.created_at), n.communication_type)
      IS DISTINCT FROM (o.supplier_organization_id, o.provider_organization_id, coalesce(o.sent_at, o.created_at), o.communication_type)))`;
  const emails = `${figuresOf.emails(moved('old_rows'), 'communications', '-1 AS sign')} UNION ALL
    ${figuresOf.emails(moved('new_rows'), 'communications', '1 AS sign')}`;
  return `${upsertNoticeDays(NOTICE_COLUMNS, notices)}
    ${op === 'UPDATE' ? upsertNoticeDays(EMAIL_COLUMNS, emails) : ''}
    ${upsertTimes(times)}`;
}

/** Notice emails (outbox rows of a provider communication) by delivery status. */
function emailDaysBody(op: Op): string {
  const deltas = signed(
    op,
    (rows, sign) => `SELECT ${NOTICE_KEY}, ${EMAIL_STATUS_FIGURES}, ${sign}
      FROM ${rows} o JOIN provider_communications p ON p.id = o.provider_communication_id
      JOIN communications c ON c.id = p.communication_id`,
  );
  return upsertNoticeDays(EMAIL_COLUMNS.slice(0, 4), deltas);
}

/** The first Opened and the first Click event of a notice email (later ones repeat what is known). */
function emailEventsBody(): string {
  const deltas = `SELECT ${NOTICE_KEY}, (e.event = 'Opened')::int AS opened, (e.event = 'Click')::int AS clicked, 1 AS sign
    FROM (SELECT DISTINCT outbox_email_id, event FROM new_rows WHERE event IN ('Opened', 'Click')) e
    JOIN outbox_emails o ON o.id = e.outbox_email_id
    JOIN provider_communications p ON p.id = o.provider_communication_id
    JOIN communications c ON c.id = p.communication_id
    WHERE NOT EXISTS (SELECT 1 FROM email_events x WHERE x.outbox_email_id = e.outbox_email_id AND x.event = e.event
      AND x.id NOT IN (SELECT id FROM new_rows))`;
  return upsertNoticeDays(['opened', 'clicked'], deltas);
}

const TRIGGERS: { table: string; name: string; ops: readonly Op[]; body: (op: Op) => string }[] = [
  { table: 'communications', name: 'metric_event_days', ops: ['INSERT', 'UPDATE', 'DELETE'], body: eventDaysBody },
  {
    table: 'provider_communications',
    name: 'metric_notice_days',
    ops: ['INSERT', 'UPDATE', 'DELETE'],
    body: noticeDaysBody,
  },
  { table: 'outbox_emails', name: 'metric_email_days', ops: ['INSERT', 'UPDATE', 'DELETE'], body: emailDaysBody },
  { table: 'email_events', name: 'metric_email_events', ops: ['INSERT'], body: emailEventsBody },
];

const fn = (name: string, op: string) => `${name}_${op.toLowerCase()}`;

export async function up(knex: Knex): Promise<void> {
  await knex.raw(BUCKET_FN);
  await knex.raw(`CREATE TABLE metric_event_days (
    supplier_id bigint NOT NULL, day date NOT NULL, type text NOT NULL, classification text NOT NULL, status text NOT NULL,
    n integer NOT NULL DEFAULT 0,
    PRIMARY KEY (supplier_id, day, type, classification, status))`);
  await knex.raw(`CREATE TABLE metric_notice_days (
    supplier_id bigint NOT NULL, day date NOT NULL, provider_id bigint NOT NULL, type text NOT NULL, classification text NOT NULL,
    ${[...NOTICE_COLUMNS, ...EMAIL_COLUMNS].map((col) => `${col} integer NOT NULL DEFAULT 0`).join(', ')},
    PRIMARY KEY (${KEY_COLUMNS}))`);
  await knex.raw(`CREATE TABLE metric_response_times (
    supplier_id bigint NOT NULL, day date NOT NULL, provider_id bigint NOT NULL, type text NOT NULL, classification text NOT NULL,
    measure text NOT NULL CHECK (measure IN ('ACK', 'DONE')), bucket smallint NOT NULL, n integer NOT NULL DEFAULT 0,
    PRIMARY KEY (${KEY_COLUMNS}, measure, bucket))`);
  // Whole-platform and per-provider reads go by day, then by provider.
  await knex.raw('CREATE INDEX metric_event_days_day_idx ON metric_event_days (day)');
  await knex.raw('CREATE INDEX metric_notice_days_day_idx ON metric_notice_days (day)');
  await knex.raw('CREATE INDEX metric_notice_days_provider_idx ON metric_notice_days (provider_id, day)');
  await knex.raw('CREATE INDEX metric_response_times_day_idx ON metric_response_times (measure, day)');
  await knex.raw(
    'CREATE INDEX metric_response_times_provider_idx ON metric_response_times (provider_id, measure, day)',
  );

  // Backfill before the triggers exist (one transaction: no write falls between the two). Each
  // INSERT trigger body over the transition table `new_rows` is also the backfill, read from the table itself.
  for (const t of TRIGGERS) await knex.raw(t.body('INSERT').replaceAll('new_rows', t.table));

  for (const t of TRIGGERS) {
    for (const op of t.ops) {
      await knex.raw(`CREATE FUNCTION ${fn(t.name, op)}() RETURNS trigger LANGUAGE plpgsql AS $fn$
        BEGIN
          ${t.body(op)}
          RETURN NULL;
        END $fn$`);
      const referencing = {
        INSERT: 'REFERENCING NEW TABLE AS new_rows',
        UPDATE: 'REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows',
        DELETE: 'REFERENCING OLD TABLE AS old_rows',
      }[op];
      await knex.raw(
        `CREATE TRIGGER ${fn(t.name, op)} AFTER ${op} ON ${t.table} ${referencing} FOR EACH STATEMENT EXECUTE FUNCTION ${fn(t.name, op)}()`,
      );
    }
  }
  await knex.raw(EVENT_REMOVAL);
  await knex.raw(
    'CREATE TRIGGER metric_event_removal BEFORE DELETE ON communications FOR EACH ROW EXECUTE FUNCTION metric_event_removal()',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TRIGGER IF EXISTS metric_event_removal ON communications');
  await knex.raw('DROP FUNCTION IF EXISTS metric_event_removal()');
  for (const t of TRIGGERS) {
    for (const op of t.ops) {
      await knex.raw(`DROP TRIGGER IF EXISTS ${fn(t.name, op)} ON ${t.table}`);
      await knex.raw(`DROP FUNCTION IF EXISTS ${fn(t.name, op)}()`);
    }
  }
  for (const table of ['metric_response_times', 'metric_notice_days', 'metric_event_days'])
    await knex.raw(`DROP TABLE IF EXISTS ${table}`);
  await knex.raw('DROP FUNCTION IF EXISTS metric_duration_bucket(interval)');
}
