import { type FSWatcher, watch } from 'node:fs';
import { request } from 'node:http';
import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { form, PDF, sendCommunication, startTestApp, type TestApp, world, type World } from '@portal/testing';

/**
 * Issue 34 item 3: the access rule, the path and the owner check run before any body is read, so a caller who may
 * not make the call gets its 401, 403 or 404 whatever it sends, and an upload aimed at another tenant's record is
 * refused before it is read (no parsing, nothing written to disk).
 */
let t: TestApp;
let w: World;
let event: Awaited<ReturnType<typeof sendCommunication>>;
let tokens: Record<'supplier' | 'otherSupplier' | 'provider' | 'otherProvider', string>;
/** Upload folders this process created while the file ran (body.ts names them portal-upload-<pid>-…). */
const uploadFolders: string[] = [];
let watcher: FSWatcher;

beforeAll(async () => {
  t = await startTestApp();
  w = await world(t);
  event = await sendCommunication(t, w, 'Authorise first', { providers: [w.riverside, w.lakeshore] });
  tokens = {
    supplier: (await t.signIn('admin@acme.demo')).access_token,
    otherSupplier: (await t.signIn('admin@borealis.demo')).access_token,
    provider: (await t.signIn('admin@riverside.demo')).access_token,
    otherProvider: (await t.signIn('admin@lakeshore.demo')).access_token,
  };
  watcher = watch(os.tmpdir(), (_type, name) => {
    if (name?.startsWith(`portal-upload-${process.pid}-`)) uploadFolders.push(name);
  });
}, 120_000);
afterAll(async () => {
  watcher?.close();
  await t?.close();
});

const MB = 1024 * 1024;

/**
 * Posts a multipart form holding one file of `size` bytes, but sends only its first 64 kB and then waits for the
 * answer: the server can only answer if it refused without reading the form. Answers the status, the envelope and how
 * much had been sent. Fails (no answer) when the server waits for the rest of the upload.
 */
function uploadWithoutFinishing(
  path: string,
  token: string | null,
  size = 15 * MB,
): Promise<{ status: number; code: string | undefined; sent: number; total: number }> {
  const boundary = '----authorise-first';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.pdf"\r\n` +
      'Content-Type: application/pdf\r\n\r\n%PDF-1.4\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const total = head.length + size + tail.length;
  const url = new URL(`${t.baseUrl}${path}`);
  return new Promise((resolve, reject) => {
    let sent = 0;
    const req = request(
      {
        method: 'POST',
        host: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        headers: {
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': String(total),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          req.destroy();
          const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { error?: { code: string } };
          resolve({ status: res.statusCode ?? 0, code: body.error?.code, sent, total });
        });
      },
    );
    // The server closing the connection while the rest was never sent is what we expect.
    req.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code !== 'ECONNRESET' && err.code !== 'EPIPE') reject(err);
    });
    const first = Buffer.concat([head, Buffer.alloc(64 * 1024 - head.length)]);
    sent = first.length;
    req.write(first);
    setTimeout(
      () => reject(new Error(`no answer with ${sent} of ${total} bytes sent: the upload was being read`)),
      15_000,
    ).unref();
  });
}

const json = (method: string, path: string, token: string | null, raw: string) =>
  t.call(method, path, { token, raw, headers: { 'content-type': 'application/json' } });

describe('a caller without the permission', () => {
  it('gets 403 for a malformed or oversized body, and 401 without a token', async () => {
    const malformed = await json('POST', '/api/supplier/communications/step0', tokens.provider, '{"type": "RECALL",');
    expect([malformed.status, malformed.body.error?.code]).toEqual([403, 'FORBIDDEN']);
    // Past BODY_LIMIT_BYTES (1 MiB): a body that would be 413 once read is never read.
    const huge = await json('POST', '/api/supplier/communications/step0', tokens.provider, `"${'x'.repeat(2 * MB)}"`);
    expect([huge.status, huge.body.error?.code]).toEqual([403, 'FORBIDDEN']);
    const prototype = await json('POST', '/api/notisphere/roles', tokens.supplier, '{"__proto__": {"x": 1}}');
    expect(prototype.status).toBe(403);
    const anonymous = await json('POST', '/api/supplier/communications/step0', null, '{"type": ');
    expect([anonymous.status, anonymous.body.error?.code]).toEqual([401, 'UNAUTHORIZED']);
  });

  it('still gets its body read and refused when it may make the call', async () => {
    const malformed = await json('POST', '/api/supplier/communications/step0', tokens.supplier, '{"type": "RECALL",');
    expect([malformed.status, malformed.body.error?.code]).toEqual([400, 'INVALID_BODY']);
    const huge = await json('POST', '/api/supplier/communications/step0', tokens.supplier, `"${'x'.repeat(2 * MB)}"`);
    expect([huge.status, huge.body.error?.code]).toEqual([413, 'PAYLOAD_TOO_LARGE']);
  });

  it('is refused a 15 MB upload before it is read', async () => {
    const before = uploadFolders.length;
    const refused = await uploadWithoutFinishing(
      `/api/supplier/communications/${event.id}/documents?kind=DOCUMENT`,
      tokens.provider,
    );
    expect(refused).toMatchObject({ status: 403, code: 'FORBIDDEN' });
    expect(refused.sent).toBeLessThan(refused.total / 100);
    const anonymous = await uploadWithoutFinishing(
      `/api/provider/communications/${event.pcOf(w.riverside)}/file`,
      null,
    );
    expect(anonymous).toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
    expect(uploadFolders.length).toBe(before);
  });
});

describe("an upload to another tenant's record", () => {
  it('answers 404 before the upload is read: supplier documents and custom content, provider files and notes', async () => {
    const before = uploadFolders.length;
    const pc = event.pcOf(w.riverside);
    const targets = [
      // Borealis's administrator, on Acme's event.
      [`/api/supplier/communications/${event.id}/documents?kind=DOCUMENT`, tokens.otherSupplier],
      [`/api/supplier/communications/${event.id}/custom-content/file`, tokens.otherSupplier],
      // Lakeshore's administrator, on Riverside's provider communication: its documents, an action's files, a note.
      [`/api/provider/communications/${pc}/file`, tokens.otherProvider],
      [`/api/provider/communication-notes/save-note/${event.id}/${pc}/0`, tokens.otherProvider],
      [
        `/api/provider/communications/${event.id}/${pc}/actions/${event.actionOf('Document')}/file`,
        tokens.otherProvider,
      ],
      // The right provider communication under another event's id.
      [
        `/api/provider/communications/${event.id + 1000}/${pc}/actions/${event.actionOf('Document')}/file`,
        tokens.provider,
      ],
      // A path that names no record at all, and a notice link that is no link.
      ['/api/supplier/communications/abc/documents?kind=DOCUMENT', tokens.supplier],
      [
        `/api/provider/communication-notices/${event.id}/RECALL/actions/${event.actionOf('Document')}/file/${pc}?token=${'a'.repeat(43)}`,
        null,
      ],
    ] as const;
    for (const [path, token] of targets) {
      const refused = await uploadWithoutFinishing(path, token);
      expect(refused.status, path).toBe(404);
      expect(refused.sent, path).toBeLessThan(refused.total / 100);
    }
    expect(uploadFolders.length, 'no upload folder was created').toBe(before);
  });

  it('leaves the owner free to upload to the same records', async () => {
    const pc = event.pcOf(w.riverside);
    const documents = await t.call('POST', `/api/supplier/communications/${event.id}/documents?kind=DOCUMENT`, {
      token: tokens.supplier,
      form: form('notice.pdf', PDF),
    });
    expect(documents.status, documents.body.m).toBe(200);
    const own = await t.call('POST', `/api/provider/communications/${pc}/file`, {
      token: tokens.provider,
      form: form('ours.pdf', PDF),
    });
    expect(own.status, own.body.m).toBe(200);
    const action = await t.call(
      'POST',
      `/api/provider/communications/${event.id}/${pc}/actions/${event.actionOf('Document')}/file`,
      { token: tokens.provider, form: form('answer.pdf', PDF) },
    );
    expect(action.status, action.body.m).toBe(200);
    expect(uploadFolders.length, 'each upload was read into a folder of its own').toBeGreaterThanOrEqual(3);
  });
});
