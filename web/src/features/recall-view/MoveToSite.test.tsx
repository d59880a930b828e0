import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, renderApp } from '../../test/render';
import { fakeApi, personOf, signIn } from '../../test/backend';
import { providerView } from '../../test/providerView';

function serve(withSites = true) {
  signIn('PROVIDER', ['Provider_ManageRecalls']);
  return fakeApi(personOf('PROVIDER'), (call) => {
    if (call.path === '/api/provider/communications/31/provider-recall/44') return jsonResponse(providerView);
    if (call.path === '/api/provider/communications/meta-sites')
      return jsonResponse([
        { id: 7, name: 'Riverside Health', is_site: false },
        ...(withSites ? [{ id: 8, name: 'Riverside North Campus', is_site: true }] : []),
      ]);
    if (call.path === '/api/provider/communications/44/switch-sites/8')
      return jsonResponse({ id: 44, organization_id: 8 });
    if (call.method === 'GET') return jsonResponse([]);
    return undefined;
  });
}

describe('moving a notice to another site', () => {
  it('asks first, moves it through switch-sites and reads the notice again', async () => {
    const calls = serve();
    renderApp('/provider/recalls/view/31/44');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Move to site…' }));
    const form = within(await screen.findByTestId('move-to-site'));
    // The notice's own organisation is not offered.
    await user.click(form.getByRole('combobox', { name: /^Site/ }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['Riverside North Campus']);
    await user.click(screen.getByRole('option', { name: 'Riverside North Campus' }));
    await user.click(form.getByRole('button', { name: 'Save' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(
      within(confirm).getByText('Move this notice to Riverside North Campus? It is then listed under that site.'),
    ).toBeTruthy();
    expect(calls.some((c) => c.path.includes('/switch-sites/'))).toBe(false);
    const reads = calls.filter((c) => c.path === '/api/provider/communications/31/provider-recall/44').length;
    await user.click(within(confirm).getByRole('button', { name: 'Move' }));
    expect(await screen.findByText('Moved to Riverside North Campus.')).toBeTruthy();
    expect(calls.filter((c) => c.path === '/api/provider/communications/44/switch-sites/8')).toHaveLength(1);
    await waitFor(() =>
      expect(
        calls.filter((c) => c.path === '/api/provider/communications/31/provider-recall/44').length,
      ).toBeGreaterThan(reads),
    );
  });

  it('is not offered to an organisation without sites', async () => {
    serve(false);
    renderApp('/provider/recalls/view/31/44');
    await screen.findByRole('button', { name: 'Notify staff…' });
    expect(screen.queryByRole('button', { name: 'Move to site…' })).toBeNull();
  });
});
