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
 */
export const REMINDER_PLANS = ['CLASSI', 'CLASSII', 'CLASSIII', 'ADVISORY'] as const;
export type ReminderPlan = (typeof REMINDER_PLANS)[number];

export interface PlanValues {
  interval_hours: number;
  max_reminders: number;
}

/** The product's plans when an organisation has set none: the more serious the class, the sooner and the more often. */
export const BUILT_IN_PLANS: Record<ReminderPlan, PlanValues> = {
  CLASSI: { interval_hours: 24, max_reminders: 5 },
  CLASSII: { interval_hours: 48, max_reminders: 3 },
  CLASSIII: { interval_hours: 72, max_reminders: 2 },
  ADVISORY: { interval_hours: 72, max_reminders: 2 },
};

/** The bounds of a plan, the same in the schemas and the table's checks. */
export const INTERVAL_HOURS = { minimum: 1, maximum: 720 } as const;
export const MAX_REMINDERS = { minimum: 0, maximum: 20 } as const;

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

/** The built-in plans as a VALUES list `(plan, interval_hours, max_reminders)`, for SQL that resolves plans. */
export const BUILT_IN_SQL = `(VALUES ${REMINDER_PLANS.map(
  (p) => `('${p}', ${BUILT_IN_PLANS[p].interval_hours}, ${BUILT_IN_PLANS[p].max_reminders})`,
).join(', ')}) AS b(plan, interval_hours, max_reminders)`;

/** Which permission sets a plan: the recall classes need the recall one, the advisory plan the advisory one. */
const permissionOfPlan = (plan: ReminderPlan) =>
  PERMISSION_OF_TYPE[plan === 'ADVISORY' ? 'PRODUCT DISRUPTION' : 'RECALL'];

export interface OrganizationPlan extends PlanValues {
  plan: ReminderPlan;
  /** The organisation has not set this plan: the built-in one applies. */
  is_default: boolean;
}

/** Every plan of the caller's organisation, its own values or the built-in ones, in REMINDER_PLANS order. */
export async function reminderPlans(db: Knex | Knex.Transaction, actor: Actor): Promise<{ items: OrganizationPlan[] }> {
  const own = (await db('reminder_defaults')
    .where({ organization_id: actor.organizationId })
    .select('plan', 'interval_hours', 'max_reminders')) as (PlanValues & { plan: ReminderPlan })[];
  const byPlan = new Map(own.map((p) => [p.plan, p]));
  return {
    items: REMINDER_PLANS.map((plan) => {
      const set = byPlan.get(plan);
      const values = set ?? BUILT_IN_PLANS[plan];
      return {
        plan,
        interval_hours: values.interval_hours,
        max_reminders: values.max_reminders,
        is_default: !set,
      };
    }),
  };
}

/**
 * Sets the organisation's plans named in `items` (the others are left as they are), audited with before and after.
 * A recall class needs the recall permission and the advisory plan the advisory one (403 otherwise).
 */
export async function saveReminderPlans(
  db: Knex,
  actor: Actor,
  items: (PlanValues & { plan: ReminderPlan })[],
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
    await trx('reminder_defaults')
      .insert(
        items.map((i) => ({
          organization_id: actor.organizationId,
          plan: i.plan,
          interval_hours: i.interval_hours,
          max_reminders: i.max_reminders,
        })),
      )
      .onConflict(['organization_id', 'plan'])
      .merge({
        interval_hours: trx.raw('excluded.interval_hours'),
        max_reminders: trx.raw('excluded.max_reminders'),
        updated_at: trx.fn.now(),
      });
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
  /** The earliest time a recipient still eligible is due (possibly past, until the job's next run); null when none. */
  next_reminder_at: Date | null;
  /** Reminders sent to the event's recipients, all together. */
  reminders_sent: number;
}

/** The plan an event follows, value by value: its own, else its organisation's for its class, else the built-in one. */
export async function effectivePlan(
  db: Knex | Knex.Transaction,
  event: Pick<CommunicationRow, 'organization_id' | 'type' | 'classification'> &
    Partial<Pick<CommunicationRow, 'reminder_interval_hours' | 'reminder_max'>>,
): Promise<PlanValues & { plan: ReminderPlan; source: CommunicationReminders['source'] }> {
  const plan = planOf(event);
  const own = (await db('reminder_defaults')
    .where({ organization_id: event.organization_id, plan })
    .first('interval_hours', 'max_reminders')) as PlanValues | undefined;
  const fallback = own ?? BUILT_IN_PLANS[plan];
  const eventInterval = event.reminder_interval_hours ?? null;
  const eventMax = event.reminder_max ?? null;
  return {
    plan,
    interval_hours: eventInterval ?? fallback.interval_hours,
    max_reminders: eventMax ?? fallback.max_reminders,
    source: eventInterval !== null || eventMax !== null ? 'event' : own ? 'organization' : 'default',
  };
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
      { id: event.id, interval: plan.interval_hours, max: plan.max_reminders, remindable },
    )
  ).rows[0] as { reminders_sent: number; next_reminder_at: Date | null };
  return {
    plan: plan.plan,
    interval_hours: plan.interval_hours,
    max_reminders: plan.max_reminders,
    paused: event.reminders_paused,
    source: plan.source,
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
