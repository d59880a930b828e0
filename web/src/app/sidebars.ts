import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { UserType } from './token';
import { ANY_PERMISSION, isAllowed } from './permissions';

export interface MenuItem {
  id: string;
  label: MessageDescriptor;
  path?: string;
  /** Open in a new window (help pages). */
  newWindow?: boolean;
  /** A Help entry the operator may point elsewhere: the help link's field (content's help settings) replaces `path`. */
  helpLink?: 'knowledge_base_url' | 'faq_url' | 'contact_url';
  permissions?: readonly string[];
  hidden?: boolean;
  children?: MenuItem[];
}

const operator: MenuItem[] = [
  { id: 'dashboard', label: msg`Dashboard`, path: '/notisphere/dashboard' },
  {
    id: 'key-metrics',
    label: msg`Key Metrics`,
    path: '/notisphere/key-metrics',
    permissions: ['Notisphere_ViewKeyMetrics'],
  },
  { id: 'recalls', label: msg`Recalls`, path: '/notisphere/recalls', permissions: ['Notisphere_ManageRecalls'] },
  {
    id: 'er-response',
    label: msg`eR Responses`,
    path: '/notisphere/er-response',
    permissions: ['NotiSphere_ResponderRole'],
  },
  {
    id: 'suppliers',
    label: msg`Suppliers`,
    path: '/notisphere/suppliers',
    permissions: ['Notisphere_ManageSuppliers'],
  },
  {
    id: 'providers',
    label: msg`Providers`,
    path: '/notisphere/providers',
    permissions: ['Notisphere_ManageProviders'],
  },
  {
    id: 'location-pre-processor',
    label: msg`Location Pre-Processor`,
    path: '/notisphere/location-pre-processor',
    permissions: ['Notisphere_ManageLocations'],
  },
  {
    id: 'locations',
    label: msg`Locations`,
    path: '/notisphere/locations',
    permissions: ['Notisphere_ManageLocations'],
  },
  {
    id: 'locations-verification',
    label: msg`Locations Verification`,
    path: '/notisphere/locations-verification',
    permissions: ['Notisphere_ManageLocations'],
  },
  {
    id: 'fields',
    label: msg`Product Fields`,
    path: '/notisphere/fields',
    permissions: ['Notisphere_ManageProductFields'],
  },
  {
    id: 'lookup-values',
    label: msg`Lookup Values`,
    path: '/notisphere/lookup-values',
    permissions: ['Notisphere_ManageLookupValues'],
  },
  { id: 'users', label: msg`Users`, path: '/notisphere/users', permissions: ['Notisphere_ManageUsers'] },
  { id: 'roles', label: msg`Roles`, path: '/notisphere/roles', permissions: ['Notisphere_ManageRoles'] },
  { id: 'quick-links', label: msg`Quick Links`, path: '/notisphere/quick-links', permissions: [ANY_PERMISSION] },
  {
    id: 'email-templates',
    label: msg`Email Templates`,
    path: '/notisphere/email-templates',
    permissions: ['Notisphere_ManageEmailTemplates'],
  },
  {
    id: 'content-management',
    label: msg`Content Management`,
    path: '/notisphere/content-management',
    permissions: ['Notisphere_ManageEmailTemplates'],
  },
  {
    id: 'supplier-master',
    label: msg`Manage Supplier Master`,
    path: '/notisphere/manage-supplier-list',
    permissions: ['Notisphere_ManageUserGuides'],
  },
  {
    id: 'fda',
    label: msg`FDA`,
    children: [
      {
        id: 'fda-devices',
        label: msg`Devices`,
        path: '/notisphere/fda-devices',
        permissions: ['Notisphere_ViewFDAInformation'],
      },
      {
        id: 'fda-drugs',
        label: msg`Drugs`,
        path: '/notisphere/fda-drugs',
        permissions: ['Notisphere_ViewFDAInformation'],
      },
    ],
  },
];

const supplier: MenuItem[] = [
  { id: 'dashboard', label: msg`Dashboard`, path: '/supplier/dashboard' },
  { id: 'recalls', label: msg`Recalls`, path: '/supplier/recalls', permissions: ['Supplier_ManageRecalls'] },
  {
    id: 'advisories',
    label: msg`Supply Advisories`,
    path: '/supplier/product-disruption',
    permissions: ['Supplier_ManageDisruption'],
  },
  {
    id: 'organization-settings',
    label: msg`Organization Settings`,
    children: [
      { id: 'general', label: msg`General`, path: '/supplier/organization', permissions: ['Supplier_ManageProfile'] },
      { id: 'roles', label: msg`Roles`, path: '/supplier/roles', permissions: ['Supplier_ManageRoles'] },
      { id: 'users', label: msg`Users`, path: '/supplier/users', permissions: ['Supplier_ManageUsers'] },
      {
        id: 'sales-reps',
        label: msg`Sales Reps`,
        path: '/supplier/sales-rep',
        permissions: ['Supplier_ManageSalesRepresentative'],
      },
      {
        id: 'product-fields',
        label: msg`Product Fields`,
        path: '/supplier/fields',
        permissions: ['Supplier_ManageProductFields'],
      },
      {
        id: 'lookup-values',
        label: msg`Lookup Values`,
        path: '/supplier/lookup-values',
        permissions: ['Supplier_ManageLookupValues'],
      },
    ],
  },
  {
    id: 'recall-settings',
    label: msg`Recall Settings`,
    children: [
      {
        id: 'recall-template-actions',
        label: msg`Template Actions`,
        path: '/supplier/recall-template-actions',
        permissions: ['Supplier_ManageRecalls'],
      },
      {
        id: 'recall-distribution-lists',
        label: msg`Distribution Lists`,
        path: '/supplier/recall-distribution-list',
        permissions: ['Supplier_ManageRecalls'],
      },
    ],
  },
  {
    id: 'advisory-settings',
    label: msg`Advisory Settings`,
    children: [
      {
        id: 'advisory-template-actions',
        label: msg`Template Actions`,
        path: '/supplier/product-disruption-template-actions',
        permissions: ['Supplier_ManageDisruption'],
      },
      {
        id: 'advisory-distribution-lists',
        label: msg`Distribution Lists`,
        path: '/supplier/product-disruption-distribution-lists',
        permissions: ['Supplier_ManageDisruption'],
      },
    ],
  },
  {
    id: 'location-management',
    label: msg`Location Management`,
    children: [
      {
        id: 'providers',
        label: msg`Providers`,
        path: '/supplier/providers',
        permissions: ['Supplier_ManageLocations'],
      },
      {
        id: 'locations',
        label: msg`Locations`,
        path: '/supplier/locations',
        permissions: ['Supplier_ManageLocations'],
      },
      { id: 'files', label: msg`Files`, path: '/supplier/location-files', permissions: ['Supplier_ManageLocations'] },
    ],
  },
  {
    id: 'help',
    label: msg`Help`,
    children: [
      {
        id: 'learn-more',
        label: msg`Learn More`,
        path: '/user-guide',
        newWindow: true,
        helpLink: 'knowledge_base_url',
        permissions: ['Supplier_ViewUserGuides'],
      },
      {
        id: 'faqs',
        label: msg`FAQs`,
        path: '/faqs',
        newWindow: true,
        helpLink: 'faq_url',
        permissions: ['Supplier_ViewFAQs'],
      },
      {
        id: 'contact-us',
        label: msg`Contact Us`,
        path: '/contact-us',
        newWindow: true,
        helpLink: 'contact_url',
        permissions: ['Supplier_ViewContact'],
      },
    ],
  },
];

const provider: MenuItem[] = [
  { id: 'dashboard', label: msg`Dashboard`, path: '/provider/dashboard' },
  { id: 'recalls', label: msg`Recalls`, path: '/provider/recalls', permissions: ['Provider_ManageRecalls'] },
  {
    id: 'advisories',
    label: msg`Supply Advisories`,
    path: '/provider/product-disruption',
    permissions: ['Provider_ManageDisruption'],
  },
  {
    id: 'er-response',
    label: msg`eR Responses`,
    path: '/provider/er-response',
    permissions: ['Provider_ResponderRole'],
  },
  { id: 'access-denied', label: msg`Access Denied`, path: '/provider/product-disruption/accessdenied', hidden: true },
  {
    id: 'organization-settings',
    label: msg`Organization Settings`,
    children: [
      { id: 'general', label: msg`General`, path: '/provider/organization', permissions: ['Provider_ManageProfile'] },
      {
        id: 'locations-verification',
        label: msg`Locations Verification`,
        path: '/provider/locations-verification',
        permissions: ['Provider_ManageLocations'],
      },
      { id: 'sites', label: msg`Sites`, path: '/provider/sites', permissions: ['Provider_ManageLocations'] },
      { id: 'roles', label: msg`Roles`, path: '/provider/roles', permissions: ['Provider_ManageRoles'] },
      { id: 'users', label: msg`Users`, path: '/provider/users', permissions: ['Provider_ManageUsers'] },
      {
        id: 'supplier-contacts',
        label: msg`Supplier Contacts`,
        path: '/provider/supplier-contacts',
        permissions: ['Provider_ManageSupplierContacts'],
      },
      {
        id: 'email-templates',
        label: msg`Email Templates`,
        path: '/provider/email-templates',
        permissions: ['Provider_ManageEmailTemplates'],
      },
    ],
  },
  {
    id: 'recall-settings',
    label: msg`Recall Settings`,
    children: [
      {
        id: 'template-actions',
        label: msg`Template Actions`,
        path: '/provider/template-actions',
        permissions: ['Provider_ManageRecalls'],
      },
      {
        id: 'distribution-lists',
        label: msg`Distribution Lists`,
        path: '/provider/distribution-list',
        permissions: ['Provider_ManageRecalls'],
      },
    ],
  },
  {
    id: 'help',
    label: msg`Help`,
    children: [
      {
        id: 'learn-more',
        label: msg`Learn More`,
        path: '/user-guide',
        newWindow: true,
        helpLink: 'knowledge_base_url',
        permissions: ['Provider_ViewUserGuides'],
      },
      {
        id: 'faqs',
        label: msg`FAQs`,
        path: '/faqs',
        newWindow: true,
        helpLink: 'faq_url',
        permissions: ['Provider_ViewFAQs'],
      },
      {
        id: 'contact-us',
        label: msg`Contact Us`,
        path: '/contact-us',
        newWindow: true,
        helpLink: 'contact_url',
        permissions: ['Provider_ViewContact'],
      },
    ],
  },
];

export const sidebars: Record<UserType, MenuItem[]> = { NOTI: operator, PROV: provider, SUPP: supplier };

/** Entries the user may see: hidden entries dropped, groups kept when any child is allowed. */
export function visibleMenu(items: readonly MenuItem[], permissions: readonly string[]): MenuItem[] {
  const out: MenuItem[] = [];
  for (const item of items) {
    if (item.hidden) continue;
    if (item.children) {
      const children = visibleMenu(item.children, permissions);
      if (children.length > 0) out.push({ ...item, children });
      continue;
    }
    if (isAllowed(permissions, item.permissions)) out.push(item);
  }
  return out;
}
