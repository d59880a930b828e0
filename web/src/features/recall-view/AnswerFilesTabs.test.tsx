import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, renderApp } from '../../test/render';
import { fakeApi, personOf, signIn } from '../../test/backend';

const recall = {
  id: 7,
  organization_id: 2,
  type: 'RECALL',
  status: 'OPEN',
  current_step: 3,
  subtype: 'REMOVAL',
  name: 'Infusion pumps',
  event_id: 'E-7',
  classification: 'CLASSI',
  reason: null,
  description: null,
  disposition: null,
  lead_time: null,
  event_date: null,
  end_date: null,
  contact_name: null,
  contact_email: null,
  contact_phone: null,
  products: [],
  actions: [],
  customers_count: 1,
  locations_count: 0,
  provider_communications_count: 1,
  created_at: '2026-11-20T10:00:00Z',
  updated_at: '2026-11-20T10:00:00Z',
  approved_at: '2026-11-20T10:00:00Z',
};

const certificate = {
  id: 11,
  name: 'destruction certificate.pdf',
  extension: 'pdf',
  type: 'application/pdf',
  size: 1024,
  signed_url: '/api/files/download-11',
  signed_url_review: '/api/files/inline-11',
};

/** The supplier's recall with one Document action that Riverside answered with one file. */
function serve(zip: () => Response) {
  signIn('SUPPLIER', ['Supplier_ManageRecalls']);
  return fakeApi(personOf('SUPPLIER'), (call) => {
    if (call.path === '/api/supplier/communications/7') return jsonResponse(recall);
    if (call.path === '/api/supplier/communications/7/actions')
      return jsonResponse([
        {
          id: 9,
          sort_order: 0,
          action_type: 'Document',
          title: 'Destruction certificate',
          is_required: true,
          due_date: null,
          submitted: 1,
          drafts: 0,
        },
      ]);
    if (call.path === '/api/supplier/communications/7/actions/9')
      return jsonResponse({
        action: { id: 9, title: 'Destruction certificate', action_type: 'Document' },
        responses: [
          {
            id: 1,
            provider_communication_id: 201,
            customer_name: 'Riverside Health',
            value: { valueDocument: [11] },
            status: 'SUBMITTED',
            source: 'Electronic',
            responder_email: 'admin@riverside.demo',
            submitted_at: '2026-11-21T10:00:00Z',
            updated_at: '2026-11-21T10:00:00Z',
            files: [certificate],
          },
        ],
      });
    if (call.path === '/api/supplier/communications/7/files.zip') return zip();
    if (call.method === 'GET') return jsonResponse([]);
    return undefined;
  });
}

beforeEach(() => {
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:zip'), revokeObjectURL: vi.fn() }));
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe("the supplier's Actions tab", () => {
  it('shows a document answer by its file name with preview and download, never as a count', async () => {
    serve(() => new Response('PK'));
    renderApp('/supplier/recalls/view/7?tab=actions');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Destruction certificate/ }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('Riverside Health');
    expect(within(dialog).getByRole('button', { name: 'destruction certificate.pdf' })).toBeTruthy();
    expect(
      within(dialog).getByRole('link', { name: 'Download destruction certificate.pdf' }).getAttribute('href'),
    ).toBe('/api/files/download-11');
    expect(within(dialog).queryByText(/^1$|file\(s\)/)).toBeNull();
  });

  it('downloads every file of the recall as one zip, disabled while it comes', async () => {
    let release!: () => void;
    const arrived = new Promise<void>((resolve) => {
      release = resolve;
    });
    const calls = serve(() => {
      // The zip answers once the test has seen the button busy.
      const body = new ReadableStream({
        async start(controller) {
          await arrived;
          controller.enqueue(new TextEncoder().encode('PK'));
          controller.close();
        },
      });
      return new Response(body, {
        headers: {
          'content-type': 'application/zip',
          'content-disposition': 'attachment; filename="Answer Files Infusion pumps 11-23-2026.zip"',
        },
      });
    });
    renderApp('/supplier/recalls/view/7?tab=actions');
    const button = await screen.findByRole('button', { name: 'Download all files' });
    await userEvent.setup().click(button);
    await waitFor(() => expect(screen.getByTestId('download-all-files').hasAttribute('disabled')).toBe(true));
    expect(calls.some((c) => c.path === '/api/supplier/communications/7/files.zip')).toBe(true);
    release();
    await waitFor(() => expect(URL.createObjectURL).toHaveBeenCalled());
    await waitFor(() => expect(screen.getByTestId('download-all-files').hasAttribute('disabled')).toBe(false));
  });

  it('shows why the zip was refused, in words', async () => {
    serve(() =>
      jsonResponse(
        {
          ok: false,
          m: 'This event has more than 5000 answer files, too many for one download.',
          error: { code: 'FILES_ZIP_TOO_MANY', params: { max: 5000 } },
        },
        422,
      ),
    );
    renderApp('/supplier/recalls/view/7?tab=actions');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Download all files' }));
    expect(
      await screen.findByText('This event has more than 5000 answer files, too many for one download.'),
    ).toBeTruthy();
  });
});

describe("the operator's View Recall", () => {
  it("opens a provider's answers with its files by name, and downloads the recall's files as a zip", async () => {
    signIn('NOTISPHERE', ['Notisphere_ManageRecalls', 'NotiSphere_ResponderRole']);
    const calls = fakeApi(personOf('NOTISPHERE'), (call) => {
      if (call.path === '/api/notisphere/communications/7')
        return jsonResponse({ ...recall, supplier_name: 'Acme Medical Devices', documents: [] });
      if (call.path === '/api/notisphere/communications/7/providers')
        return jsonResponse({
          items: [
            {
              id: 201,
              provider_id: 50,
              provider_name: 'Riverside Health',
              site_id: null,
              site_name: null,
              status: 'OPEN',
              acknowledged_at: null,
              acknowledged_by: null,
              response_status: 'COMPLETED',
              not_affected_reason: null,
              not_affected_at: null,
              due_date: null,
              overdue: false,
              completed_at: '2026-11-22T09:00:00Z',
            },
          ],
          total: 1,
          pageNumber: 1,
          pageSize: 50,
          lastUpdated: null,
        });
      if (call.path === '/api/notisphere/communications/responses/7/201')
        return jsonResponse({
          communication: { id: 7, name: 'Infusion pumps', type: 'RECALL', status: 'OPEN', supplier_name: 'Acme' },
          provider_communication_id: 201,
          provider: { id: 50, name: 'Riverside Health' },
          site: null,
          status: 'OPEN',
          response_status: 'COMPLETED',
          acknowledged: false,
          actions: [
            {
              action_id: 9,
              title: 'Destruction certificate',
              action_type: 'Document',
              is_required: true,
              value: { valueDocument: [11] },
              status: 'SUBMITTED',
              responder_email: 'admin@riverside.demo',
              submitted_at: '2026-11-21T10:00:00Z',
              updated_at: '2026-11-21T10:00:00Z',
              files: [certificate],
            },
          ],
        });
      if (call.path === '/api/notisphere/communications/7/files.zip')
        return new Response('PK', {
          headers: { 'content-type': 'application/zip', 'content-disposition': 'attachment; filename="a.zip"' },
        });
      if (call.method === 'GET') return jsonResponse([]);
      return undefined;
    });
    renderApp('/notisphere/recalls/view/7');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Responses' }));
    const tab = await screen.findByTestId('operator-providers-tab');
    await user.click(await within(tab).findByRole('button', { name: 'View' }));
    const answers = await screen.findByTestId('operator-provider-answers');
    expect(within(answers).getByText('Destruction certificate')).toBeTruthy();
    expect(within(answers).getByRole('button', { name: 'destruction certificate.pdf' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await user.click(within(tab).getByRole('button', { name: 'Download all files' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/notisphere/communications/7/files.zip')).toBe(true));
    expect(calls.some((c) => c.path.includes('/supplier/'))).toBe(false);
  });
});
