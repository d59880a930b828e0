import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp, jsonResponse } from '../../test/render';
import { fakeApi, personOf, signIn } from '../../test/backend';
import { providerEdit } from '../../test/providerView';

const edit = providerEdit;

function setup(editData: unknown = edit) {
  signIn('PROVIDER', ['Provider_ManageRecalls', 'Provider_ManageDisruption']);
  const writes: { url: string; method: string; body: unknown }[] = [];
  fakeApi(personOf('PROVIDER'), ({ method, url, path, body }) => {
    if (method !== 'GET') writes.push({ url, method, body });
    if (path === '/api/provider/communications/supplierNameList')
      return jsonResponse([{ id: 3, name: 'Acme Medical Devices' }]);
    if (path === '/api/provider/communications/step0')
      return jsonResponse({ id: 77, provider_communication_id: 88, isProviderCreated: true });
    if (path === '/api/provider/communications/provider-edit/31') return jsonResponse(editData);
    if (path === '/api/provider/communications/31/update-recall/44/0') return jsonResponse({ id: 31 });
    return undefined;
  });
  return writes;
}

describe('provider event form', () => {
  it('shows the spec §5 field messages and sends nothing while they stand', async () => {
    const writes = setup();
    const { location } = renderApp('/provider/product-disruption/new');
    const user = userEvent.setup();
    const name = await screen.findByLabelText(/^Name/);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getAllByText('Field required').length).toBe(3);
    expect(writes).toHaveLength(0);

    await user.type(name, 'Saline shortage');
    await user.type(screen.getByLabelText(/Contact Email/), 'bad');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Email not valid')).toBeTruthy();
    expect(writes).toHaveLength(0);
    expect(location.history?.at(-1)).toBe('/provider/product-disruption/new');
  });

  it('loads an event for editing, saves step 0 and goes to the view page', async () => {
    const writes = setup();
    const { location } = renderApp('/provider/recalls/edit/31');
    const user = userEvent.setup();
    const name = await screen.findByLabelText(/^Name/);
    await waitFor(() => expect((name as HTMLInputElement).value).toBe('Infusion pumps'));
    await user.clear(name);
    await user.type(name, 'Infusion pumps (lot 4)');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]).toMatchObject({
      method: 'PUT',
      body: {
        type: 'RECALL',
        name: 'Infusion pumps (lot 4)',
        subtype: 'REMOVAL',
        classification: 'CLASSII',
        event_id: 'R-1',
        lead_time: null,
      },
    });
    await waitFor(() => expect(location.history?.at(-1)).toBe('/provider/recalls/view/31/44'));
  });

  it('refuses to edit a completed event', async () => {
    const writes = setup({ ...edit, status_provider: 'COMPLETED', editable: false });
    renderApp('/provider/recalls/edit/31');
    expect(await screen.findByText('A completed event cannot be edited.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
    expect(writes).toHaveLength(0);
  });

  it('offers "Not set" on the optional pickers only; clearing the disposition sends none', async () => {
    const writes = setup({ ...edit, communication: { ...edit.communication, disposition: 'RETURN' } });
    renderApp('/provider/recalls/edit/31');
    const user = userEvent.setup();
    const name = await screen.findByLabelText(/^Name/);
    await waitFor(() => expect((name as HTMLInputElement).value).toBe('Infusion pumps'));

    await user.click(screen.getByRole('combobox', { name: /^Classification/ }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).not.toContain('Not set');
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('combobox', { name: /^Disposition/ }));
    expect((await screen.findAllByRole('option'))[0]?.textContent).toBe('Not set');
    await user.click(screen.getByRole('option', { name: 'Not set' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]?.body).toMatchObject({ classification: 'CLASSII', disposition: null });
  });
});
