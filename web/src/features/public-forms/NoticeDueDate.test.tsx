import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { jsonResponse, renderApp } from '../../test/render';
import type { NoticeView } from '../../api/notices';
import { NOTICE_TOKEN, noticeAction, noticeView } from '../../test/notices';

/** Issue 32: the recipient sees when the response is due, the days left (or how late it is), and each action's date. */

function serve(view: NoticeView) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => jsonResponse(view)),
  );
}

const detail = (label: string) => screen.getByText(label).nextElementSibling?.textContent;

describe('the response-due date on the notice', () => {
  it('shows the date with the days left, and an action its own date', async () => {
    serve(
      noticeView({
        communication: { response_due_date: '2026-12-04', days_left: 3 },
        provider_communication: { due_date: '2026-12-04', days_left: 3, overdue: false },
        actions: [{ ...noticeAction(1, 'Acknowledge'), due_date: '2026-12-01' }, noticeAction(2, 'Text')],
      }),
    );
    renderApp(`/provider/recall-notice-webform?token=${NOTICE_TOKEN}`);
    await screen.findByRole('heading', { name: 'Gown labelling error' });
    expect(detail('Response due')).toBe('12/04/2026·3 days left');
    expect(within(screen.getByTestId('action-1')).getByText('Due 12/01/2026')).toBeTruthy();
    expect(within(screen.getByTestId('action-2')).queryByText(/^Due /)).toBeNull();
  });

  it('says how late an overdue notice is, and nothing of it without a date', async () => {
    serve(
      noticeView({
        communication: { response_due_date: '2026-11-25', days_left: -2 },
        provider_communication: { due_date: '2026-11-25', days_left: -2, overdue: true },
      }),
    );
    const { unmount } = renderApp(`/provider/recall-notice-webform?token=${NOTICE_TOKEN}`);
    await screen.findByRole('heading', { name: 'Gown labelling error' });
    expect(detail('Response due')).toBe('11/25/2026·2 days overdue');
    unmount();

    serve(noticeView());
    renderApp(`/provider/recall-notice-webform?token=${NOTICE_TOKEN}`);
    await screen.findByRole('heading', { name: 'Gown labelling error' });
    expect(screen.queryByText('Response due')).toBeNull();
  });
});
