import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  csvRows as readCsv,
  downloadFile,
  fileNameDate as today,
  startTestApp,
  type TestApp,
  xlsxSheets as readXlsx,
} from '@portal/testing';
import { appendHistory } from '@portal/communications';
import { formatDateTime } from '@portal/core';

let t: TestApp;
let recalls: string;
let borealis: string;
let sentId: number;
let acmeId: number;
let riverside: number;
let lakeshore: number;

const ACK_AT = '2026-11-03T03:30:00Z'; // 11/02/2026 21:30 in Chicago (CST), 11/03/2026 03:30 in UTC

const api = (token: string) => ({
  get: (path: string) => t.call('GET', `/api/supplier/communications${path}`, { token }),
  post: (path: string, body: unknown) => t.call('POST', `/api/supplier/communications${path}`, { token, body }),
  put: (path: string, body: unknown = {}) => t.call('PUT', `/api/supplier/communications${path}`, { token, body }),
});

const download = (path: string, token = recalls, timezone = 'America/Chicago') =>
  downloadFile(t, `/api${path}`, token, timezone);

/** An Excel date cell holds the zone's wall-clock time in its UTC fields. */
const wall = (v: unknown) => (v instanceof Date ? v.toISOString().slice(0, 16) : v);

const allActions = [
  { action_type: 'Acknowledge', title: 'Acknowledge receipt' },
  { action_type: 'YesNo', title: 'Any stock left?' },
];

async function sentEvent(name: string): Promise<number> {
  const a = api(recalls);
  const created = await a.post('/step0', {
    type: 'RECALL',
    name,
    classification: 'CLASSII',
    subtype: 'CORRECTION',
    event_id: `EV-${Math.random().toString(36).slice(2, 8)}`,
    event_date: '2026-11-01',
  });
  const id = created.body.d.id as number;
  await a.post('/step1', { id, products: [{ product_name: 'Pump A', lot_number: 'L-1' }] });
  await a.post('/step2', { id, actions: allActions });
  await a.post('/step3', { id, provider_organization_ids: [riverside, lakeshore] });
  await a.post('/step3/customers', { id, customers: [{ name: 'Outside Clinic', email: 'desk@outside-clinic.test' }] });
  expect((await a.put(`/${id}/approve-recall/RECALL/0`)).status).toBe(200);
  expect((await a.put(`/${id}/send-notification/RECALL?sendType=new`)).status).toBe(200);
  await t.mailer.drain();
  return id;
}

beforeAll(async () => {
  t = await startTestApp();
  recalls = (await t.signIn('recalls@acme.demo')).access_token;
  borealis = (await t.signIn('admin@borealis.demo')).access_token;
  riverside = ((await t.db('organizations').where({ name: 'Riverside Health' }).first('id')) as { id: number }).id;
  lakeshore = ((await t.db('organizations').where({ name: 'Lakeshore Medical Center' }).first('id')) as { id: number })
    .id;
  sentId = await sentEvent('Report recall');
  acmeId = (
    (await t.db('communications').where({ id: sentId }).first('organization_id')) as { organization_id: number }
  ).organization_id;
  // Riverside acknowledged and completed; one email opened and clicked; one change after approval; one location.
  const riversidePc = (await t
    .db('provider_communications')
    .where({ communication_id: sentId, provider_organization_id: riverside })
    .first('id', 'affected_customer_id')) as { id: number; affected_customer_id: number };
  await t.db('provider_communications').where({ id: riversidePc.id }).update({
    acknowledged_at: ACK_AT,
    acknowledged_by: 'admin@riverside.demo',
    response_status: 'COMPLETED',
    completed_at: ACK_AT,
  });
  const actions = (await t
    .db('communication_actions')
    .where({ communication_id: sentId })
    .orderBy('sort_order')
    .pluck('id')) as number[];
  const lakeshorePc = (await t
    .db('provider_communications')
    .where({ communication_id: sentId, provider_organization_id: lakeshore })
    .first('id')) as { id: number };
  const outsidePc = (await t
    .db('provider_communications as pc')
    .join('communication_affected_customers as ac', 'ac.id', 'pc.affected_customer_id')
    .where({ 'pc.communication_id': sentId, 'ac.name': 'Outside Clinic' })
    .first('pc.id')) as { id: number };
  const answer = (pcId: number, actionId: number, value: object, status: string, provider: number | null) => ({
    provider_communication_id: pcId,
    communication_id: sentId,
    action_id: actionId,
    supplier_organization_id: acmeId,
    provider_organization_id: provider,
    value: JSON.stringify(value),
    status,
    submitted_at: status === 'SUBMITTED' ? ACK_AT : null,
  });
  await t.db('provider_responses').insert([
    answer(riversidePc.id, actions[0]!, { valueAcknowledge: true }, 'SUBMITTED', riverside),
    answer(riversidePc.id, actions[1]!, { valueYesNo: 'No' }, 'SUBMITTED', riverside),
    answer(lakeshorePc.id, actions[1]!, { valueYesNo: 'Yes' }, 'DRAFT', lakeshore),
    answer(outsidePc.id, actions[1]!, { valueYesNo: 'Yes' }, 'SUBMITTED', null), // answered without acknowledging
  ]);
  const email = (await t
    .db('outbox_emails')
    .where({ reference_type: 'communication', reference_id: String(sentId), to_email: 'admin@riverside.demo' })
    .first('id')) as { id: number };
  await t.db('email_events').insert([
    { outbox_email_id: email.id, event: 'Opened' },
    { outbox_email_id: email.id, event: 'Opened' },
    { outbox_email_id: email.id, event: 'Click', url: 'https://x.test' },
  ]);
  await appendHistory(t.db, null, {
    communicationId: sentId,
    organizationId: acmeId,
    action: 'POST_UPDATE',
    entityType: 'communication',
    entityId: sentId,
    before: { name: 'Old' },
    after: { name: 'Report recall' },
    isChange: true,
    actorEmail: 'recalls@acme.demo',
  });
  await t.db('communication_affected_locations').insert({
    communication_id: sentId,
    organization_id: acmeId,
    affected_customer_id: riversidePc.affected_customer_id,
    provider_organization_id: riverside,
    location_id: 'LOC-1',
    location_name: 'Riverside Main',
    city: 'Sacramento',
    state: 'CA',
    status: 'EMAILED',
  });
});
afterAll(() => t.close());

describe('event summary', () => {
  it('counts customers, notices, acknowledgements, completions and emails', async () => {
    const res = await api(recalls).get(`/${sentId}/summary`);
    expect(res.status).toBe(200);
    expect(res.body.d).toMatchObject({
      id: sentId,
      status: 'OPEN',
      customers: 3,
      acknowledged: 1,
      completed: 1,
      provider_communications: {
        total: 3,
        by_status: { OPEN: 3, CLOSED: 0 },
        by_response: { COMPLETED: 1, NOTCOMPLETED: 2 },
      },
      emails: { total: 4, by_status: { SENT: 4, ERROR: 0, Bounce: 0, DELIVERY: 0, DRAFT: 0 }, opened: 1, clicked: 1 },
      acknowledgement_rate: 33.3,
      completion_rate: 33.3,
    });
  });
});

describe('provider status report', () => {
  it('streams an XLSX with the spec name, one row per provider communication, dates in the caller zone', async () => {
    // Issue 32: a "not affected" answer shows with who gave it (the fields only; the row's status stays as it was).
    const notAffected = () =>
      t.db('provider_communications').where({ communication_id: sentId, provider_organization_id: riverside });
    await notAffected().update({
      not_affected_reason: 'None in stock',
      not_affected_by: 'Rita Riverside (admin@riverside.demo)',
      not_affected_at: t.db.fn.now(),
    });
    const res = await download(`/supplier/communications/${sentId}/actions/provider/statusreport`);
    await notAffected().update({ not_affected_reason: null, not_affected_by: null, not_affected_at: null });
    expect(res.status).toBe(200);
    expect(res.type).toContain('spreadsheetml');
    expect(res.disposition).toContain(`filename="Provider Status Report ${today('America/Chicago')}.xlsx"`);
    const { 'Provider Status': rows } = await readXlsx(res.body);
    expect(rows![0]).toEqual([
      'Customer Name',
      'Provider Organization',
      'Recipients',
      'Status',
      'Sent At',
      'Last Notified',
      'Acknowledged At',
      'Acknowledged By',
      'Response Status',
      'Completed At',
      'Reminders Sent',
      'Acknowledge receipt',
      'Any stock left?',
      'Response Method',
      'Response Due',
      'Overdue',
      'Not Affected',
    ]);
    expect(rows).toHaveLength(4);
    // Issue 32: the response-due date set at send (Class II: 7 days) and whether the notice is past it.
    const due = (await t.db('communications').where({ id: sentId }).first('response_due_date')) as {
      response_due_date: string;
    };
    expect(rows!.map((x) => [wall(x[14]), x[15]]).slice(1)).toEqual(
      Array(3).fill([`${due.response_due_date}T00:00`, 'No']),
    );
    expect(rows!.map((x) => [x[1], x[16] ?? null]).slice(1)).toEqual(
      expect.arrayContaining([
        ['Riverside Health', 'None in stock (Rita Riverside (admin@riverside.demo))'],
        ['Lakeshore Medical Center', null],
      ]),
    );
    expect(rows!.find((x) => x[1] === 'Lakeshore Medical Center')![12] ?? '').toBe(''); // a draft answer is not shown
    const r = rows!.find((x) => x[1] === 'Riverside Health')!;
    expect(wall(r[6])).toBe('2026-11-02T21:30');
    expect(r[7]).toBe('admin@riverside.demo');
    expect(r[8]).toBe('Completed');
    expect([r[11], r[12], r[13]]).toEqual(['Yes', 'No', 'Electronic']);
    expect(String(r[2])).toContain('admin@riverside.demo');
    expect(rows!.filter((x) => x[8] === 'In Progress')).toHaveLength(2);
    expect(rows!.find((x) => x[0] === 'Outside Clinic')![2]).toBe('desk@outside-clinic.test');

    const utc = await readXlsx(
      (await download(`/supplier/communications/${sentId}/actions/provider/statusreport`, recalls, 'UTC')).body,
    );
    expect(wall(utc['Provider Status']!.find((x) => x[1] === 'Riverside Health')![6])).toBe('2026-11-03T03:30');
    const sent = (await t.db('provider_communications').where({ communication_id: sentId }).first('sent_at')) as {
      sent_at: Date;
    };
    const chicagoSent = wall(rows![1]![4]) as string;
    const utcSent = wall(utc['Provider Status']![1]![4]) as string;
    expect(new Date(`${utcSent}Z`).getTime() - new Date(`${chicagoSent}Z`).getTime()).toBe(6 * 3_600_000);
    expect(utcSent).toBe(sent.sent_at.toISOString().slice(0, 16));
  });

  it('streams the same rows as CSV with MM/DD/YYYY HH:mm dates', async () => {
    const res = await download(`/supplier/communications/${sentId}/actions/provider/statusreport/csv`);
    expect(res.type).toContain('text/csv');
    expect(res.disposition).toContain(`filename="Provider Status Report ${today('America/Chicago')}.csv"`);
    const rows = readCsv(res.body);
    expect(rows[0]![0]).toBe('Customer Name');
    expect(rows).toHaveLength(4);
    const r = rows.find((x) => x[1] === 'Riverside Health')!;
    expect(r[6]).toBe('11/02/2026 21:30');
    expect(r[9]).toBe('11/02/2026 21:30');
    expect([r[10], r[11], r[12]]).toEqual(['0', 'Yes', 'No']);
    expect(rows[0]!.slice(11)).toEqual([
      'Acknowledge receipt',
      'Any stock left?',
      'Response Method',
      'Response Due',
      'Overdue',
      'Not Affected',
    ]);
    const [y, m, d] = (
      (await t.db('communications').where({ id: sentId }).first('response_due_date')) as { response_due_date: string }
    ).response_due_date.split('-');
    expect(r.slice(14)).toEqual([`${m}/${d}/${y}`, 'No', '']);
    expect(rows[1]![4]).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    const utc = readCsv(
      (await download(`/supplier/communications/${sentId}/actions/provider/statusreport/csv`, recalls, 'UTC')).body,
    );
    expect(utc.find((x) => x[1] === 'Riverside Health')![6]).toBe('11/03/2026 03:30');
  });
});

describe('FDA effectiveness report', () => {
  it('lists consignees and the effectiveness level reached', async () => {
    const res = await download(`/supplier/communications/${sentId}/fdareport`);
    expect(res.disposition).toContain(`filename="FDA Effectiveness Report ${today('America/Chicago')}.xlsx"`);
    const sheets = await readXlsx(res.body);
    const summary = new Map(sheets.Summary!.slice(1).map((r) => [r[0], r[1]]));
    expect(summary.get('Consignees')).toBe(3);
    expect(summary.get('Notified')).toBe(3);
    expect(summary.get('Acknowledged')).toBe(1);
    expect(summary.get('Responded')).toBe(2);
    expect(summary.get('Acknowledgement Rate (%)')).toBe(33.3);
    expect(summary.get('Effectiveness Check Level Reached')).toBe('B');
    expect(summary.get('Level A')).toBe('100% of consignees');
    const consignees = sheets.Consignees!;
    expect(consignees[0]).toEqual([
      'Consignee',
      'Provider Organization',
      'Recipients',
      'Notified',
      'Notified At',
      'Acknowledged',
      'Acknowledged At',
      'Acknowledged By',
      'Responded',
      'Completed',
      'Completed At',
      'Response Due',
      'Overdue',
      'Not Affected',
    ]);
    expect(consignees).toHaveLength(4);
    expect(summary.get('Overdue')).toBe(0);
    const r = consignees.find((x) => x[1] === 'Riverside Health')!;
    expect([r[3], r[5], r[8], r[9], wall(r[6])]).toEqual(['Yes', 'Yes', 'Yes', 'Yes', '2026-11-02T21:30']);
    expect(consignees.filter((x) => x[5] === 'No')).toHaveLength(2);
    const outside = consignees.find((x) => x[0] === 'Outside Clinic')!;
    expect([outside[5], outside[8], outside[9]]).toEqual(['No', 'Yes', 'No']);
  });
});

describe('history reports', () => {
  it('change history holds only changes after approval; the audit report every history row', async () => {
    const change = await download(`/supplier/communications/${sentId}/change-history-download`);
    expect(change.disposition).toContain(`filename="Change History Report ${today('America/Chicago')}.xlsx"`);
    const rows = (await readXlsx(change.body))['Change History']!;
    expect(rows[0]).toEqual([
      'Date',
      'User',
      'Email',
      'Action',
      'What happened',
      'Entity',
      'Entity ID',
      'Customer',
      'Before',
      'After',
    ]);
    expect(rows.slice(1).map((r) => [r[3], r[4]])).toEqual([['POST_UPDATE', 'Update posted']]);
    expect([rows[1]![8], rows[1]![9]]).toEqual(['{"name":"Old"}', '{"name":"Report recall"}']);

    const audit = await download(`/supplier/communications/${sentId}/auditreport`);
    expect(audit.disposition).toContain(`filename="Audit Report ${today('America/Chicago')}.xlsx"`);
    const actions = (await readXlsx(audit.body)).Audit!.slice(1).map((r) => r[3]);
    expect(actions).toEqual([
      'CREATED',
      'STEP1_SAVED',
      'STEP2_SAVED',
      ...actions.slice(3, -4),
      'APPROVED',
      'RESPONSE_DUE_DATE_SET',
      'NOTIFICATION_SENT',
      'POST_UPDATE',
    ]);
    const csv = readCsv((await download(`/supplier/communications/${sentId}/auditreport/csv`)).body);
    expect(csv.slice(1).map((r) => r[3])).toEqual(actions);
    const sentRow = csv.find((r) => r[3] === 'NOTIFICATION_SENT')!;
    expect(sentRow[4]).toMatch(/^Notification sent to \d+ customers$/);
    expect(csv[1]![0]).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    expect(csv[1]![2]).toBe('recalls@acme.demo');
  });
});

describe('status, location, summary and notification reports', () => {
  it('recall event status (csv) has every affected customer with its notice', async () => {
    const res = await download(`/supplier/communications/${sentId}/recalleventstatusreport/csv`, recalls, 'UTC');
    expect(res.disposition).toContain(`filename="Recall Event Status Report ${today('UTC')}.csv"`);
    const rows = readCsv(res.body);
    expect(rows).toHaveLength(4);
    const r = rows.find((x) => x[1] === 'Riverside Health')!;
    // Words, not codes: the source, the notice's status and the response status as a reader says them.
    expect([r[3], r[4], r[5], r[8], r[10]]).toEqual(['Provider chosen', '1', 'Open', '11/03/2026 03:30', 'Completed']);
  });

  it("event status by location joins each location to its customer's progress", async () => {
    const res = await download(`/supplier/communications/${sentId}/eventstatusbylocation`);
    expect(res.disposition).toContain(`filename="Event Status By Location Report ${today('America/Chicago')}.xlsx"`);
    const rows = (await readXlsx(res.body)).Locations!;
    expect(rows).toHaveLength(2);
    expect(rows[1]!.slice(0, 2)).toEqual(['LOC-1', 'Riverside Main']);
    expect(rows[1]![10]).toBe('Emailed');
    expect(rows[1]![11]).toBe('Riverside Health');
    expect(rows[1]![15]).toBe('Completed');
  });

  it('summeryreport of one event and of the dashboard by status (xlsx and csv)', async () => {
    const one = await download(`/supplier/communications/${sentId}/summeryreport`);
    expect(one.disposition).toContain(`filename="Recall Events Summary Report ${today('America/Chicago')}.xlsx"`);
    const rows = (await readXlsx(one.body)).Summary!;
    expect(rows).toHaveLength(2);
    expect(rows[1]!.slice(0, 6)).toEqual([
      'Report recall',
      expect.any(String),
      // The vocabulary's words, not the codes (RECALL, CORRECTION, CLASSII).
      'Recall',
      'Correction',
      'Class II',
      'OPEN',
    ]);
    expect(wall(rows[1]![6])).toBe('2026-11-01T00:00');
    expect(rows[1]!.slice(10, 18)).toEqual([3, 3, 1, 1, 33.3, 33.3, 4, 0]);
    // Issue 32: the response-due date and the notices past it, last.
    expect(rows[0]!.slice(18)).toEqual(['Response Due', 'Overdue']);
    expect(rows[1]![18]).toBeInstanceOf(Date);
    expect(rows[1]![19]).toBe(0);

    const draft = await api(recalls).post('/step0', {
      type: 'RECALL',
      name: 'Dashboard draft',
      classification: 'CLASSI',
    });
    const open = readCsv((await download('/supplier/dashboard/OPEN/actions/supplier/summeryreport/csv')).body);
    expect(open.slice(1).map((r) => r[0])).toContain('Report recall');
    expect(open.slice(1).map((r) => r[0])).not.toContain('Dashboard draft');
    expect(open.slice(1).every((r) => r[5] === 'OPEN')).toBe(true);
    // Approved and first sent: instants read as epoch milliseconds, shown in the caller's zone like any other date.
    const event = (await t.db('communications').where({ id: sentId }).first('approved_at', 'first_sent_at')) as {
      approved_at: Date;
      first_sent_at: Date;
    };
    const csvRow = open.find((r) => r[0] === 'Report recall')!;
    expect([csvRow[7], csvRow[8]]).toEqual([
      formatDateTime(event.approved_at, 'America/Chicago'),
      formatDateTime(event.first_sent_at, 'America/Chicago'),
    ]);
    expect(csvRow[8]).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    // The XLSX cell holds the same wall-clock minute as the CSV text (MM/DD/YYYY HH:mm vs YYYY-MM-DDTHH:mm).
    const [, mm, dd, yyyy, hhmm] = /^(\d{2})\/(\d{2})\/(\d{4}) (\d{2}:\d{2})$/.exec(csvRow[8]!)!;
    expect(wall(rows[1]![8])).toBe(`${yyyy}-${mm}-${dd}T${hhmm}`);
    const all = await download('/supplier/dashboard/ALL/actions/supplier/summeryreport');
    expect(all.disposition).toContain('Recall Events Summary Report');
    const names = (await readXlsx(all.body)).Summary!.slice(1).map((r) => r[0]);
    expect(names).toEqual(expect.arrayContaining(['Report recall', 'Dashboard draft']));
    expect(
      (await download('/supplier/communications/supplier/dashboard/DRAFT/actions/supplier/summeryreport/csv')).status,
    ).toBe(200);
    expect((await download('/supplier/dashboard/LOST/actions/supplier/summeryreport')).status).toBe(404);
    const borealisAll = readCsv(
      (await download('/supplier/dashboard/ALL/actions/supplier/summeryreport/csv', borealis)).body,
    );
    expect(borealisAll.slice(1).map((r) => r[0])).not.toContain('Report recall');
    expect(draft.status).toBe(200);
  });

  it('notification report lists every email with delivery and engagement', async () => {
    const res = await download(`/supplier/communications/${sentId}/notificationreport`);
    expect(res.disposition).toContain(`filename="Notification Report ${today('America/Chicago')}.xlsx"`);
    const rows = (await readXlsx(res.body)).Notifications!;
    expect(rows[0]).toEqual([
      'To',
      'Customer Name',
      'Subject',
      'Kind',
      'Status',
      'Queued At',
      'Sent At',
      'Attempts',
      'Last Error',
      'Opened',
      'Clicked',
    ]);
    expect(rows).toHaveLength(5);
    const r = rows.find((x) => x[0] === 'admin@riverside.demo')!;
    expect([r[1], r[9], r[10]]).toEqual(['Riverside Health', 'Yes', 'Yes']);
    expect(String(r[2])).toContain('Recall notice: Report recall');
    expect(rows.filter((x) => x[9] === 'No')).toHaveLength(3);
  });
});

describe('tenancy and report history', () => {
  const paths = [
    'summary',
    'actions/provider/statusreport',
    'actions/provider/statusreport/csv',
    'fdareport',
    'change-history-download',
    'auditreport',
    'auditreport/csv',
    'recalleventstatusreport/csv',
    'eventstatusbylocation',
    'summeryreport',
    'notificationreport',
    'product-template',
    'report-history/AuditReport',
  ];

  it('answers 404 to another supplier for every report of the event, and records nothing', async () => {
    const before = Number(
      (
        (await t
          .db('report_history')
          .where({ communication_id: sentId })
          .count<{ n: number }[]>({ n: '*' })
          .first()) as { n: number }
      ).n,
    );
    for (const p of paths) {
      const res = await download(`/supplier/communications/${sentId}/${p}`, borealis);
      expect([p, res.status]).toEqual([p, 404]);
      expect(JSON.parse(res.body.toString('utf8')).ok).toBe(false);
    }
    expect(
      (
        await t.call('POST', `/api/supplier/communications/${sentId}/add-report-history/AuditReport`, {
          token: borealis,
        })
      ).status,
    ).toBe(404);
    const after = Number(
      (
        (await t
          .db('report_history')
          .where({ communication_id: sentId })
          .count<{ n: number }[]>({ n: '*' })
          .first()) as { n: number }
      ).n,
    );
    expect(after).toBe(before);
    expect((await download(`/supplier/communications/${sentId}/fdareport`, '')).status).toBe(401);
  });

  it('records every download and lists who generated a report', async () => {
    const a = api(recalls);
    const before = (await a.get(`/${sentId}/report-history/ProviderStatusReport`)).body.d.total as number;
    await download(`/supplier/communications/${sentId}/actions/provider/statusreport`);
    const list = await a.get(`/${sentId}/report-history/ProviderStatusReport`);
    expect(list.body.d.total).toBe(before + 1);
    expect(list.body.d.items[0]).toMatchObject({
      report_type: 'ProviderStatusReport',
      created_by_email: 'recalls@acme.demo',
    });
    const added = await a.post(`/${sentId}/add-report-history/PaperResponseTemplate`, {});
    expect(added.body.d).toMatchObject({ report_type: 'PaperResponseTemplate', created_by_email: 'recalls@acme.demo' });
    expect((await a.get(`/${sentId}/report-history/PaperResponseTemplate`)).body.d.items).toHaveLength(1);
    expect((await a.get(`/${sentId}/report-history/bad%20type;drop`)).status).toBe(404);
  });
});
