import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, renderApp } from '../../test/render';
import { fakeApi, personOf, signIn } from '../../test/backend';
import { providerView } from '../../test/providerView';

const WORKFLOW = '/api/provider/communications/workflow/providerMail/31/44';

function serve(answer?: (body: unknown) => Response) {
  signIn('PROVIDER', ['Provider_ManageRecalls']);
  return fakeApi(personOf('PROVIDER'), (call) => {
    if (call.path === '/api/provider/communications/31/provider-recall/44') return jsonResponse(providerView);
    if (call.path === '/api/provider/communications/owner-candidates')
      return jsonResponse([
        // The caller (sub 42) is not offered.
        { id: 42, name: 'Rita River', email: 'coordinator@riverside.demo', organization_name: 'Riverside Health' },
        { id: 5, name: 'Morgan Multi', email: 'multi@riverside.demo', organization_name: 'Riverside Health' },
        { id: 6, name: 'Nora North', email: 'nora@riverside.demo', organization_name: 'Riverside North Campus' },
      ]);
    if (call.path === '/api/provider/communications/meta-sites')
      return jsonResponse([
        { id: 7, name: 'Riverside Health', is_site: false },
        { id: 8, name: 'Riverside North Campus', is_site: true },
      ]);
    if (call.method === 'POST' && call.path.startsWith(WORKFLOW))
      return answer ? answer(call.body) : jsonResponse({ emails_queued: 1 });
    if (call.method === 'GET') return jsonResponse([]);
    return undefined;
  });
}

async function openDialog() {
  renderApp('/provider/recalls/view/31/44');
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Notify staff…' }));
  return { user, dialog: within(await screen.findByTestId('notify-staff')) };
}

describe('notify staff on the provider view', () => {
  it('emails the chosen colleagues with the message, after asking, and says how many', async () => {
    const calls = serve();
    const { user, dialog } = await openDialog();
    await user.click(dialog.getByRole('radio', { name: 'Chosen people' }));
    expect(await dialog.findByText('Nora North')).toBeTruthy();
    expect(dialog.queryByText('Rita River')).toBeNull();
    // Nobody chosen: refused in words, nothing asked or sent.
    await user.click(dialog.getByRole('button', { name: 'Send…' }));
    expect(await dialog.findByText('Choose at least one person')).toBeTruthy();

    await user.click(dialog.getByRole('checkbox', { name: /Nora North/ }));
    await user.type(dialog.getByLabelText('Message'), 'Pull the stock in OR 3');
    await user.click(dialog.getByRole('button', { name: 'Send…' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(within(confirm).getByText('Email 1 colleague(s) a link to this notice?')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await user.click(within(confirm).getByRole('button', { name: 'Send' }));

    expect(await screen.findByText('Sent to 1 colleague(s).')).toBeTruthy();
    const sent = calls.filter((c) => c.method === 'POST');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.path).toBe(`${WORKFLOW}/0/RECALL`);
    expect(sent[0]!.body).toEqual({ message: 'Pull the stock in OR 3', emails: ['nora@riverside.demo'] });
  });

  it('sends to everyone of one site, keeps the form when the question is cancelled, and shows a refusal', async () => {
    const calls = serve(() =>
      jsonResponse(
        {
          ok: false,
          m: 'Nobody else in this organisation can receive this event type.',
          error: { code: 'NO_RECIPIENT.colleague' },
        },
        422,
      ),
    );
    const { user, dialog } = await openDialog();
    await user.type(dialog.getByLabelText('Message'), 'FYI');
    await user.click(dialog.getByRole('combobox', { name: 'Organization' }));
    await user.click(await screen.findByRole('option', { name: 'Riverside North Campus' }));
    await user.click(dialog.getByRole('button', { name: 'Send…' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(within(confirm).getByText('Email everyone who may see this notice a link to it?')).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    // Back to the form as it was.
    const again = within(await screen.findByTestId('notify-staff'));
    expect((again.getByLabelText('Message') as HTMLTextAreaElement).value).toBe('FYI');

    await user.click(again.getByRole('button', { name: 'Send…' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Nobody else in this organisation can receive this event type.')).toBeTruthy();
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    const sent = calls.find((c) => c.method === 'POST')!;
    expect(sent.path).toBe(`${WORKFLOW}/8/RECALL`);
    expect(sent.body).toEqual({ message: 'FYI' });
  });
});
