import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { jsonResponse, renderApp } from '../../test/render';
import { NOTICE_TOKEN, noticeView } from '../../test/notices';

const notice = noticeView({
  communication: {
    reason: 'PORT_STRIKE',
    labels: {
      subtype: null,
      classification: null,
      reason: { en: 'Port strike', vi: 'Đình công cảng' },
      disposition: null,
      lead_time: null,
    },
  },
});

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('public notice form, lookup labels (issue 12)', () => {
  it("shows the server's words for an operator-added lookup value, never its code", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(notice)),
    );
    renderApp(`/provider/recall-notice-webform?token=${NOTICE_TOKEN}`);
    expect(await screen.findByRole('heading', { name: 'Gown labelling error' })).toBeTruthy();
    expect(screen.getByText('Port strike')).toBeTruthy();
    expect(screen.queryByText('PORT_STRIKE')).toBeNull();
  });
});
