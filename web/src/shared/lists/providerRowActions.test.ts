import { describe, expect, it } from 'vitest';
import {
  editPath,
  openPath,
  providerRowActions,
  respondPath,
  responseRowActions,
  viewPath,
} from './providerRowActions';

describe('provider row actions (spec §4)', () => {
  it('gives View only for items received from a supplier', () => {
    expect(providerRowActions({ isProviderCreated: false, status_provider: 'OPEN' })).toEqual([
      { id: 'view', disabled: false },
    ]);
    expect(providerRowActions({ isProviderCreated: false, status_provider: 'COMPLETED' })).toEqual([
      { id: 'view', disabled: false },
    ]);
  });

  it('gives View and Edit for provider-created items, Edit disabled once COMPLETED', () => {
    expect(providerRowActions({ isProviderCreated: true, status_provider: 'OPEN' })).toEqual([
      { id: 'view', disabled: false },
      { id: 'edit', disabled: false },
    ]);
    expect(providerRowActions({ isProviderCreated: true, status_provider: 'COMPLETED' })).toEqual([
      { id: 'view', disabled: false },
      { id: 'edit', disabled: true },
    ]);
  });

  it('builds the view, edit and access-denied paths of each type', () => {
    const recall = { type: 'RECALL' as const, communication_id: 3, id: 9, allow_access: true };
    const advisory = { type: 'PRODUCT DISRUPTION' as const, communication_id: 4, id: 10, allow_access: false };
    expect(viewPath(recall)).toBe('/provider/recalls/view/3/9');
    expect(editPath(advisory)).toBe('/provider/product-disruption/edit/4');
    expect(openPath(recall)).toBe('/provider/recalls/view/3/9');
    expect(openPath(advisory)).toBe('/provider/product-disruption/accessdenied/4/10');
  });
});

describe('eR response row actions (spec §4 "Response rows")', () => {
  const mine = (response_status: string) => ({ userid: 42, responder_email: 'me@riverside.demo', response_status });

  it("gives Edit, Respond, View and Delete on the caller's own DRAFT or ERROR row", () => {
    expect(responseRowActions(mine('DRAFT'), 42)).toEqual(['edit', 'respond', 'view', 'delete']);
    expect(responseRowActions(mine('ERROR'), 42)).toEqual(['edit', 'respond', 'view', 'delete']);
  });

  it("gives View and Delete on the caller's own row with any other status", () => {
    expect(responseRowActions(mine('SUBMITTED'), 42)).toEqual(['view', 'delete']);
    expect(responseRowActions(mine('COMPLETED'), 42)).toEqual(['view', 'delete']);
  });

  it("gives View only on other people's rows, link answers and when the caller is unknown", () => {
    expect(responseRowActions(mine('DRAFT'), 7)).toEqual(['view']);
    expect(responseRowActions(mine('SUBMITTED'), 7)).toEqual(['view']);
    expect(
      responseRowActions({ userid: null, responder_email: 'delegate@clinic.test', response_status: 'DRAFT' }, 42),
    ).toEqual(['view']);
    expect(responseRowActions(mine('DRAFT'), null)).toEqual(['view']);
  });

  it('gives View and Respond on a row nobody answered yet', () => {
    expect(responseRowActions({ userid: null, responder_email: null, response_status: 'NOTCOMPLETED' }, 42)).toEqual([
      'view',
      'respond',
    ]);
  });

  it("leads Respond and Edit to the view's actions tab", () => {
    expect(respondPath({ type: 'PRODUCT DISRUPTION', communication_id: 4, id: 10, allow_access: true })).toBe(
      '/provider/product-disruption/view/4/10?tab=actions',
    );
    expect(respondPath({ type: 'RECALL', communication_id: 4, id: 10, allow_access: false })).toBe(
      '/provider/product-disruption/accessdenied/4/10',
    );
  });
});
