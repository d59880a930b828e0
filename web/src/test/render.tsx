import { render, screen, within } from '@testing-library/react';
import { createStore } from 'jotai';
import { memoryLocation } from 'wouter/memory-location';
import { App } from '../app/App';

/** Renders the whole app at a path with a fresh store and an in-memory location. */
export function renderApp(path: string) {
  const [pathname, search = ''] = path.split('?');
  const location = memoryLocation({ path: pathname, searchPath: search, record: true });
  const store = createStore();
  const view = render(
    <App store={store} routerHook={location.hook} searchHook={location.searchHook} swrCache={() => new Map()} />,
  );
  return { ...view, store, location };
}

export function jsonResponse(d: unknown, status = 200): Response {
  return new Response(JSON.stringify(status < 400 ? { ok: true, m: '', d } : d), {
    status,
    headers: { 'content-type': 'application/json', 'x-app-version': '3.11.2' },
  });
}

/** The table row that shows every one of the texts (throws when there is none). */
export function tableRowWith(...texts: string[]): HTMLElement {
  const found = screen.getAllByRole('row').find((r) => texts.every((text) => within(r).queryByText(text)));
  if (!found) throw new Error(`no row with ${texts.join(', ')}`);
  return found;
}
