import { describe, expect, it } from 'vitest';
import { editPath, openPath, providerRowActions, viewPath } from './rowActions';

describe('provider row actions (spec §4)', () => {
  it('gives View only for items received from a supplier', () => {
    expect(providerRowActions({ isProviderCreated: false, status_provider: 'OPEN' })).toEqual([{ id: 'view', disabled: false }]);
    expect(providerRowActions({ isProviderCreated: false, status_provider: 'COMPLETED' })).toEqual([{ id: 'view', disabled: false }]);
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
