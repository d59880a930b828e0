import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, renderApp, tableRowWith } from '../../test/render';
import { claimsFor, makeJwt } from '../../test/jwt';
import { setPageToken } from '../../state/auth';

const me = {
  id: 42,
  email: 'admin@operator.demo',
  first_name: 'Olga',
  last_name: 'Operator',
  full_name: 'Olga Operator',
  phone: null,
  photo: null,
  status: 'VERIFIED',
  role_name: 'Administrator',
  organization: { id: 1, name: 'NotiSphere', type: 'NOTISPHERE', profile_photo: null, isSSO: false },
};

const BASE = '/api/notisphere/locationPreProcessor';

const job = (id: number, fileName: string, status: string, processed: number, total: number) => ({
  id,
  supplierId: 3,
  supplierName: 'Acme Medical Devices',
  fileName,
  status,
  totalRows: total,
  processedRows: processed,
  matchedRows: 6,
  reviewRows: 2,
  unmatchedRows: 2,
  createdAt: '2026-11-20T10:00:00Z',
  createdBy: 'admin@operator.demo',
  completedAt: null,
  errorMessage: null,
});

const candidate = (id: number, name: string, score: number) => ({
  knownProviderId: id,
  name,
  address: '1 Main St',
  city: 'Springfield',
  state: 'IL',
  zip: '62701',
  externalId: `CCN ${id}`,
  score,
});

const reviewRow = {
  id: 501,
  rowNumber: 3,
  input: {
    name: 'ST MARYS MED CTR',
    address: '1 Main Street',
    city: 'Springfield',
    state: 'IL',
    zip: '62701-1234',
    phone: null,
    customerNumber: 'C-9',
  },
  decision: 'REVIEW',
  confidence: 0.87,
  knownProviderId: null,
  knownProviderName: null,
  decidedBy: null,
  decidedAt: null,
  candidates: [candidate(11, "St Mary's Medical Center", 0.87), candidate(12, 'St Mary Clinic', 0.55)],
};

const matchedRow = {
  ...reviewRow,
  id: 502,
  rowNumber: 4,
  input: { ...reviewRow.input, name: 'RIVERSIDE HOSP' },
  decision: 'MATCHED',
  confidence: 0.98,
  knownProviderId: 13,
  knownProviderName: 'Riverside Hospital',
  candidates: [candidate(13, 'Riverside Hospital', 0.98)],
};

type Call = { method: string; url: string; body?: unknown };

function backend(): Call[] {
  setPageToken({ access_token: makeJwt(claimsFor('NOTISPHERE', ['Notisphere_ManageLocations'])) });
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const body =
        init?.body instanceof FormData
          ? Object.fromEntries(init.body.entries())
          : typeof init?.body === 'string'
            ? JSON.parse(init.body)
            : undefined;
      calls.push({ method, url, body });
      const path = url.split('?')[0];
      if (path === '/api/me') return jsonResponse(me);
      if (path === '/api/me/organization') return jsonResponse(me.organization);
      if (path === `${BASE}/locationPreProcessorSuppliers`)
        return jsonResponse([
          { id: 3, name: 'Acme Medical Devices' },
          { id: 5, name: 'Borealis Pharma' },
        ]);
      if (path === `${BASE}/known-providers`)
        return jsonResponse({
          items: [
            {
              id: 21,
              externalIds: [{ kind: 'CCN', value: '140001' }],
              name: 'Ascension St Mary Hospital',
              aliases: ["ST MARY'S MEDICAL CENTER"],
              address: '2 Oak Ave',
              city: 'Springfield',
              state: 'IL',
              zip: '62702',
              phone: '2175550100',
              organizationId: 7,
              organizationName: 'Riverside Health',
              siteId: null,
            },
          ],
          total: 1,
          pageNumber: 1,
          pageSize: 10,
          lastUpdated: null,
        });
      if (path === `${BASE}/upload-locationpreprocessor-file`) return jsonResponse({ id: 77, status: 'PENDING' }, 201);
      if (path === `${BASE}/9/bulk-accept`) return jsonResponse({ accepted: 4 });
      if (path === `${BASE}/9/complete`) return jsonResponse({ created: 6, updated: 1, skipped: 2 });
      if (path?.startsWith(`${BASE}/9/rows/`)) return jsonResponse({ ...reviewRow, decision: 'MATCHED' });
      if (path === `${BASE}/9` && method === 'GET')
        return jsonResponse({
          job: job(9, 'acme-ship-to.csv', 'IN PROGRESS', 10, 10),
          rows: { items: [reviewRow, matchedRow], total: 2 },
        });
      if (path === `${BASE}/77`)
        return jsonResponse({ job: { ...job(77, 'borealis.csv', 'PENDING', 0, 0) }, rows: { items: [], total: 0 } });
      if (path === BASE)
        return jsonResponse({
          items: [job(9, 'acme-ship-to.csv', 'IN PROGRESS', 10, 10), job(8, 'borealis.xlsx', 'COMPLETED', 40, 40)],
          total: 2,
          pageNumber: 1,
          pageSize: 50,
          lastUpdated: null,
        });
      if (method === 'PUT') return jsonResponse({ id: 9, status: 'DEACTIVATED' });
      return jsonResponse([]);
    }),
  );
  return calls;
}

const lastGet = (calls: Call[], path: string) =>
  calls.filter((c) => c.method === 'GET' && c.url.split('?')[0] === path).at(-1);
const paramsOf = (call: Call | undefined) => new URLSearchParams(call?.url.split('?')[1]);

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('location pre-processor: jobs', () => {
  it('lists jobs with their progress, filters by status and supplier name, removes a job', async () => {
    const calls = backend();
    renderApp('/notisphere/location-pre-processor');
    await screen.findByText('acme-ship-to.csv');
    expect(within(tableRowWith('acme-ship-to.csv')).getByText('10 of 10 rows')).toBeTruthy();
    // The first column opens the job.
    expect(within(tableRowWith('acme-ship-to.csv')).getAllByRole('link')[0]?.getAttribute('href')).toMatch(
      /^\/notisphere\/location-pre-processor\/view\/\d+$/,
    );
    expect(within(tableRowWith('acme-ship-to.csv')).getByText('In Progress')).toBeTruthy();
    expect(within(tableRowWith('borealis.xlsx')).getByText('Completed')).toBeTruthy();
    expect(within(tableRowWith('borealis.xlsx')).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');

    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'Rows per page' }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['50', '100', '250', '500']);
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Completed' }));
    await user.click(screen.getByRole('combobox', { name: 'Supplier' }));
    await user.click(await screen.findByRole('option', { name: 'Borealis Pharma' }));
    await waitFor(() => {
      const q = paramsOf(lastGet(calls, BASE));
      expect([q.get('status'), q.get('suppliername'), q.get('filterModel')]).toEqual([
        'COMPLETED',
        'Borealis Pharma',
        null,
      ]);
    });

    // A completed job is not reviewed again.
    await user.click(within(tableRowWith('borealis.xlsx')).getByRole('button', { name: 'Actions' }));
    expect((await screen.findAllByRole('menuitem')).map((i) => i.textContent)).toEqual([
      'View',
      'Download file',
      'Delete',
    ]);
    await user.keyboard('{Escape}');
    await user.click(within(tableRowWith('acme-ship-to.csv')).getByRole('button', { name: 'Actions' }));
    expect((await screen.findAllByRole('menuitem')).map((i) => i.textContent)).toContain('Review');
    await user.click(screen.getByRole('menuitem', { name: 'Delete' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT' && c.url === `${BASE}/9`)).toBe(true));
  });

  it('keeps the status and supplier filters for the next visit', async () => {
    const calls = backend();
    const first = renderApp('/notisphere/location-pre-processor');
    await screen.findByText('acme-ship-to.csv');
    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Error' }));
    await waitFor(() => expect(paramsOf(lastGet(calls, BASE)).get('status')).toBe('ERROR'));
    first.unmount();
    calls.length = 0;
    renderApp('/notisphere/location-pre-processor');
    await screen.findByText('acme-ship-to.csv');
    expect(paramsOf(lastGet(calls, BASE)).get('status')).toBe('ERROR');
  });
});

describe('location pre-processor: upload', () => {
  it('asks for a supplier and a CSV or XLSX file, then uploads and opens the job', async () => {
    const calls = backend();
    renderApp('/notisphere/location-pre-processor/new');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('Please select a supplier.')).toBeTruthy();
    expect(screen.getByText('Please choose a file.')).toBeTruthy();

    await user.click(screen.getByRole('combobox', { name: /Supplier/ }));
    await user.click(await screen.findByRole('option', { name: 'Borealis Pharma' }));
    const input = screen.getByLabelText(/Location file/) as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['x'], 'notes.txt', { type: 'text/plain' })] } });
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('The location file must be a .csv or .xlsx file.')).toBeTruthy();

    const file = new File(['Name,City\nSt Mary,Springfield\n'], 'borealis.csv', { type: 'text/csv' });
    fireEvent.change(input, { target: { files: [file] } });
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(calls.some((c) => c.url === `${BASE}/upload-locationpreprocessor-file`)).toBe(true));
    const upload = calls.find((c) => c.url === `${BASE}/upload-locationpreprocessor-file`)!;
    expect(upload.method).toBe('POST');
    const sent = upload.body as { supplierId: string; file: File };
    expect([sent.supplierId, sent.file.name]).toEqual(['5', 'borealis.csv']);
    // The new job's page opens, and polls while the job waits for the matcher.
    expect(await screen.findByText('Matching in progress: the page refreshes by itself.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'borealis.csv' })).toBeTruthy();
  });
});

describe('location pre-processor: view and review', () => {
  it('shows the job, confidence as a percentage with a bar, the candidates, and filters by decision', async () => {
    const calls = backend();
    renderApp('/notisphere/location-pre-processor/view/9');
    await screen.findByText('ST MARYS MED CTR');
    const row = within(tableRowWith('ST MARYS MED CTR'));
    expect(row.getAllByText('87%').length).toBeGreaterThan(0);
    expect(row.getByRole('progressbar', { name: 'Confidence 87%' }).getAttribute('aria-valuenow')).toBe('87');
    expect(row.getByText("St Mary's Medical Center")).toBeTruthy();
    expect(row.getByText('55%')).toBeTruthy();
    expect(row.getByText('Review')).toBeTruthy();
    // Read-only: no decisions here.
    expect(row.queryByRole('button', { name: /Accept/ })).toBeNull();
    expect(within(screen.getByTestId('job-summary')).getByText('Acme Medical Devices')).toBeTruthy();

    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'Decision' }));
    await user.click(await screen.findByRole('option', { name: 'Matched' }));
    await waitFor(() => expect(paramsOf(lastGet(calls, `${BASE}/9`)).get('decision')).toBe('MATCHED'));
    await user.click(screen.getByRole('button', { name: 'Review' }));
    await screen.findByTestId('location-file-edit');
  });

  it('accepts a candidate, picks another provider by search, marks a row unmatched, bulk-accepts and completes', async () => {
    const calls = backend();
    renderApp('/notisphere/location-pre-processor/edit/9');
    await screen.findByText('ST MARYS MED CTR');
    // The review starts on the rows to decide.
    expect(paramsOf(lastGet(calls, `${BASE}/9`)).get('decision')).toBe('REVIEW');
    const user = userEvent.setup();
    const writes = () => calls.filter((c) => c.method !== 'GET');

    await user.click(screen.getByRole('button', { name: 'Accept St Mary Clinic for row 3' }));
    await waitFor(() =>
      expect(writes().at(-1)).toMatchObject({
        method: 'PUT',
        url: `${BASE}/9/rows/501`,
        body: { knownProviderId: 12 },
      }),
    );

    await user.click(within(tableRowWith('ST MARYS MED CTR')).getByRole('button', { name: 'Actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Pick another provider' }));
    const dialog = await screen.findByRole('dialog');
    const search = within(dialog).getByLabelText('Search known providers');
    await user.clear(search);
    await user.type(search, 'ascension');
    await waitFor(() => expect(paramsOf(lastGet(calls, `${BASE}/known-providers`)).get('search')).toBe('ascension'));
    await user.click(await within(dialog).findByRole('button', { name: 'Choose Ascension St Mary Hospital' }));
    await waitFor(() =>
      expect(writes().at(-1)).toMatchObject({ url: `${BASE}/9/rows/501`, body: { knownProviderId: 21 } }),
    );

    await user.click(within(tableRowWith('ST MARYS MED CTR')).getByRole('button', { name: 'Actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Mark unmatched' }));
    await waitFor(() =>
      expect(writes().at(-1)).toMatchObject({ url: `${BASE}/9/rows/501`, body: { decision: 'UNMATCHED' } }),
    );

    const threshold = screen.getByLabelText('Minimum confidence (%)');
    await user.clear(threshold);
    await user.type(threshold, '80');
    expect((screen.getByLabelText('Minimum confidence slider') as HTMLInputElement).value).toBe('80');
    await user.click(screen.getByRole('button', { name: 'Accept all at or above 80%' }));
    await waitFor(() =>
      expect(writes().at(-1)).toMatchObject({
        method: 'POST',
        url: `${BASE}/9/bulk-accept`,
        body: { minConfidence: 0.8 },
      }),
    );
    expect(await screen.findByText('4 rows accepted.', { selector: '[data-slot="toast-description"]' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Complete job' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(writes().at(-1)).toMatchObject({ method: 'POST', url: `${BASE}/9/complete` }));
    expect(
      await screen.findByText('Job completed: 6 locations created, 1 updated, 2 rows left out.', {
        selector: '[data-slot="toast-description"]',
      }),
    ).toBeTruthy();
  });
});

describe('location pre-processor: known providers', () => {
  it('lists known providers with identifiers and aliases, searched and filtered by state', async () => {
    const calls = backend();
    renderApp('/notisphere/location-pre-processor/known-providers');
    await screen.findByText('Ascension St Mary Hospital');
    const row = within(tableRowWith('Ascension St Mary Hospital'));
    expect(row.getByText('CCN 140001')).toBeTruthy();
    expect(row.getByText("ST MARY'S MEDICAL CENTER")).toBeTruthy();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('State'), 'il');
    await waitFor(() => expect(paramsOf(lastGet(calls, `${BASE}/known-providers`)).get('state')).toBe('IL'));
    await user.type(screen.getByRole('searchbox'), ' mary ');
    await waitFor(() => expect(paramsOf(lastGet(calls, `${BASE}/known-providers`)).get('search')).toBe('mary'), {
      timeout: 3000,
    });
  });
});
