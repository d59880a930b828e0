import type { Knex } from 'knex';
import type { Config } from '@portal/core';
import { actorByEmail, createSupplierLocation, organizationsView } from '@portal/organizations';
import { ACTION_TYPES } from './constants.js';
import { approveCommunication, toggleCloseOpen } from './services/communication-lifecycle.js';
import { saveStep0, saveStep1, saveStep2 } from './services/wizard-steps.js';
import { saveStep3 } from './services/recipients.js';
import { acknowledge } from './services/provider-communications.js';
import { answerAction } from './services/answers.js';
import { sendNotifications } from './services/sending.js';
import { today } from './services/due-dates.js';

const actorOf = async (db: Knex, email: string) => {
  const actor = await actorByEmail(db, email);
  if (!actor) throw new Error(`Demo user ${email} cannot act`);
  return actor;
};

const orgId = async (db: Knex, name: string) =>
  ((await organizationsView(db).where({ name }).first()) as { id: number }).id;

/** `days` after `from` (YYYY-MM-DD), as YYYY-MM-DD. */
const plusDays = (from: string, days: number) =>
  new Date(Date.parse(`${from}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * Recalls and advisories of the demo world in every state (DESIGN §6), built through the same services as the API:
 * a draft, an open recall sent to both providers with some answers, a closed recall, and an open supply advisory.
 * Issue 32: their response-due dates count from the day the demo is loaded, so the worklist has something in each
 * state: the open Class I recall is two days overdue, the advisory is due in ten days, and the draft has none yet (the
 * wizard offers its class's default).
 */
export async function seedDemoCommunications(db: Knex, config: Config): Promise<void> {
  const now = await today(db);
  await db('product_fields').insert([
    { name: 'Sterile', field_type: 'YesNo', sort_order: 1 },
    {
      name: 'Storage',
      field_type: 'ListSingle',
      options: JSON.stringify(['Room temperature', 'Refrigerated', 'Frozen']),
      sort_order: 2,
    },
  ]);
  const recalls = await actorOf(db, 'recalls@acme.demo');
  const sourcing = await actorOf(db, 'sourcing@acme.demo');
  // Acme's customer locations (ship-to accounts), matched to the demo providers by their Notisphere ids.
  for (const location of [
    {
      location_id: 'ACME-0001',
      location_name: 'Riverside Health Main Receiving',
      notisphere_id: 'PRV-0001',
      address1: '1 River Road',
      city: 'Sacramento',
      state: 'CA',
      zip: '95814',
      type: 'Hospital',
    },
    {
      location_id: 'ACME-0002',
      location_name: 'Riverside North Campus Pharmacy',
      notisphere_id: 'PRV-0001-01',
      address1: '200 North Ave',
      city: 'Sacramento',
      state: 'CA',
      zip: '95815',
      type: 'Pharmacy',
    },
    {
      location_id: 'ACME-0003',
      location_name: 'Lakeshore Central Supply',
      notisphere_id: 'PRV-0002',
      address1: '77 Lake Shore Dr',
      city: 'Chicago',
      state: 'IL',
      zip: '60611',
      type: 'Hospital',
    },
    {
      location_id: 'ACME-0004',
      location_name: 'Valley Surgery Center',
      address1: '9 Orchard St',
      city: 'Fresno',
      state: 'CA',
      zip: '93701',
      type: 'Surgery Center',
      email: 'purchasing@valley-surgery.example',
    },
  ])
    await createSupplierLocation(db, recalls, location);
  const riverside = await orgId(db, 'Riverside Health');
  const lakeshore = await orgId(db, 'Lakeshore Medical Center');
  const actions = ACTION_TYPES.map((action_type) => ({
    action_type,
    title: {
      Acknowledge: 'Acknowledge that you have read this notice',
      Text: 'Describe what you did with the affected stock',
      Numeric: 'How many units do you hold?',
      YesNo: 'Have you quarantined the affected lots?',
      Checkbox: 'Which steps are done?',
      MultipleChoice: 'How will you dispose of the units?',
      Image: 'Photo of the quarantined stock',
      Document: 'Signed destruction certificate',
    }[action_type],
    ...(action_type === 'Checkbox' ? { options: ['Stock counted', 'Staff informed', 'Units labelled'] } : {}),
    ...(action_type === 'MultipleChoice' ? { options: ['Return to Acme', 'Destroy on site'] } : {}),
    is_required: !['Image', 'Document'].includes(action_type),
  }));

  const build = async (
    actor: typeof recalls,
    info: Parameters<typeof saveStep0>[2],
    products: Parameters<typeof saveStep1>[3],
    providers: number[],
  ) => {
    const event = await saveStep0(db, actor, info);
    await saveStep1(db, actor, event.id, products);
    await saveStep2(db, actor, event.id, actions);
    await saveStep3(db, actor, { id: event.id, provider_organization_ids: providers });
    return event.id;
  };

  await saveStep0(db, recalls, {
    type: 'RECALL',
    name: 'Suction catheter packaging (draft)',
    classification: 'NOT_YET_CLASSIFIED',
    subtype: 'REMOVAL',
    event_id: 'ACME-2026-014',
  });

  const open = await build(
    recalls,
    {
      type: 'RECALL',
      name: 'Infusion pump battery may fail',
      classification: 'CLASSI',
      subtype: 'CORRECTION',
      event_id: 'ACME-2026-011',
      description:
        '<p>Batteries of the lots below may stop without the low-battery alarm. Quarantine the pumps and replace the batteries.</p>',
      disposition: 'Returned',
      event_date: '2026-11-02',
      response_due_date: plusDays(now, -2),
      contact_name: 'Rick Recalls',
      contact_email: 'recalls@acme.demo',
    },
    [
      {
        product_name: 'VoluFlow 300 infusion pump',
        catalog_number: 'VF-300',
        lot_number: 'L2026-0817',
        udi: '00812345000011',
        quantity: 120,
      },
      { product_name: 'VoluFlow 300 battery pack', catalog_number: 'VF-BP', lot_number: 'B2026-0402', quantity: 340 },
    ],
    [riverside, lakeshore],
  );
  await approveCommunication(db, recalls, open);
  await sendNotifications(db, config, recalls, open, { sendType: 'new' });
  const riversidePc = (await db('provider_communications')
    .where({ communication_id: open, provider_organization_id: riverside })
    .first('id')) as { id: number };
  const rita = await actorOf(db, 'admin@riverside.demo');
  const respondent = { email: rita.email, actor: rita };
  await acknowledge(db, riversidePc.id, respondent);
  const byType = Object.fromEntries(
    (
      (await db('communication_actions').where({ communication_id: open }).select('id', 'action_type')) as {
        id: number;
        action_type: string;
      }[]
    ).map((a) => [a.action_type, a.id]),
  );
  await answerAction(db, riversidePc.id, respondent, byType.Acknowledge!, { valueAcknowledge: true });
  await answerAction(db, riversidePc.id, respondent, byType.Numeric!, { valueNumeric: '14' });
  await answerAction(db, riversidePc.id, respondent, byType.YesNo!, { valueYesNo: 'Yes' });

  const closed = await build(
    recalls,
    {
      type: 'RECALL',
      name: 'Surgical gown labelling error',
      classification: 'CLASSIII',
      subtype: 'PRODUCTADVISORY',
      event_id: 'ACME-2026-003',
      description: '<p>Size labels of two lots were swapped.</p>',
      disposition: 'None',
      event_date: '2026-03-10',
      response_due_date: plusDays(now, -30),
    },
    [{ product_name: 'ComfortShield surgical gown L', lot_number: 'G-1120' }],
    [riverside],
  );
  await approveCommunication(db, recalls, closed);
  await sendNotifications(db, config, recalls, closed, { sendType: 'new' });
  await toggleCloseOpen(db, recalls, closed);

  const advisory = await build(
    sourcing,
    {
      type: 'PRODUCT DISRUPTION',
      name: 'Saline flush syringes on backorder',
      subtype: 'BACKORDER',
      lead_time: '2-4 weeks',
      reason: 'Raw material shortage',
      event_id: 'ACME-SA-2026-07',
      description: '<p>Allocation of 10 mL saline flush syringes until December.</p>',
      event_date: '2026-11-10',
      response_due_date: plusDays(now, 10),
    },
    [{ product_name: 'SafeFlush 10 mL saline syringe', catalog_number: 'SF-10' }],
    [riverside, lakeshore],
  );
  await approveCommunication(db, sourcing, advisory);
  await sendNotifications(db, config, sourcing, advisory, { sendType: 'new' });
}
