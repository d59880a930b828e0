import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendCommunication, startTestApp, type TestApp, type World, world } from '@portal/testing';

/** Issue 16 part B: the Notification Report lists the emails of the event's conversations too. */
let t: TestApp;
let w: World;
let riverside: string;

beforeAll(async () => {
  t = await startTestApp();
  w = await world(t);
  riverside = (await t.signIn('admin@riverside.demo')).access_token;
});
afterAll(() => t.close());

async function reportRows(id: number): Promise<unknown[][]> {
  const res = await fetch(`${t.baseUrl}/api/supplier/communications/${id}/notificationreport`, {
    headers: { authorization: `Bearer ${w.supplierToken}` },
  });
  expect(res.status).toBe(200);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load((await res.arrayBuffer()) as never);
  const rows: unknown[][] = [];
  wb.getWorksheet('Notifications')!.eachRow((r) => rows.push((r.values as unknown[]).slice(1)));
  return rows;
}

describe('Notification Report', () => {
  it("lists the event's conversation emails as Conversation message, with their customer; not another event's", async () => {
    const e = await sendCommunication(t, w, 'Report talk', { providers: [w.riverside, w.lakeshore] });
    const other = await sendCommunication(t, w, 'Other talk', { providers: [w.riverside] });
    const start = (eventId: number, pc: number, subject: string) =>
      t.call('POST', `/api/supplier/communications/${eventId}/conversations/${pc}/${w.riverside}/0`, {
        token: w.supplierToken,
        body: { subject, message: 'How many units did you find?' },
      });
    const started = await start(e.id, e.pcOf(w.riverside), 'Counts');
    expect(started.status).toBe(200);
    const cid = started.body.d.id as number;
    // The provider answers: the supplier's side is emailed too.
    const answered = await t.call(
      'POST',
      `/api/provider/communications/${e.id}/${e.pcOf(w.riverside)}/conversations/${cid}/message`,
      { token: riverside, body: { message: 'Twelve.' } },
    );
    expect(answered.status).toBe(200);
    expect((await start(other.id, other.pcOf(w.riverside), 'Elsewhere')).status).toBe(200);

    const rows = await reportRows(e.id);
    expect(rows[0]![3]).toBe('Kind');
    const body = rows.slice(1);
    const conversation = body.filter((r) => r[3] === 'Conversation message');
    const expected = (await t
      .db('outbox_emails')
      .where({ reference_type: 'conversation', reference_id: String(cid) })
      .select('to_email')) as { to_email: string }[];
    expect(expected.length).toBeGreaterThanOrEqual(2);
    expect(conversation.map((r) => r[0]).sort()).toEqual(expected.map((m) => m.to_email).sort());
    expect(conversation.every((r) => r[1] === 'Riverside Health')).toBe(true);
    expect(conversation.map((r) => r[2])).toContain('New message: Report talk');
    expect(conversation.map((r) => r[2])).not.toContain('New message: Other talk');
    // The notices are still there, labelled, not coded.
    expect(body.some((r) => r[3] === 'Notice')).toBe(true);
    expect(body.some((r) => r[3] === 'NOTICE' || r[3] === 'CONVERSATION_MESSAGE')).toBe(false);
    const notices = (await t
      .db('outbox_emails')
      .where({ reference_type: 'communication', reference_id: String(e.id) })
      .count({ n: '*' })
      .first()) as { n: string };
    expect(body).toHaveLength(Number(notices.n) + expected.length);

    // The other event's report has its own conversation only.
    const otherRows = (await reportRows(other.id)).slice(1).filter((r) => r[3] === 'Conversation message');
    expect(otherRows.map((r) => r[2])).toEqual(expect.arrayContaining(['New message: Other talk']));
    expect(otherRows.map((r) => r[2])).not.toContain('New message: Report talk');
  });
});
