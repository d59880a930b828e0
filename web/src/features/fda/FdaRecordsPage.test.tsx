import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
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

const row = {
  id: 1,
  recall_number: 'Z-0053-2020',
  kind: 'device-recall',
  event_number: '82984',
  status: 'Terminated',
  classification: null,
  recalling_firm: 'Arrow International Inc',
  product_description: 'Pediatric Two-Lumen Central Venous Catheterization Kit',
  reason_for_recall: 'Lidstock contains a labeling error.',
  code_info: 'Lot/Batch Numbers: 13F18C0374, 13F18G0480',
  product_code: 'FOZ',
  device_name: 'Catheter, Intravascular',
  k_numbers: ['K900263'],
  ndc: [],
  brand_names: [],
  generic_names: [],
  manufacturer_names: [],
  initiation_date: '2019-05-17',
  report_date: null,
  termination_date: '2020-09-24',
  updated_at: '2026-11-24T10:00:00Z',
};
const record = {
  ...row,
  record: {
    product_res_number: 'Z-0053-2020',
    postal_code: '19605-9607',
    event_date_initiated: '2019-05-17',
    event_date_terminated: '20200924',
    recall_status: 'Terminated',
    reason_for_recall: 'Lidstock contains a labeling error.',
    recalling_firm: 'Arrow International Inc',
    cfres_id: '176578',
    some_new_field: 'kept',
  },
  openfda: { regulation_number: '880.5200', device_class: '2' },
  enforcement: null,
};

const report = {
  ...row,
  id: 7,
  recall_number: 'Z-2100-2012',
  kind: 'device-enforcement',
  event_number: '62561',
  status: 'Ongoing',
  classification: 'Class II',
  recalling_firm: 'Encore Medical, Lp',
  code_info: 'Lot 007A1037, Ref 010-55-25.',
};
const reportRecord = {
  ...report,
  record: { recall_number: 'Z-2100-2012', voluntary_mandated: 'Voluntary: Firm Initiated' },
  openfda: {},
};

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

function backend() {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      calls.push(url);
      const path = url.split('?')[0];
      if (path === '/api/me') return jsonResponse(me);
      if (path === '/api/me/organization') return jsonResponse(me.organization);
      if (path === '/api/notisphere/fda/devices')
        return jsonResponse({ items: [row], total: 1, pageNumber: 1, pageSize: 50, lastUpdated: null });
      if (path === '/api/notisphere/fda/devices/Z-0053-2020') return jsonResponse(record);
      if (path === '/api/notisphere/fda/device-enforcement')
        return jsonResponse({ items: [report], total: 1, pageNumber: 1, pageSize: 50, lastUpdated: null });
      if (path === '/api/notisphere/fda/device-enforcement/Z-2100-2012') return jsonResponse(reportRecord);
      if (path === '/api/notisphere/fda/device-enforcement/csv-download')
        return new Response('Recall Number\n', {
          headers: {
            'content-type': 'text/csv',
            'content-disposition': 'attachment; filename="FDA Device Enforcement Reports 11-24-2026.csv"',
          },
        });
      if (path === '/api/notisphere/fda/without-event/devices')
        return jsonResponse({ items: [], total: 0, pageNumber: 1, pageSize: 50, lastUpdated: null });
      return jsonResponse({});
    }),
  );
  return calls;
}

describe('operator FDA devices', () => {
  it('searches by lot number and opens the record with every field (openfda block included)', async () => {
    setPageToken({ access_token: makeJwt(claimsFor('NOTISPHERE', ['Notisphere_ViewFDAInformation'])) });
    const calls = backend();
    renderApp('/notisphere/fda-devices');
    await screen.findByText('Arrow International Inc');
    expect(within(tableRowWith('Z-0053-2020')).getByText('Terminated')).toBeTruthy();
    const user = userEvent.setup();
    await user.type(screen.getByRole('searchbox'), '13F18G0480');
    await waitFor(() => expect(calls.some((u) => u.includes('search=13F18G0480'))).toBe(true));
    await user.click(await screen.findByRole('button', { name: 'Z-0053-2020' }));
    const dialog = await screen.findByTestId('fda-record');
    expect(await within(dialog).findByText('19605-9607')).toBeTruthy();
    expect(within(dialog).getByText('880.5200')).toBeTruthy();
    await user.keyboard('{Escape}');
    // Only the portal's suppliers' recalls without an event: another call, the same grid.
    await user.click(screen.getByRole('switch', { name: 'Only recalls of portal suppliers without a portal event' }));
    await waitFor(() =>
      expect(calls.some((u) => u.startsWith('/api/notisphere/fda/without-event/devices'))).toBe(true),
    );
    await waitFor(() => expect(screen.queryByText('Arrow International Inc')).toBeNull());
  });

  it('cuts long texts at 25 characters, the full text on hover, and counts items (issue 33)', async () => {
    setPageToken({ access_token: makeJwt(claimsFor('NOTISPHERE', ['Notisphere_ViewFDAInformation'])) });
    backend();
    renderApp('/notisphere/fda-devices');
    await screen.findByText('Arrow International Inc');
    const row = tableRowWith('Z-0053-2020');
    const description = within(row).getByText('Pediatric Two-Lumen Centr...');
    expect(description.getAttribute('title')).toBe('Pediatric Two-Lumen Central Venous Catheterization Kit');
    expect(within(row).queryByText('Pediatric Two-Lumen Central Venous Catheterization Kit')).toBeNull();
    expect(screen.getByText(/^Total \d+ items?$/)).toBeTruthy();
  });

  it('lists device enforcement reports in the second tab, with the search, the record and the downloads', async () => {
    setPageToken({ access_token: makeJwt(claimsFor('NOTISPHERE', ['Notisphere_ViewFDAInformation'])) });
    const calls = backend();
    renderApp('/notisphere/fda-devices');
    await screen.findByText('Arrow International Inc');
    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'Enforcement reports' }));
    expect(await screen.findByText('Encore Medical, Lp')).toBeTruthy();
    expect(within(tableRowWith('Z-2100-2012')).getByText('Class II')).toBeTruthy();
    expect(screen.queryByText('Arrow International Inc')).toBeNull();
    // Only device recalls and drug reports have "without a portal event".
    expect(screen.queryByRole('switch')).toBeNull();
    await user.type(screen.getByRole('searchbox'), '007A1037');
    await waitFor(() =>
      expect(
        calls.some((u) => u.startsWith('/api/notisphere/fda/device-enforcement?') && u.includes('search=007A1037')),
      ).toBe(true),
    );
    await user.click(await screen.findByRole('button', { name: 'Z-2100-2012' }));
    const dialog = await screen.findByTestId('fda-record');
    expect(await within(dialog).findByText('Voluntary: Firm Initiated')).toBeTruthy();
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() =>
      expect(calls.some((u) => u.startsWith('/api/notisphere/fda/device-enforcement/csv-download'))).toBe(true),
    );
    const download = calls.find((u) => u.startsWith('/api/notisphere/fda/device-enforcement/csv-download'))!;
    expect(download).toContain('search=007A1037');
  });
});

describe('the FDA record window and classification (issue 36)', () => {
  it("shows labelled sections in order, dates in the reader's format, no raw field names", async () => {
    setPageToken({ access_token: makeJwt(claimsFor('NOTISPHERE', ['Notisphere_ViewFDAInformation'])) });
    backend();
    renderApp('/notisphere/fda-devices?recall=Z-0053-2020');
    const dialog = await screen.findByTestId('fda-record');
    await within(dialog).findByText('19605-9607');
    const headings = within(dialog)
      .getAllByRole('heading', { level: 3 })
      .map((h) => h.textContent);
    expect(headings).toEqual(['Recall', 'Dates', 'Reason', 'Recalling firm', 'openFDA details', 'Other fields']);
    const dates = within(dialog).getByRole('region', { name: 'Dates' });
    expect(within(dates).getByText('Initiation Date')).toBeTruthy();
    expect(within(dates).getByText('05/17/2019')).toBeTruthy();
    expect(within(dates).getByText('09/24/2020')).toBeTruthy();
    expect(within(dialog).queryByText('20200924')).toBeNull();
    const recall = within(dialog).getByRole('region', { name: 'Recall' });
    expect(within(recall).getByText('Classification')).toBeTruthy();
    // A device recall with no enforcement report says so.
    expect(within(recall).getByText('Not classified')).toBeTruthy();
    expect(within(dialog).getByText('Postal Code')).toBeTruthy();
    expect(within(dialog).getByText('Device Class')).toBeTruthy();
    // A field the map does not know reads as words; no raw key anywhere.
    expect(within(dialog).getByText('Some new field')).toBeTruthy();
    for (const raw of ['postal_code', 'event_date_initiated', 'recall_status', 'regulation_number', 'some_new_field'])
      expect(within(dialog).queryByText(raw)).toBeNull();
    // A field a device recall does not carry (the enforcement reports' status) is left out, never "undefined".
    expect(within(dialog).queryByText('undefined')).toBeNull();
  });

  it('says "Not classified" in the grid and offers it as a filter', async () => {
    setPageToken({ access_token: makeJwt(claimsFor('NOTISPHERE', ['Notisphere_ViewFDAInformation'])) });
    const calls = backend();
    renderApp('/notisphere/fda-devices');
    await screen.findByText('Arrow International Inc');
    expect(within(tableRowWith('Z-0053-2020')).getByText('Not classified')).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'Classification' }));
    await user.click(await screen.findByRole('option', { name: 'Not classified' }));
    await waitFor(() =>
      expect(calls.some((u) => u.startsWith('/api/notisphere/fda/devices?') && u.includes('classification=none'))).toBe(
        true,
      ),
    );
  });
});

describe('operator FDA lists on a new install', () => {
  it('says how records arrive when nothing was imported, and "No record found" once a search narrows the list', async () => {
    setPageToken({ access_token: makeJwt(claimsFor('NOTISPHERE', ['Notisphere_ViewFDAInformation'])) });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        const path = url.split('?')[0];
        if (path === '/api/me') return jsonResponse(me);
        if (path === '/api/me/organization') return jsonResponse(me.organization);
        if (path === '/api/notisphere/fda/drugs')
          return jsonResponse({ items: [], total: 0, pageNumber: 1, pageSize: 50, lastUpdated: null });
        return jsonResponse({});
      }),
    );
    renderApp('/notisphere/fda-drugs');
    expect(await screen.findByText(/No FDA records have been imported yet/)).toBeTruthy();
    expect(screen.getByText(/pnpm cli fda import <file>/)).toBeTruthy();
    const user = userEvent.setup();
    await user.type(screen.getByRole('searchbox'), 'heparin');
    expect(await screen.findByText('No record found')).toBeTruthy();
    expect(screen.queryByText(/No FDA records have been imported yet/)).toBeNull();
  });
});
