import type { Knex } from 'knex';
import {
  type Actor,
  ConflictError,
  ForbiddenError,
  recordAudit,
  transaction,
  ValidationError,
  type FromSchema,
} from '@portal/core';
import { PERMISSION_OF_TYPE } from '../constants.js';
import { type CommunicationRow, loadOwnCommunication } from './access.js';
import { appendHistory } from './history.js';
import type { communicationRemindersBody } from '../reminder-schemas.js';

/**
 * Reminder plans: how often a recipient who has neither acknowledged nor answered is reminded, and how many
 * times at most. One plan per recall class and one for supply advisories; an organisation sets its own
 * (`reminder_defaults`), an event may override either value (`communications.reminder_interval_hours`,
 * `reminder_max`), and anything unset falls back to the built-in plan below.
 *
 * Issue 32: a plan also gives the response-due date an event gets when it is sent without one (`due_days` after the
 * send date), and may shorten the interval once that date has passed (`overdue_interval_hours`, null = no change).
 */
export const REMINDER_PLANS = ['CLASSI', 'CLASSII', 'CLASSIII', 'ADVISORY'] as const;
export type ReminderPlan = (typeof REMINDER_PLANS)[number];

export interface PlanValues {
  interval_hours: number;
  max_reminders: number;
}

/** Issue 32: a plan's due date and what happens after it. */
export interface PlanDue {
  /** Days from the send date to the response-due date of an event sent without one. */
  due_days: number;
  /** Hours between reminders once the event's due date has passed (never longer than the plan's); null = unchanged. */
  overdue_interval_hours: number | null;
}

/** The product's plans when an organisation has set none: the more serious the class, the sooner and the more often. */
export const BUILT_IN_PLANS: Record<ReminderPlan, PlanValues & PlanDue> = {
  CLASSI: { interval_hours: 24, max_reminders: 5, due_days: 2, overdue_interval_hours: null },
  CLASSII: { interval_hours: 48, max_reminders: 3, due_days: 7, overdue_interval_hours: null },
  CLASSIII: { interval_hours: 72, max_reminders: 2, due_days: 14, overdue_interval_hours: null },
  ADVISORY: { interval_hours: 72, max_reminders: 2, due_days: 14, overdue_interval_hours: null },
};

/** The bounds of a plan, the same in the schemas and the table's checks. */
export const INTERVAL_HOURS = { minimum: 1, maximum: 720 } as const;
export const MAX_REMINDERS = { minimum: 0, maximum: 20 } as const;
export const DUE_DAYS = { minimum: 0, maximum: 365 } as const;

/**
 * The plan an event follows: a recall's class, or ADVISORY. A recall not (yet) classified, or classified with an
 * organisation's own code, follows Class I: until someone says otherwise, it is chased as the most serious.
 */
export function planOf(event: Pick<CommunicationRow, 'type' | 'classification'>): ReminderPlan {
  if (event.type !== 'RECALL') return 'ADVISORY';
  return event.classification === 'CLASSII' || event.classification === 'CLASSIII' ? event.classification : 'CLASSI';
}

/** The same in SQL, over a communications row aliased `c`. */
export const PLAN_SQL = `CASE WHEN c.type = 'RECALL'
  THEN CASE WHEN c.classification IN ('CLASSII', 'CLASSIII') THEN c.classification ELSE 'CLASSI' END
  ELSE 'ADVISORY' END`;

/** The built-in plans as a VALUES list `(plan, interval_hours, max_reminders, due_days)`, for SQL that resolves plans. */
export const BUILT_IN_SQL = `(VALUES ${REMINDER_PLANS.map(
  (p) =>
    `('${p}', ${BUILT_IN_PLANS[p].interval_hours}, ${BUILT_IN_PLANS[p].max_reminders}, ${BUILT_IN_PLANS[p].due_days})`,
).join(', ')}) AS b(plan, interval_hours, max_reminders, due_days)`;

/**
 * The hours between reminders now, in SQL: `interval`, or once the due date `due` has passed (before today) the
 * overdue interval when the plan has one, whichever is shorter: past the due date a plan only ever shortens.
 */
export const currentIntervalSql = (interval: string, overdue: string, due: string) =>
  `CASE WHEN ${due} < current_date AND ${overdue} IS NOT NULL THEN least(${interval}, ${overdue}) ELSE ${interval} END`;

/** Which permission sets a plan: the recall classes need the recall one, the advisory plan the advisory one. */
const permissionOfPlan = (plan: ReminderPlan) =>
  PERMISSION_OF_TYPE[plan === 'ADVISORY' ? 'PRODUCT DISRUPTION' : 'RECALL'];

export interface OrganizationPlan extends PlanValues, PlanDue {
  plan: ReminderPlan;
  /** The organisation has not set this plan: the built-in one applies. */
  is_default: boolean;
}

interface OwnPlanRow extends PlanValues {
  plan: ReminderPlan;
  due_days: number | null;
  overdue_interval_hours: number | null;
}

/** Every plan of the caller's organisation, its own values or the built-in ones, in REMINDER_PLANS order. */
export async function reminderPlans(db: Knex | Knex.Transaction, actor: Actor): Promise<{ items: OrganizationPlan[] }> {
  const own = (await db('reminder_defaults')
    .where({ organization_id: actor.organizationId })
    .select('plan', 'interval_hours', 'max_reminders', 'due_days', 'overdue_interval_hours')) as OwnPlanRow[];
  const byPlan = new Map(own.map((p) => [p.plan, p]));
  return {
    items: REMINDER_PLANS.map((plan) => {
      const set = byPlan.get(plan);
      const builtIn = BUILT_IN_PLANS[plan];
      return {
        plan,
        interval_hours: set?.interval_hours ?? builtIn.interval_hours,
        max_reminders: set?.max_reminders ?? builtIn.max_reminders,
        // A plan saved before due days existed (null) gives the built-in days.
        due_days: set?.due_days ?? builtIn.due_days,
        overdue_interval_hours: set ? set.overdue_interval_hours : builtIn.overdue_interval_hours,
        is_default: !set,
      };
    }),
  };
}

export type PlanChange = PlanValues & { plan: ReminderPlan } & Partial<{
    due_days: number | null;
    overdue_interval_hours: number | null;
  }>;

/**
 * Sets the organisation's plans named in `items` (the others are left as they are), audited with before and after.
 * `due_days` and `overdue_interval_hours` left out keep their values (null: the built-in days, no overdue interval).
 * A recall class needs the recall permission and the advisory plan the advisory one (403 otherwise).
 */
export async function saveReminderPlans(
  db: Knex,
  actor: Actor,
  items: PlanChange[],
  requestId?: string,
): Promise<{ items: OrganizationPlan[] }> {
  const seen = new Set<ReminderPlan>();
  for (const item of items) {
    if (seen.has(item.plan)) throw new ValidationError('LISTED_TWICE', { title: item.plan });
    seen.add(item.plan);
    if (!actor.permissions.includes(permissionOfPlan(item.plan))) throw new ForbiddenError();
  }
  if (!items.length) return reminderPlans(db, actor);
  return transaction(db, async (trx) => {
    const before = await reminderPlans(trx, actor);
    // One upsert a plan (four at most): each merges only the values its item names.
    for (const i of items) {
      const due = {
        ...(i.due_days !== undefined ? { due_days: i.due_days } : {}),
        ...(i.overdue_interval_hours !== undefined ? { overdue_interval_hours: i.overdue_interval_hours } : {}),
      };
      await trx('reminder_defaults')
        .insert({
          organization_id: actor.organizationId,
          plan: i.plan,
          interval_hours: i.interval_hours,
          max_reminders: i.max_reminders,
          ...due,
        })
        .onConflict(['organization_id', 'plan'])
        .merge({
          interval_hours: i.interval_hours,
          max_reminders: i.max_reminders,
          ...due,
          updated_at: trx.fn.now(),
        });
    }
    const after = await reminderPlans(trx, actor);
    await recordAudit(trx, actor, {
      organizationId: actor.organizationId,
      action: 'REMINDER_PLANS_UPDATED',
      entityType: 'reminder_plans',
      entityId: actor.organizationId,
      before: before.items.filter((p) => seen.has(p.plan)),
      after: after.items.filter((p) => seen.has(p.plan)),
      requestId,
    });
    return after;
  });
}

/** An event's reminders as the supplier sees them (GET and PUT /supplier/communications/:id/reminders). */
export interface CommunicationReminders extends PlanValues {
  /** The plan the event follows by its class (the screen may name it). */
  plan: ReminderPlan;
  paused: boolean;
  /** Where the values come from: the event's own, its organisation's plan, or the built-in one. */
  source: 'event' | 'organization' | 'default';
  /** Issue 32: the organisation's hours between reminders past the due date for the event's class (null: unchanged). */
  overdue_interval_hours: number | null;
  /** Issue 32: the hours between reminders now (shorter than `interval_hours` once the due date has passed). */
  current_interval_hours: number;
  /** The earliest time a recipient still eligible is due (possibly past, until the job's next run); null when none. */
  next_reminder_at: Date | null;
  /** Reminders sent to the event's recipients, all together. */
  reminders_sent: number;
}

export interface EffectivePlan extends PlanValues, PlanDue {
  plan: ReminderPlan;
  source: CommunicationReminders['source'];
  /** The hours between reminders today: the plan's, or the overdue interval once the event's due date has passed. */
  current_interval_hours: number;
}

/**
 * The plan an event follows, value by value: its own, else its organisation's for its class, else the built-in one;
 * with its due days, its overdue interval, and the interval that holds today (`current_interval_hours`).
 */
export async function effectivePlan(
  db: Knex | Knex.Transaction,
  event: Pick<CommunicationRow, 'organization_id' | 'type' | 'classification'> &
    Partial<Pick<CommunicationRow, 'reminder_interval_hours' | 'reminder_max' | 'response_due_date'>>,
): Promise<EffectivePlan> {
  const plan = planOf(event);
  const row = (
    await db.raw(
      `SELECT d.interval_hours, d.max_reminders, d.due_days, d.overdue_interval_hours,
         coalesce(?::date < current_date, false) AS past_due
       FROM (SELECT 1) x LEFT JOIN reminder_defaults d ON d.organization_id = ? AND d.plan = ?`,
      [event.response_due_date ?? null, event.organization_id, plan],
    )
  ).rows[0] as {
    interval_hours: number | null;
    max_reminders: number | null;
    due_days: number | null;
    overdue_interval_hours: number | null;
    past_due: boolean;
  };
  const own = row.interval_hours !== null;
  const builtIn = BUILT_IN_PLANS[plan];
  const eventInterval = event.reminder_interval_hours ?? null;
  const eventMax = event.reminder_max ?? null;
  const interval = eventInterval ?? row.interval_hours ?? builtIn.interval_hours;
  const overdue = own ? row.overdue_interval_hours : builtIn.overdue_interval_hours;
  return {
    plan,
    interval_hours: interval,
    max_reminders: eventMax ?? row.max_reminders ?? builtIn.max_reminders,
    due_days: row.due_days ?? builtIn.due_days,
    overdue_interval_hours: overdue,
    current_interval_hours: row.past_due && overdue !== null ? Math.min(interval, overdue) : interval,
    source: eventInterval !== null || eventMax !== null ? 'event' : own ? 'organization' : 'default',
  };
}

/**
 * Issue 32: the response-due date an event of this class gets when sent today without one (today plus its
 * organisation's days for the class, else the built-in days), as YYYY-MM-DD.
 */
export async function defaultResponseDueDate(
  db: Knex | Knex.Transaction,
  event: Pick<CommunicationRow, 'organization_id' | 'type' | 'classification'>,
): Promise<string> {
  const plan = planOf(event);
  const row = (
    await db.raw(
      `SELECT to_char(current_date + coalesce(d.due_days, b.due_days), 'YYYY-MM-DD') AS due
       FROM ${BUILT_IN_SQL} LEFT JOIN reminder_defaults d ON d.organization_id = ? AND d.plan = b.plan
       WHERE b.plan = ?`,
      [event.organization_id, plan],
    )
  ).rows[0] as { due: string };
  return row.due;
}

/**
 * Issue 32, at send: an event without a response-due date gets the send date (today, or a scheduled send's date) plus
 * its organisation's days for its class (else the built-in days), in the caller's transaction, before its provider
 * communications are created (they take it on insert). Answers what it set, for the history, or null when the event
 * already had a date (the supplier's own is kept).
 */
export async function assignResponseDueDate(
  trx: Knex.Transaction,
  event: Pick<CommunicationRow, 'id' | 'organization_id' | 'type' | 'classification' | 'response_due_date'>,
  sendAt: Date | null,
): Promise<{ response_due_date: string; due_days: number; plan: ReminderPlan } | null> {
  if (event.response_due_date) return null;
  const plan = planOf(event);
  const row = (
    await trx.raw(
      `UPDATE communications c SET response_due_date = greatest(current_date, ?::timestamptz::date) + days.n,
         updated_at = now()
       FROM (SELECT coalesce((SELECT d.due_days FROM reminder_defaults d WHERE d.organization_id = ? AND d.plan = ?), ?)
         AS n) days
       WHERE c.id = ? AND c.response_due_date IS NULL
       RETURNING to_char(c.response_due_date, 'YYYY-MM-DD') AS response_due_date, days.n AS due_days`,
      [sendAt, event.organization_id, plan, BUILT_IN_PLANS[plan].due_days, event.id],
    )
  ).rows[0] as { response_due_date: string; due_days: number } | undefined;
  return row ? { ...row, plan } : null;
}

/**
 * Whether a provider communication (aliased `pc`) is still to be reminded, whatever its timing: open, neither
 * acknowledged nor completed, and without a submitted answer.
 */
export const STILL_TO_REMIND_SQL = `pc.status = 'OPEN' AND pc.acknowledged_at IS NULL AND pc.response_status = 'NOTCOMPLETED'
  AND NOT EXISTS (SELECT 1 FROM provider_responses r WHERE r.provider_communication_id = pc.id AND r.status = 'SUBMITTED')`;

async function readCommunicationReminders(
  db: Knex | Knex.Transaction,
  event: CommunicationRow,
): Promise<CommunicationReminders> {
  const plan = await effectivePlan(db, event);
  const remindable = event.status === 'OPEN' && !event.reminders_paused && plan.max_reminders > 0;
  const row = (
    await db.raw(
      `SELECT coalesce(sum(pc.reminder_count), 0)::int AS reminders_sent,
         min(pc.last_notified_at + make_interval(hours => :interval))
           FILTER (WHERE :remindable AND pc.reminder_count < :max AND ${STILL_TO_REMIND_SQL}) AS next_reminder_at
       FROM provider_communications pc
       WHERE pc.communication_id = :id AND pc.status <> 'DELETED'`,
      { id: event.id, interval: plan.current_interval_hours, max: plan.max_reminders, remindable },
    )
  ).rows[0] as { reminders_sent: number; next_reminder_at: Date | null };
  return {
    plan: plan.plan,
    interval_hours: plan.interval_hours,
    max_reminders: plan.max_reminders,
    paused: event.reminders_paused,
    source: plan.source,
    overdue_interval_hours: plan.overdue_interval_hours,
    current_interval_hours: plan.current_interval_hours,
    next_reminder_at: row.next_reminder_at,
    reminders_sent: row.reminders_sent,
  };
}

/** GET /supplier/communications/:id/reminders. */
export async function communicationReminders(db: Knex, actor: Actor, id: number): Promise<CommunicationReminders> {
  return readCommunicationReminders(db, await loadOwnCommunication(db, actor, id));
}

export type ReminderChange = FromSchema<typeof communicationRemindersBody>;

/**
 * PUT /supplier/communications/:id/reminders: a draft's or an open event's own plan, and its pause. Each change is a
 * history entry (REMINDERS_CHANGED with the event's own values before and after, REMINDERS_PAUSED, REMINDERS_RESUMED).
 */
export async function changeCommunicationReminders(
  db: Knex,
  actor: Actor,
  id: number,
  change: ReminderChange,
): Promise<CommunicationReminders> {
  return transaction(db, async (trx) => {
    const event = await loadOwnCommunication(trx, actor, id, { forUpdate: true });
    if (event.status !== 'DRAFT' && event.status !== 'OPEN') throw new ConflictError('EVENT_CLOSED.edit');
    const before = { interval_hours: event.reminder_interval_hours, max_reminders: event.reminder_max };
    const after = {
      interval_hours: change.interval_hours === undefined ? before.interval_hours : change.interval_hours,
      max_reminders: change.max_reminders === undefined ? before.max_reminders : change.max_reminders,
    };
    const planChanged = after.interval_hours !== before.interval_hours || after.max_reminders !== before.max_reminders;
    const paused = change.paused ?? event.reminders_paused;
    const pauseChanged = paused !== event.reminders_paused;
    if (planChanged || pauseChanged)
      await trx('communications').where({ id }).update({
        reminder_interval_hours: after.interval_hours,
        reminder_max: after.max_reminders,
        reminders_paused: paused,
        updated_at: trx.fn.now(),
      });
    const history = {
      communicationId: id,
      organizationId: actor.organizationId,
      entityType: 'communication',
      entityId: id,
    };
    // After approval a plan change is a change of the event (the Change History Report lists it).
    const isChange = event.status !== 'DRAFT';
    if (planChanged)
      await appendHistory(trx, actor, { ...history, action: 'REMINDERS_CHANGED', before, after, isChange });
    if (pauseChanged)
      await appendHistory(trx, actor, {
        ...history,
        action: paused ? 'REMINDERS_PAUSED' : 'REMINDERS_RESUMED',
        isChange,
      });
    return readCommunicationReminders(trx, {
      ...event,
      reminder_interval_hours: after.interval_hours,
      reminder_max: after.max_reminders,
      reminders_paused: paused,
    });
  });
}
