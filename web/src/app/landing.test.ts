import { describe, expect, it } from 'vitest';
import { landingPath } from './landing';
import { safeLandingPath } from './guard';

describe('landingPath', () => {
  it('sends the operator to its dashboard', () => {
    expect(landingPath({ userType: 'NOTI', roleName: 'Administrator', permissions: [] })).toBe('/notisphere/dashboard');
  });

  it('sends a supplier to the supplier dashboard', () => {
    expect(landingPath({ userType: 'SUPP', roleName: 'Administrator', permissions: [] })).toBe('/supplier/dashboard');
  });

  it('chooses the provider page by permission', () => {
    const p = (...permissions: string[]) => landingPath({ userType: 'PROV', roleName: 'Custom', permissions });
    expect(p('View_Dashboard', 'Provider_ManageRecalls')).toBe('/provider/dashboard');
    expect(p('Provider_ViewDashboard')).toBe('/provider/dashboard');
    expect(p('Provider_ManageRecalls', 'Provider_ManageDisruption')).toBe('/provider/recalls');
    expect(p('Provider_ManageDisruption')).toBe('/provider/product-disruption');
    expect(p()).toBe('/provider/dashboard');
  });

  it('lets the named roles override', () => {
    expect(landingPath({ userType: 'PROV', roleName: 'Responder', permissions: ['Provider_ViewDashboard'] })).toBe(
      '/provider/er-response',
    );
    expect(landingPath({ userType: 'NOTI', roleName: 'Responder', permissions: [] })).toBe('/notisphere/er-response');
    expect(landingPath({ userType: 'SUPP', roleName: 'Recall Coordinator', permissions: [] })).toBe(
      '/supplier/recalls',
    );
    expect(landingPath({ userType: 'PROV', roleName: 'Recall Coordinator', permissions: ['View_Dashboard'] })).toBe(
      '/provider/recalls',
    );
    expect(landingPath({ userType: 'SUPP', roleName: 'Sourcing Coordinator', permissions: [] })).toBe(
      '/supplier/dashboard',
    );
    expect(
      landingPath({ userType: 'PROV', roleName: 'Sourcing Coordinator', permissions: ['Provider_ManageRecalls'] }),
    ).toBe('/provider/dashboard');
  });

  it('falls back to the profile when the landing page itself is not allowed', () => {
    expect(safeLandingPath({ userType: 'SUPP', roleName: 'Recall Coordinator', permissions: [] })).toBe('/account');
    expect(
      safeLandingPath({ userType: 'SUPP', roleName: 'Recall Coordinator', permissions: ['Supplier_ManageRecalls'] }),
    ).toBe('/supplier/recalls');
    expect(safeLandingPath({ userType: null, roleName: null, permissions: [] })).toBe('/account');
  });
});
