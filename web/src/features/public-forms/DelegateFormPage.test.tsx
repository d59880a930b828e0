import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { jsonResponse, renderApp } from '../../test/render';
import { NOTICE_TOKEN, noticeView } from '../../test/notices';
import type { DelegateView } from '../../api/delegate';

function delegateView(over: Partial<Pick<DelegateView, 'message' | 'from'>> = {}): DelegateView {
  return {
    ...noticeView(),
    delegate: { id: 5, email: 'nurse@outside.test', whole_event: true },
    message: null,
    from: null,
    ...over,
  } as DelegateView;
}

function serve(view: DelegateView) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => jsonResponse(view)),
  );
}

describe("the delegate form: the delegator's message", () => {
  it('shows who wrote it and the words as plain text, line breaks kept, markup not rendered', async () => {
    serve(delegateView({ message: 'Count the <b>pumps</b>\non ward 3.', from: 'Rita Riverside' }));
    renderApp(`/delegate-webform?token=${NOTICE_TOKEN}`);
    const message = await screen.findByTestId('delegate-message');
    expect(message.textContent).toBe('Message from Rita Riverside: Count the <b>pumps</b>\non ward 3.');
    expect(message.querySelector('b')).toBeNull();
    expect(message.className).toContain('whitespace-pre-line');
  });

  it('says only "Message" when the delegator is unknown, and nothing without a message', async () => {
    serve(delegateView({ message: 'Please check.' }));
    const first = renderApp(`/delegate-webform?token=${NOTICE_TOKEN}`);
    expect((await screen.findByTestId('delegate-message')).textContent).toBe('Message: Please check.');
    first.unmount();
    serve(delegateView());
    renderApp(`/delegate-webform?token=${NOTICE_TOKEN}`);
    expect(await screen.findByTestId('delegate-form')).toBeTruthy();
    expect(screen.queryByTestId('delegate-message')).toBeNull();
  });
});
