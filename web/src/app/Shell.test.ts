import { describe, expect, it } from 'vitest';
import { activeMenuHref } from './Shell';
import { sidebars } from './sidebars';

describe('activeMenuHref', () => {
  it('marks the exact entry or the entry the page lies under', () => {
    expect(activeMenuHref(sidebars.SUPP, '/supplier/recalls')).toBe('/supplier/recalls');
    expect(activeMenuHref(sidebars.SUPP, '/supplier/recalls/view/12')).toBe('/supplier/recalls');
    expect(activeMenuHref(sidebars.SUPP, '/supplier/product-disruption-template-actions')).toBe(
      '/supplier/product-disruption-template-actions',
    );
    expect(activeMenuHref(sidebars.PROV, '/provider/email-templates/edit/3')).toBe('/provider/email-templates');
    expect(activeMenuHref(sidebars.NOTI, '/notisphere/location-pre-processor/view/2')).toBe(
      '/notisphere/location-pre-processor',
    );
  });

  it('never marks help pages that open in a new window, nor unrelated paths', () => {
    expect(activeMenuHref(sidebars.SUPP, '/faqs')).toBeUndefined();
    expect(activeMenuHref(sidebars.SUPP, '/account')).toBeUndefined();
  });
});
