import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '@portal/testing';
import { ACTION_TYPES } from '@portal/communications';
import { createLogger, LocalFileStore } from '@portal/core';
import { createNoticesModule } from './index.js';

let t: TestApp;
let coordinator: string;
let acme: number;

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82]);
const PDF = Buffer.from('%PDF-1.4\n%notice answer\n');

beforeAll(async () => {
  t = await startTestApp();
  coordinator = (await t.signIn('recalls@acme.demo')).access_token;
  acme = ((await t.db('organizations').where({ name: 'Acme Medical Devices' }).first('id')) as { id: number }).id;
});
afterAll(() => t.close());

const sup = (method: string, path: string, body?: unknown) =>
  t.call(method, `/api/supplier/communications${path}`, { token: coordinator, body });

/** Sends a recall with one action of each type to an outside address; answers the event id and the emailed token. */
async function sendRecall(name: string, to: string): Promise<{ id: number; token: string; pcId: number }> {
  const id = (await sup('POST', '/step0', { type: 'RECALL', name, classification: 'CLASSI' })).body.d.id as number;
  await sup('POST', '/step1', { id, products: [{ product_name: 'Catheter', lot_number: 'C-9' }] });
  await sup('POST', '/step2', {
    id,
    actions: ACTION_TYPES.map((action_type) => ({
      action_type,
      title: `${action_type} action`,
      ...(action_type === 'Checkbox' || action_type === 'MultipleChoice' ? { options: ['A', 'B', 'C'] } : {}),
    })),
  });
  await sup('POST', '/step3/customers', { id, customers: [{ name: 'Outside Clinic', email: to }] });
  await sup('PUT', `/${id}/approve-recall/RECALL/0`);
  await sup('PUT', `/${id}/send-notification/RECALL`);
  const mail = await t.smtp.waitFor(to, (m) => m.subject.includes(name));
  const token = /token=([\w-]+)/.exec(mail.text)![1]!;
  const pcId = ((await t.db('provider_communications').where({ communication_id: id }).first('id')) as { id: number })
    .id;
  return { id, token, pcId };
}

const notice = (path: string, token: string | null, init: { method?: string; body?: unknown; form?: FormData } = {}) =>
  t.call(
    init.method ?? 'GET',
    `/api/provider/communication-notices${path}${token === null ? '' : `${path.includes('?') ? '&' : '?'}token=${token}`}`,
    { body: init.body, form: init.form },
  );

describe('the recipient loop through the public form', () => {
  it('reads, acknowledges and answers every action type, and the supplier sees COMPLETED with the history', async () => {
    const { id, token, pcId } = await sendRecall('Loop recall', 'nurse@outside.test');
    const view = await notice(`/${acme}/${id}/${pcId}`, token);
    expect(view.status).toBe(200);
    expect(view.body.d.communication).toMatchObject({
      name: 'Loop recall',
      supplier_name: 'Acme Medical Devices',
      type: 'RECALL',
    });
    expect(view.body.d.provider_communication).toMatchObject({
      response_status: 'NOTCOMPLETED',
      response_label: 'In Progress',
      acknowledged_at: null,
      customer_name: 'Outside Clinic',
    });
    expect(view.body.d.email).toBe('nurse@outside.test');
    const actions = view.body.d.actions as { id: number; action_type: string }[];
    const actionOf = (type: string) => actions.find((a) => a.action_type === type)!.id;

    const ack = await notice(`/acknowledge/${acme}/${id}/${pcId}/RECALL`, token, { method: 'PUT' });
    expect(ack.body).toMatchObject({
      ok: true,
      m: 'The notice has been acknowledged.',
      d: { acknowledged_by: 'nurse@outside.test' },
    });
    // A recipient without an account is known by address only.
    expect((await notice(`/${acme}/${id}/${pcId}`, token)).body.d.provider_communication).toMatchObject({
      acknowledged_by: 'nurse@outside.test',
      acknowledged_by_name: null,
    });

    const answer = (type: string, body: object) =>
      notice(`/${acme}/${id}/actions/${actionOf(type)}`, token, { method: 'PUT', body });
    expect((await answer('Numeric', { valueNumeric: '12a' })).body.m).toBe('Only numeric values are accepted.');
    expect((await answer('Numeric', { valueNumeric: '-1' })).body.m).toBe('Only numeric values are accepted.');
    expect((await answer('Text', { valueText: '   ' })).body.m).toBe('Field required');
    expect((await answer('MultipleChoice', { valueMultiChoice: ['Z'] })).body.m).toBe(
      'valueMultiChoice must be chosen from: A, B, C',
    );
    expect((await answer('Image', {})).body.m).toBe('Field required');

    // Files: wrong type, zero size and content that lies are refused and nothing is stored.
    const upload = async (type: string, name: string, data: Buffer) => {
      const form = new FormData();
      form.append('actionType', type);
      form.append('file', new Blob([data]), name);
      return notice(`/${id}/RECALL/actions/${actionOf(type)}/file/${pcId}`, token, { method: 'POST', form });
    };
    expect((await upload('Image', 'scan.pdf', PDF)).body.m).toBe('The document types should be either of .png, .jpg');
    expect((await upload('Image', 'empty.png', Buffer.alloc(0))).body.m).toBe(
      'Documented failed to upload. Please try again.',
    );
    expect((await upload('Document', 'fake.pdf', PNG)).body.m).toBe('The file content does not match its type.');
    expect(await t.db('response_files').where({ provider_communication_id: pcId }).first()).toBeUndefined();
    const image = await upload('Image', 'Shelf.PNG', PNG);
    expect(image.body.d[0]).toMatchObject({ name: 'Shelf.PNG', extension: 'png', type: 'image/png' });
    const doc = await upload('Document', 'destruction.pdf', PDF);
    expect(await fetch(`${t.baseUrl}${doc.body.d[0].signed_url}`).then((r) => r.text())).toBe(PDF.toString());
    const listed = await notice(`/${acme}/${id}/actions/${actionOf('Image')}/file/${pcId}`, token);
    expect(listed.body.d).toHaveLength(1);

    const answers: [string, object][] = [
      ['Acknowledge', { valueAcknowledge: true }],
      ['Text', { valueText: 'Removed from shelves' }],
      ['Numeric', { valueNumeric: '0' }],
      ['YesNo', { valueYesNo: 'No' }],
      ['Checkbox', { valueCheckbox: ['A', 'C'] }],
      ['MultipleChoice', { valueMultiChoice: ['B'] }],
      ['Image', {}],
      ['Document', { valueDocument: [doc.body.d[0].id] }],
    ];
    for (const [type, body] of answers.slice(0, -1)) {
      const res = await answer(type, body);
      expect(res.status, type).toBe(200);
      expect(res.body.d.response_status).toBe('NOTCOMPLETED');
    }
    const last = await answer('Document', answers.at(-1)![1]);
    expect(last.body.d.response_status).toBe('COMPLETED');

    const after = await notice(`/${id}`, token);
    const values = Object.fromEntries(
      (after.body.d.actions as { action_type: string; response: { value: object; status: string } }[]).map((a) => [
        a.action_type,
        a.response,
      ]),
    );
    expect(values.Numeric).toMatchObject({ status: 'SUBMITTED', value: { valueNumeric: '0' } });
    expect(values.Image?.value).toEqual({ valueImage: [image.body.d[0].id] });
    expect(after.body.d.provider_communication.response_label).toBe('Completed');

    const customers = await sup('GET', `/${id}/customers`);
    expect(customers.body.d.items[0]).toMatchObject({ response_status: 'COMPLETED', name: 'Outside Clinic' });
    expect(customers.body.d.items[0].acknowledged_at).toBeTruthy();
    const history = (await sup('GET', `/${id}/histories`)).body.d as { action: string; actor_email: string }[];
    expect(history.filter((h) => h.action === 'RESPONDED')).toHaveLength(8);
    expect(history.find((h) => h.action === 'ACKNOWLEDGED')?.actor_email).toBe('nurse@outside.test');
    expect(history[0]).toMatchObject({ action: 'COMPLETED', actor_email: 'nurse@outside.test' });
    const own = await notice(`/${acme}/${id}/histories/${pcId}`, token);
    expect((own.body.d as { action: string }[]).map((h) => h.action)).toContain('FILE_UPLOADED');

    // Deleting a file that a submitted answer needs takes the notice back to In Progress.
    const del = await notice(`/${acme}/${id}/actions/${actionOf('Image')}/file/${image.body.d[0].id}`, token, {
      method: 'DELETE',
    });
    expect(del.body.m).toBe('Successfully Deleted!');
    expect((await notice(`/${id}`, token)).body.d.provider_communication.response_status).toBe('NOTCOMPLETED');
  });

  it('keeps drafts until submitted and refuses disabled actions and closed events', async () => {
    const { id, token } = await sendRecall('Draft recall', 'draft@outside.test');
    const view = await notice(`/${id}`, token);
    const text = (view.body.d.actions as { id: number; action_type: string }[]).find((a) => a.action_type === 'Text')!;
    const draft = await notice(`/${acme}/${id}/actions/${text.id}`, token, {
      method: 'PUT',
      body: { valueText: 'half', submit: false },
    });
    expect(draft.status).toBe(200);
    expect(
      ((await t.db('provider_responses').where({ action_id: text.id }).first('status')) as { status: string }).status,
    ).toBe('DRAFT');
    await t.db('communication_actions').where({ id: text.id }).update({ is_disabled: true });
    const disabled = await notice(`/${acme}/${id}/actions/${text.id}`, token, {
      method: 'PUT',
      body: { valueText: 'x' },
    });
    expect(disabled.status).toBe(409);
    expect(disabled.body.m).toBe('This action is disabled and cannot be edited.');
    await sup('PUT', `/${id}/close-open`);
    const closed = await notice(
      `/acknowledge/${acme}/${id}/${((await t.db('provider_communications').where({ communication_id: id }).first('id')) as { id: number }).id}/RECALL`,
      token,
      { method: 'PUT' },
    );
    expect(closed.status).toBe(409);
    expect(closed.body.m).toBe('This event is closed and can no longer be answered.');
  });

  it('answers several actions at once, all or nothing', async () => {
    const { id, token, pcId } = await sendRecall('Batch recall', 'batch@outside.test');
    const actions = (await notice(`/${id}`, token)).body.d.actions as { id: number; action_type: string }[];
    const of = (type: string) => actions.find((a) => a.action_type === type)!.id;
    const bad = await notice('', token, {
      method: 'PUT',
      body: {
        answers: [
          { actionId: of('Text'), valueText: 'ok' },
          { actionId: of('Numeric'), valueNumeric: 'x' },
        ],
      },
    });
    expect(bad.status).toBe(400);
    expect(await t.db('provider_responses').where({ provider_communication_id: pcId }).first()).toBeUndefined();
    const ok = await notice('', token, {
      method: 'PUT',
      body: {
        answers: [
          { actionId: of('Text'), valueText: 'ok' },
          { actionId: of('YesNo'), valueYesNo: 'Yes' },
        ],
      },
    });
    expect(ok.body.d.response_status).toBe('NOTCOMPLETED');
    expect(
      await t
        .db('provider_responses')
        .where({ provider_communication_id: pcId, status: 'SUBMITTED' })
        .count<{ n: number }[]>({ n: '*' })
        .first(),
    ).toMatchObject({ n: 2 });
  });
});

describe('the same answer arriving several times at once (a double click, a retry, two tabs)', () => {
  it('acknowledges once (one history entry) and keeps one submitted answer per action, with no server error', async () => {
    const { id, token, pcId } = await sendRecall('Race recall', 'race@outside.test');
    const actions = (await notice(`/${id}`, token)).body.d.actions as { id: number; action_type: string }[];
    const of = (type: string) => actions.find((a) => a.action_type === type)!.id;
    const times = <T>(n: number, f: () => Promise<T>) => Promise.all(Array.from({ length: n }, f));

    const acks = await times(6, () => notice(`/acknowledge/${acme}/${id}/${pcId}/RECALL`, token, { method: 'PUT' }));
    expect(acks.map((r) => r.status)).toEqual(Array(6).fill(200));
    const acknowledged = await t.db('provider_communications').where({ id: pcId }).first('acknowledged_at');
    expect(acknowledged.acknowledged_at).not.toBeNull();
    const entries = await t
      .db('communication_history')
      .where({ provider_communication_id: pcId, action: 'ACKNOWLEDGED' })
      .count<{ n: string }[]>({ n: '*' })
      .first();
    expect(Number(entries!.n)).toBe(1);

    const values: Record<string, object> = {
      Text: { valueText: 'Pulled' },
      Numeric: { valueNumeric: '3' },
      YesNo: { valueYesNo: 'Yes' },
      Checkbox: { valueCheckbox: ['A'] },
      MultipleChoice: { valueMultiChoice: ['B'] },
    };
    const answers = Object.entries(values).map(([type, value]) => ({ actionId: of(type), ...value }));
    // One action alone, six times at once, then the whole form six times at once.
    const single = await times(6, () =>
      notice(`/${acme}/${id}/actions/${of('Text')}`, token, { method: 'PUT', body: values.Text }),
    );
    expect(single.map((r) => r.status)).toEqual(Array(6).fill(200));
    const forms = await times(6, () => notice('', token, { method: 'PUT', body: { answers } }));
    expect(forms.map((r) => r.status).filter((s) => s >= 500)).toEqual([]);
    const rows = (await t
      .db('provider_responses')
      .where({ provider_communication_id: pcId })
      .select('action_id', 'status')) as { action_id: number; status: string }[];
    expect(rows.map((r) => Number(r.action_id)).sort()).toEqual(answers.map((a) => a.actionId).sort());
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set(['SUBMITTED']));
  });
});

describe('public links give nothing without the right token', () => {
  it("refuses no token, a wrong token, an expired or revoked token, and another notice's token", async () => {
    const a = await sendRecall('Guarded A', 'a@outside.test');
    const b = await sendRecall('Guarded B', 'b@outside.test');
    const paths = (x: { id: number; pcId: number }) => [
      `/${acme}/${x.id}/${x.pcId}`,
      `/${x.id}`,
      `/${acme}/${x.id}/histories/${x.pcId}`,
      `/${acme}/${x.id}/${x.pcId}/RECALL`,
    ];
    const expectNothing = async (res: Awaited<ReturnType<typeof notice>>) => {
      expect(res.status).toBe(404);
      expect(res.body.d).toBeUndefined();
      expect(JSON.stringify(res.body)).not.toContain('Guarded');
    };
    for (const p of paths(a)) {
      await expectNothing(await notice(p, null));
      await expectNothing(await notice(p, 'x'.repeat(43)));
      await expectNothing(await notice(p, b.token)); // B's token with A's ids
    }
    await expectNothing(await notice(`/acknowledge/${acme}/${a.id}/${a.pcId}/RECALL`, b.token, { method: 'PUT' }));
    expect(
      (
        (await t.db('provider_communications').where({ id: a.pcId }).first('acknowledged_at')) as {
          acknowledged_at: Date | null;
        }
      ).acknowledged_at,
    ).toBeNull();
    const actionId = (
      (await t.db('communication_actions').where({ communication_id: a.id, action_type: 'Text' }).first('id')) as {
        id: number;
      }
    ).id;
    await expectNothing(
      await notice(`/${acme}/${a.id}/actions/${actionId}`, b.token, { method: 'PUT', body: { valueText: 'hijack' } }),
    );
    expect(await t.db('provider_responses').where({ action_id: actionId }).first()).toBeUndefined();

    // Expired, then revoked: the same 404.
    expect((await notice(`/${a.id}`, a.token)).status).toBe(200);
    await t
      .db('notice_links')
      .where({ provider_communication_id: a.pcId })
      .update({ expires_at: new Date(Date.now() - 1000) });
    await expectNothing(await notice(`/${a.id}`, a.token));
    await t.db('notice_links').where({ provider_communication_id: b.pcId }).update({ revoked_at: t.db.fn.now() });
    await expectNothing(await notice(`/${b.id}`, b.token));
  });
});

describe('the link rule each public route declares', () => {
  it('is declared by every public form route, and names only parameters the route has', async () => {
    const files = new LocalFileStore(os.tmpdir());
    const deps = { db: t.db, config: t.config, logger: createLogger('silent'), mail: { kick: () => {} }, files };
    const routes = createNoticesModule(deps).routes;
    expect(routes.length).toBeGreaterThan(20);
    for (const route of routes) {
      expect(route.access, `${route.method} ${route.path}`).toBe('public');
      expect(route.link?.link.name, `${route.method} ${route.path}`).toBe(
        route.path.startsWith('/delegate') ? 'delegate' : 'notice',
      );
      const named = [
        ...(route.path.match(/:(\w+)/g) ?? []).map((p) => p.slice(1)),
        ...Object.keys((route.schema?.query as { properties?: object } | undefined)?.properties ?? {}),
      ];
      for (const name of Object.values(route.link?.ids ?? {})) expect(named).toContain(name);
    }
  });

  it('is documented: each such operation is public, names its link and takes the token parameter', async () => {
    const doc = (await (await fetch(`${t.baseUrl}/api/openapi.json`)).json()) as {
      paths: Record<
        string,
        Record<string, { security: unknown[]; 'x-link'?: string; parameters: { name: string; in: string }[] }>
      >;
    };
    const operations = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith('/api/provider/communication-notices') || path.startsWith('/api/delegate'))
      .flatMap(([path, methods]) => Object.entries(methods).map(([method, op]) => ({ at: `${method} ${path}`, op })));
    expect(operations.length).toBeGreaterThan(20);
    for (const { at, op } of operations) {
      expect(op.security, at).toEqual([]);
      expect(op['x-link'], at).toBe(at.includes('/api/delegate') ? 'delegate' : 'notice');
      expect(op.parameters, at).toContainEqual(expect.objectContaining({ name: 'token', in: 'query' }));
    }
  });

  it("answers the same 404 when an id the path names is not the link's: organisation, event, notice, customer", async () => {
    const a = await sendRecall('Declared A', 'declared@outside.test');
    const b = await sendRecall('Declared B', 'declared-b@outside.test');
    const customer = (
      (await t.db('provider_communications').where({ id: a.pcId }).first('affected_customer_id')) as {
        affected_customer_id: number;
      }
    ).affected_customer_id;
    const actionId = (
      (await t.db('communication_actions').where({ communication_id: a.id, action_type: 'Text' }).first('id')) as {
        id: number;
      }
    ).id;
    const refused = async (path: string, init: { method?: string; body?: unknown } = {}) => {
      const res = await notice(path, a.token, init);
      expect(res.status, path).toBe(404);
      expect(res.body.m, path).toBe('This link is invalid or has expired.');
    };
    // An organisation that is neither the notice's supplier nor its provider, another event, another notice.
    const otherOrg = acme + 100000;
    await refused(`/${otherOrg}/${a.id}/${a.pcId}`);
    await refused(`/${acme}/${b.id}/${a.pcId}`);
    await refused(`/${acme}/${a.id}/${b.pcId}`);
    await refused(`/${b.id}`);
    await refused(`/${b.pcId}/file/1`);
    await refused(`/${b.id}/document/1`);
    await refused(`/${acme}/${a.id}/histories/${b.pcId}`);
    await refused(`/${otherOrg}/${a.id}/histories/${a.pcId}`);
    await refused(
      `/${acme}/${a.id}/actions/${actionId}/file/${a.pcId}?communicationAffectedCustomerId=${customer + 1}`,
    );
    await refused(`/acknowledge/${acme}/${b.id}/${a.pcId}/RECALL`, { method: 'PUT' });
    await refused(`/${otherOrg}/${a.id}/actions/${actionId}`, { method: 'PUT', body: { valueText: 'x' } });
    await refused(`/${acme}/${a.id}/actions/${actionId}?communicationAffectedCustomerId=${customer + 1}`, {
      method: 'PUT',
      body: { valueText: 'x' },
    });
    expect(await t.db('provider_responses').where({ action_id: actionId }).first()).toBeUndefined();
    // The link's own ids open them.
    expect((await notice(`/${acme}/${a.id}/${a.pcId}`, a.token)).status).toBe(200);
    expect(
      (
        await notice(
          `/${acme}/${a.id}/actions/${actionId}/file/${a.pcId}?communicationAffectedCustomerId=${customer}`,
          a.token,
        )
      ).status,
    ).toBe(200);
    expect(
      (
        await notice(`/${acme}/${a.id}/actions/${actionId}?communicationAffectedCustomerId=${customer}`, a.token, {
          method: 'PUT',
          body: { valueText: 'mine', submit: false },
        })
      ).status,
    ).toBe(200);
  });
});
