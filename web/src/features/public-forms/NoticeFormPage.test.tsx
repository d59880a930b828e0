import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@lingui/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, renderApp } from '../../test/render';
import type { NoticeView } from '../../api/notices';
import { NOTICE_TOKEN, noticeAction, noticeView } from '../../test/notices';

const notice = noticeView({ actions: [noticeAction(1, 'Numeric'), noticeAction(2, 'YesNo')] });

function server(view: NoticeView = notice) {
  const calls: { url: string; method: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      calls.push({ url, method, body: init.body ? JSON.parse(String(init.body)) : null });
      if (!url.includes(`token=${NOTICE_TOKEN}`))
        return jsonResponse({ ok: false, m: 'This link is invalid or has expired.' }, 404);
      if (method === 'GET') return jsonResponse(view);
      return jsonResponse({ response_status: 'COMPLETED' });
    }),
  );
  return calls;
}

describe('public notice form', () => {
  it('shows a clear message for a missing or malformed token without calling the server', async () => {
    const calls = server();
    renderApp('/provider/recall-notice-webform?token=short');
    expect(await screen.findByTestId('invalid-link')).toBeTruthy();
    expect(calls.filter((c) => c.url.includes('communication-notices'))).toHaveLength(0);
  });

  it('shows a clear message when the server refuses the link', async () => {
    server();
    renderApp(`/provider/recall-notice-webform?token=${'x'.repeat(40)}`);
    expect(await screen.findByText('This link is invalid or has expired.')).toBeTruthy();
  });

  it('shows the notice, checks answers, submits them and goes to the confirmation page', async () => {
    const calls = server();
    const { location } = renderApp(`/provider/recall-notice-webform?token=${NOTICE_TOKEN}`);
    expect(await screen.findByRole('heading', { name: 'Gown labelling error' })).toBeTruthy();
    expect(screen.getByText('Size labels swapped.')).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findAllByText('Field required')).toHaveLength(2);
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);

    const numeric = within(screen.getByTestId('action-1')).getByRole('textbox');
    await user.type(numeric, 'a0b');
    expect((numeric as HTMLInputElement).value).toBe('0');
    await user.click(within(screen.getByTestId('action-2')).getByLabelText('No'));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() =>
      expect(location.history?.at(-1)).toContain('/provider/recall-notice-webform/confirmation/2/3/9/RECALL'),
    );
    expect(await screen.findByText('Thank you, your response has been submitted.')).toBeTruthy();
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.url).toBe(`/api/provider/communication-notices?token=${NOTICE_TOKEN}`);
    expect(put?.body).toEqual({
      answers: [
        { actionId: 1, valueNumeric: '0', submit: true },
        { actionId: 2, valueYesNo: 'No', submit: true },
      ],
    });
  }, 30_000);

  describe('vocabulary words', () => {
    const coded: NoticeView = {
      ...notice,
      communication: {
        ...notice.communication,
        subtype: 'CORRECTION',
        classification: 'CLASSIII',
        disposition: 'Returned',
        reason: 'Quality issue',
      },
    };
    const detail = (label: string) => screen.getByText(label).nextElementSibling?.textContent;

    afterEach(() => {
      i18n.loadAndActivate({ locale: 'en', messages: {} });
    });

    it("shows the spec's words for the codes, never the codes", async () => {
      server(coded);
      renderApp(`/provider/recall-notice-webform?token=${NOTICE_TOKEN}`);
      expect(await screen.findByRole('heading', { name: 'Gown labelling error' })).toBeTruthy();
      expect(detail('Subtype')).toBe('Correction');
      expect(detail('Classification')).toBe('Class III');
      expect(detail('Disposition')).toBe('Returned');
      expect(detail('Type')).toBe('Recall');
      expect(screen.queryByText('CLASSIII')).toBeNull();
      expect(screen.queryByText('CORRECTION')).toBeNull();
    });

    it('shows them in Vietnamese when the app speaks Vietnamese', async () => {
      i18n.loadAndActivate({ locale: 'vi', messages: {} });
      server(coded);
      renderApp(`/provider/recall-notice-webform?token=${NOTICE_TOKEN}`);
      expect(await screen.findByRole('heading', { name: 'Gown labelling error' })).toBeTruthy();
      expect(detail('Subtype')).toBe('Khắc phục');
      expect(detail('Classification')).toBe('Loại III');
      expect(detail('Reason')).toBe('Vấn đề chất lượng');
    });
  });
});

describe('confirmation page opened directly', () => {
  it('says how to reach the form instead of thanking for a response never submitted here', async () => {
    sessionStorage.clear();
    renderApp(`/provider/recall-notice-webform/confirmation/2/3/77/RECALL?token=${NOTICE_TOKEN}`);
    expect(await screen.findByText('No response has been submitted from this browser.')).toBeTruthy();
    expect(screen.queryByText('Thank you, your response has been submitted.')).toBeNull();
    expect(screen.getByRole('link', { name: 'Open the notice form' }).getAttribute('href')).toContain(
      `/provider/recall-notice-webform?token=${NOTICE_TOKEN}`,
    );
  });
});

describe('public notice form: custom product fields', () => {
  it("shows each product's field values under the field's label, in the reader's words", async () => {
    server({
      ...notice,
      products: [
        {
          id: 1,
          product_name: 'Gown L',
          lot_number: 'G-1',
          fields: [
            { id: 7, name: 'Packaging', field_type: 'ListSingle', valueListSingle: 'Pouch' },
            { id: 8, name: 'Markets', field_type: 'ListMultiple', valueListMultiple: ['EU', 'VN'] },
            { id: 9, name: 'Latex free', field_type: 'YesNo', valueYesNo: 'Yes' },
            { id: 10, name: 'Implantable', field_type: 'TrueFalse', valueTrueFalse: false },
            { id: 11, name: 'Shelf life', field_type: 'Number', valueNumber: 24 },
          ],
        },
      ],
    });
    renderApp(`/provider/recall-notice-webform?token=${NOTICE_TOKEN}`);
    const products = await screen.findByRole('list', { name: 'Products' });
    const value = (label: string) => within(products).getByText(label).nextElementSibling?.textContent;
    expect(value('Packaging')).toBe('Pouch');
    expect(value('Markets')).toBe('EU, VN');
    expect(value('Latex free')).toBe('Yes');
    expect(value('Implantable')).toBe('False');
    expect(value('Shelf life')).toBe('24');
  });
});

describe('public notice form: the built-in product fields in Vietnamese (issue 33)', () => {
  const withBuiltIns: NoticeView = {
    ...notice,
    products: [
      {
        id: 1,
        product_name: 'Gown L',
        lot_number: 'G-1',
        fields: [
          { id: 1, name: 'Sterile', field_type: 'YesNo', valueYesNo: 'Yes' },
          { id: 2, name: 'Storage', field_type: 'ListSingle', valueListSingle: 'Room temperature' },
          { id: 3, name: 'Cold chain', field_type: 'ListMultiple', valueListMultiple: ['Refrigerated', 'Frozen'] },
          { id: 4, name: 'Packaging', field_type: 'ListSingle', valueListSingle: 'Pouch' },
        ],
      },
    ],
  };
  afterEach(() => {
    i18n.loadAndActivate({ locale: 'en', messages: {} });
  });

  it('names the built-in fields and their values in Vietnamese, and shows fields the operator added as typed', async () => {
    // No catalog loaded: the app's own words stay as their English ids ("Products"), the vocabulary's are Vietnamese.
    i18n.loadAndActivate({ locale: 'vi', messages: {} });
    server(withBuiltIns);
    renderApp(`/provider/recall-notice-webform?token=${NOTICE_TOKEN}`);
    const products = await screen.findByRole('list', { name: 'Products' });
    const value = (label: string) => within(products).getByText(label).nextElementSibling?.textContent;
    expect(value('Vô trùng')).toBeTruthy();
    expect(value('Bảo quản')).toBe('Nhiệt độ phòng');
    expect(value('Cold chain')).toBe('Bảo quản lạnh, Đông lạnh');
    expect(value('Packaging')).toBe('Pouch');
    for (const english of ['Sterile', 'Storage', 'Room temperature'])
      expect(within(products).queryByText(english)).toBeNull();
  });

  it('keeps the English words in English', async () => {
    server(withBuiltIns);
    renderApp(`/provider/recall-notice-webform?token=${NOTICE_TOKEN}`);
    const products = await screen.findByRole('list', { name: 'Products' });
    const value = (label: string) => within(products).getByText(label).nextElementSibling?.textContent;
    expect(value('Storage')).toBe('Room temperature');
    expect(value('Sterile')).toBe('Yes');
  });
});
