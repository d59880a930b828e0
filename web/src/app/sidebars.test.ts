import { describe, expect, it } from 'vitest';
import { i18n } from '@lingui/core';
import { sidebars, visibleMenu, type MenuItem } from './sidebars';
import { findRoute } from './routes';

const labels = (items: MenuItem[]): string[] =>
  items.map((i) => (i.children ? `${i18n._(i.label)}[${labels(i.children).join(',')}]` : i18n._(i.label)));

describe('sidebars', () => {
  it('shows the whole operator menu to an administrator', () => {
    const all = [
      'Notisphere_ViewKeyMetrics',
      'Notisphere_ManageRecalls',
      'NotiSphere_ResponderRole',
      'Notisphere_ManageSuppliers',
      'Notisphere_ManageProviders',
      'Notisphere_ManageLocations',
      'Notisphere_ManageProductFields',
      'Notisphere_ManageLookupValues',
      'Notisphere_ManageUsers',
      'Notisphere_ManageRoles',
      'Notisphere_ManageEmailTemplates',
      'Notisphere_ManageUserGuides',
      'Notisphere_ViewFDAInformation',
    ];
    expect(labels(visibleMenu(sidebars.NOTI, all))).toEqual([
      'Dashboard',
      'Key Metrics',
      'Recalls',
      'eR Responses',
      'Suppliers',
      'Providers',
      'Location Pre-Processor',
      'Locations',
      'Locations Verification',
      'Product Fields',
      'Lookup Values',
      'Users',
      'Roles',
      'Quick Links',
      'Email Templates',
      'Content Management',
      'Manage Supplier Master',
      'FDA[Devices,Drugs]',
    ]);
  });

  it('keeps a group when any child permission is held and drops empty groups', () => {
    expect(labels(visibleMenu(sidebars.SUPP, ['Supplier_ManageDisruption', 'Supplier_ViewFAQs']))).toEqual([
      'Dashboard',
      'Supply Advisories',
      'Advisory Settings[Template Actions,Distribution Lists]',
      'Help[FAQs]',
    ]);
  });

  it('needs any permission for Quick Links', () => {
    expect(labels(visibleMenu(sidebars.NOTI, []))).toEqual(['Dashboard']);
    expect(labels(visibleMenu(sidebars.NOTI, ['Notisphere_ManageFAQs']))).toContain('Quick Links');
  });

  it('shows the provider only what its permissions open, and opens help in a new window', () => {
    const provider = visibleMenu(sidebars.PROV, ['Provider_ResponderRole', 'Provider_ViewContact']);
    expect(labels(provider)).toEqual(['Dashboard', 'eR Responses', 'Help[Contact Us]']);
    const help = provider.find((i) => i.id === 'help');
    expect(help?.children?.every((c) => c.newWindow)).toBe(true);
  });

  it('links only to routes of the table, with the same permissions', () => {
    for (const items of Object.values(sidebars)) {
      const leaves = items.flatMap((i) => i.children ?? [i]);
      for (const leaf of leaves) {
        const match = findRoute(leaf.path ?? '');
        expect(match, leaf.path).not.toBeNull();
        if (match?.route.permissions && !leaf.newWindow) expect(leaf.permissions).toEqual(match.route.permissions);
      }
    }
  });
});
