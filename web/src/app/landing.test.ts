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

  it('sends a provider user who manages recalls or supply advisories to the worklist, others to the dashboard', () => {
    const p = (...permissions: string[]) => landingPath({ userType: 'PROV', roleName: 'Custom', permissions });
    expect(p('View_Dashboard', 'Provider_ManageRecalls')).toBe('/provider/worklist');
    expect(p('Provider_ManageRecalls', 'Provider_ManageDisruption')).toBe('/provider/worklist');
    expect(p('Provider_ManageDisruption')).toBe('/provider/worklist');
    expect(landingPath({ userType: 'PROV', roleName: 'Administrator', permissions: ['Provider_ManageRecalls'] })).toBe(
      '/provider/worklist',
    );
    expect(p('Provider_ViewDashboard')).toBe('/provider/dashboard');
    expect(p('Provider_ResponderRole')).toBe('/provider/dashboard');
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

  it('opens the worklist to those it sends there', () => {
    for (const permission of ['Provider_ManageRecalls', 'Provider_ManageDisruption']) {
      expect(safeLandingPath({ userType: 'PROV', roleName: 'Custom', permissions: [permission] })).toBe(
        '/provider/worklist',
      );
    }
    // The named roles keep their pages even when they may manage recalls.
    expect(
      safeLandingPath({
        userType: 'PROV',
        roleName: 'Responder',
        permissions: ['Provider_ResponderRole', 'Provider_ManageRecalls'],
      }),
    ).toBe('/provider/er-response');
  });

  it('falls back to the profile when the landing page itself is not allowed', () => {
    expect(safeLandingPath({ userType: 'SUPP', roleName: 'Recall Coordinator', permissions: [] })).toBe('/account');
    expect(
      safeLandingPath({ userType: 'SUPP', roleName: 'Recall Coordinator', permissions: ['Supplier_ManageRecalls'] }),
    ).toBe('/supplier/recalls');
    expect(safeLandingPath({ userType: null, roleName: null, permissions: [] })).toBe('/account');
  });
});
