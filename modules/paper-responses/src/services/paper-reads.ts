import type { Knex } from 'knex';
import {
  type Actor,
  type ListPage,
  type ListSpec,
  NotFoundError,
  parseListQuery,
  runList,
  ValidationError,
  type RowOf,
} from '@portal/core';
import { type CommunicationRow, loadOwnCommunication } from '@portal/communications';
import { organizationsView } from '@portal/organizations';
import {
  type ActionRow,
  affectedCustomersView,
  affectedLocationsView,
  answerFilesView,
  communicationActions,
  customRowsOf,
  providerCommunicationsView,
  type ProviderCommunicationRow,
  type AnswerValue,
  unitAnswersOf,
} from '@portal/communications';
import { answersOfProviderCommunication, filesOfPaper, paperAnswerCount } from './answer-reads.js';
import {
  dateIn,
  type Db,
  type FileRow,
  loadCustomer,
  loadCustomerById,
  loadPaper,
  loadSentCommunication,
  paperFile,
  type PaperResponseRow,
  paperView,
} from './paper-responses.js';
import type { paperListRowSchema } from '../output-schemas.js';

// ---------- reading ----------

const paperList: ListSpec = {
  fields: {
    customer_name: 'ac.name',
    provider_name: 'po.name',
    location_name: 'al.location_name',
    responder_name: 'p.responder_name',
    response_date: 'p.response_date',
    notified_date: 'p.notified_date',
    response_status: 'pc.response_status',
    created_at: 'p.created_at',
    updated_at: 'p.updated_at',
  },
  searchColumns: ['ac.name', 'po.name', 'al.location_name', 'p.responder_name'],
  defaultSort: [{ column: 'p.created_at', direction: 'desc' }],
};

export type PaperListRow = RowOf<typeof paperListRowSchema>;

/** The event's paper responses (paged; search by customer, provider, location or responder name). */
export async function listPaperResponses(
  db: Knex,
  actor: Actor,
  communicationId: number,
  raw: object,
): Promise<ListPage<PaperListRow>> {
  await loadSentCommunication(db, actor, communicationId);
  const query = parseListQuery(raw, paperList);
  const base = db('paper_responses as p')
    .join(providerCommunicationsView(db).as('pc'), 'pc.id', 'p.provider_communication_id')
    .join(affectedCustomersView(db).as('ac'), 'ac.id', 'pc.affected_customer_id')
    .leftJoin(organizationsView(db).as('po'), 'po.id', 'pc.provider_organization_id')
    .leftJoin(affectedLocationsView(db).as('al'), 'al.id', 'p.affected_location_id')
    .where({
      'p.communication_id': communicationId,
      'p.supplier_organization_id': actor.organizationId,
      'p.status': 'ACTIVE',
    });
  return runList<PaperListRow>(
    base,
    query,
    paperList,
    'p.id',
    (qb) =>
      qb.select(
        'p.id',
        'p.provider_communication_id',
        'ac.name as customer_name',
        'po.name as provider_name',
        'p.affected_location_id',
        'al.location_name',
        'p.responder_name',
        'p.response_date',
        'p.notified_date',
        'p.document_name',
        'pc.response_status',
        'p.created_at',
        'p.updated_at',
        paperAnswerCount(db, 'p.id').as('answers'),
      ),
    'p.updated_at',
  );
}

/** The notified customers of the event, each with its active paper response when it has one. */
export async function providerNames(db: Knex, actor: Actor, communicationId: number) {
  await loadSentCommunication(db, actor, communicationId);
  return db
    .from(providerCommunicationsView(db).as('pc'))
    .join(affectedCustomersView(db).as('ac'), 'ac.id', 'pc.affected_customer_id')
    .leftJoin(organizationsView(db).as('po'), 'po.id', 'pc.provider_organization_id')
    .leftJoin('paper_responses as p', function join() {
      this.on('p.provider_communication_id', '=', 'pc.id').andOnVal('p.status', '=', 'ACTIVE');
    })
    .where({ 'pc.communication_id': communicationId, 'pc.supplier_organization_id': actor.organizationId })
    .whereNot('pc.status', 'DELETED')
    .orderBy(['ac.name', 'pc.id'])
    .select(
      'pc.id as provider_communication_id',
      'ac.name as customer_name',
      'po.name as provider_name',
      'pc.sent_at',
      'pc.response_status',
      'p.id as paper_response_id',
    );
}

export function customerLocations(db: Db, pc: ProviderCommunicationRow) {
  return db
    .from(affectedLocationsView(db).as('l'))
    .where({ communication_id: pc.communication_id, affected_customer_id: pc.affected_customer_id })
    .orderBy(['location_name', 'id'])
    .select('id', 'location_id', 'location_name', 'address1', 'city', 'state', 'zip');
}

/** Affected locations of a customer that can take a new paper response (none once the customer has one). */
export async function locationNames(db: Knex, actor: Actor, pcId: number) {
  const { pc } = await loadCustomerById(db, actor, pcId);
  if (await db('paper_responses').where({ provider_communication_id: pc.id, status: 'ACTIVE' }).first('id')) return [];
  return customerLocations(db, pc);
}

/** Affected locations the paper response being edited may name. */
export async function editLocationNames(db: Knex, actor: Actor, paperResponseId: number) {
  const { pc } = await loadPaper(db, actor, paperResponseId);
  return customerLocations(db, pc);
}

/** When the customer was notified: the date its notice was first sent, in the caller's time zone. */
export async function notifiedDate(db: Knex, actor: Actor, pcId: number, timeZone: string) {
  const { pc } = await loadCustomerById(db, actor, pcId);
  return {
    provider_communication_id: pc.id,
    sent_at: pc.sent_at,
    notified_date: pc.sent_at ? dateIn(timeZone, new Date(pc.sent_at)) : null,
  };
}

/**
 * The event's actions with this paper response's values and files (id 0: a new one, for communicationId and
 * optionally providerCommunicationId). An action the customer already answered electronically carries that answer
 * and cannot be given a paper value.
 */
export async function getPaperActions(
  db: Knex,
  secret: string,
  actor: Actor,
  paperResponseId: number,
  query: { communicationId?: number; providerCommunicationId?: number } = {},
) {
  let event: CommunicationRow;
  let pc: ProviderCommunicationRow | null = null;
  let paper: PaperResponseRow | null = null;
  if (paperResponseId) ({ paper, event, pc } = await loadPaper(db, actor, paperResponseId));
  else {
    if (!query.communicationId) throw new ValidationError('COMMUNICATION_ID_REQUIRED');
    event = await loadSentCommunication(db, actor, query.communicationId);
    if (query.providerCommunicationId) pc = await loadCustomer(db, actor, event, query.providerCommunicationId);
  }
  const [actions, responses, files, rows, units] = await Promise.all([
    communicationActions(db, event.id),
    pc ? answersOfProviderCommunication(db, pc.id) : [],
    paper ? filesOfPaper(db, paper.id) : [],
    // The customer's own rows only: a per-unit action is keyed in row by row.
    pc ? customRowsOf(db, event, pc) : [],
    pc ? unitAnswersOf(db, pc.id) : [],
  ]);
  type Answer = {
    action_id: number;
    value: AnswerValue;
    status: string;
    source: string;
    paper_response_id: number | null;
    responder_email: string | null;
    submitted_at: Date | null;
  };
  const toFile = paperFile(secret);
  return {
    paper_response: paper ? paperView(secret)(paper) : null,
    actions: (actions as (ActionRow & { sort_order: number; description: string | null; per_unit: boolean })[]).map(
      (a) => {
        const answer = (responses as Answer[]).find((r) => r.action_id === a.id);
        const mine = answer && paper && answer.paper_response_id === paper.id;
        const electronic = answer && !mine && answer.status === 'SUBMITTED' && answer.paper_response_id === null;
        const unitsOf = units.filter((u) => u.action_id === Number(a.id));
        return {
          ...a,
          /** Per-unit actions: one entry per own row, with this paper response's value or the electronic one. */
          units: a.per_unit
            ? rows.map((r) => {
                const u = unitsOf.find((x) => x.row_id === r.id);
                const ours = u !== undefined && paper !== null && u.paper_response_id === Number(paper.id);
                return {
                  row_id: r.id,
                  product_name: r.product_name,
                  lot_number: r.lot_number,
                  serial_number: r.serial_number,
                  udi: r.udi,
                  quantity: r.quantity,
                  value: ours ? u.value : null,
                  electronic_value: u && u.paper_response_id === null ? u.value : null,
                };
              })
            : [],
          value: mine ? answer.value : null,
          electronic_answer: electronic
            ? { value: answer.value, responder_email: answer.responder_email, submitted_at: answer.submitted_at }
            : null,
          files: (files as FileRow[]).filter((f) => f.action_id === a.id).map(toFile),
        };
      },
    ),
  };
}

/** Signed links of the scanned paper document. */
export async function paperDocument(db: Knex, secret: string, actor: Actor, paperResponseId: number) {
  const view = paperView(secret)((await loadPaper(db, actor, paperResponseId)).paper);
  if (!view.document) throw new NotFoundError('PAPER_NO_DOCUMENT');
  return view.document;
}

/** GET /file/paper/{id}: one file of a paper response of the caller's supplier, with signed links. */
export async function getPaperFile(db: Knex, secret: string, actor: Actor, fileId: number) {
  const row = (await db
    .from(answerFilesView(db).as('f'))
    .join('paper_responses as p', 'p.id', 'f.paper_response_id')
    .where({
      'f.id': fileId,
      'f.supplier_organization_id': actor.organizationId,
      'p.supplier_organization_id': actor.organizationId,
      'p.status': 'ACTIVE',
    })
    .first('f.*', 'p.communication_id')) as (FileRow & { communication_id: number }) | undefined;
  if (!row) throw new NotFoundError('FILE_NOT_FOUND');
  await loadOwnCommunication(db, actor, row.communication_id);
  return paperFile(secret)(row);
}
