import { describe, expect, it } from 'vitest';
import { defaultValidationMessages, type ValidationMessages } from '@portal/design-system';
import { listQueryParams, type CommunicationInfo } from '../../api/communications';
import {
  cleanInfo,
  emptyAction,
  emptyInfo,
  emptyProduct,
  errorCount,
  postUpdateChanges,
  shift,
  validateActions,
  validateInfo,
  validateProducts,
  validateRecipients,
  parseOptions,
  templateActionBody,
} from './eventRules';
import { communicationRowActions, headerActions, masterRowActions } from '../lists/rowActions';
import { loadPreferences, preferencesKey, reconcileColumns, savePreferences } from '../lists/preferences';

const messages: ValidationMessages = {
  ...defaultValidationMessages,
  required: 'Field required',
  requiredSelect: 'Field required',
  required_editor: 'Field required',
  email: 'Email not valid',
  phoneNumber: 'Invalid phone number',
  numeric: 'Only numeric values are accepted.',
};

describe('row actions by status (spec §4)', () => {
  it('gives View only for CLOSED, View and Edit for OPEN, and View, Edit, Delete otherwise', () => {
    expect(communicationRowActions('CLOSED')).toEqual(['view']);
    expect(communicationRowActions('OPEN')).toEqual(['view', 'edit']);
    expect(communicationRowActions('DRAFT')).toEqual(['view', 'edit', 'delete']);
    expect(communicationRowActions(null)).toEqual(['view', 'edit', 'delete']);
  });

  it('gives master records Edit and Inactivate when ACTIVE, Edit and Delete when PENDING, else Activate', () => {
    expect(masterRowActions('ACTIVE')).toEqual(['edit', 'inactivate']);
    expect(masterRowActions('PENDING')).toEqual(['edit', 'delete']);
    expect(masterRowActions('INACTIVE')).toEqual(['activate']);
  });

  it('offers approve and delete on drafts, send and close on open events, reopen on closed ones', () => {
    expect(headerActions('DRAFT')).toEqual(['edit', 'approve', 'delete']);
    expect(headerActions('OPEN')).toEqual(['edit', 'send', 'close']);
    expect(headerActions('CLOSED')).toEqual(['reopen']);
  });
});

describe('wizard step validation', () => {
  it('requires name, type, classification and description of a recall', () => {
    const errors = validateInfo(emptyInfo('RECALL'), messages);
    expect(errors.name).toBe('Field required');
    expect(errors.subtype).toBe('Field required');
    expect(errors.classification).toBe('Field required');
    expect(errors.lead_time).toBeNull();
    expect(errors.description).toBe('Field required');
  });

  it('requires the lead time of an advisory and checks contact formats', () => {
    const info: CommunicationInfo = {
      ...emptyInfo('PRODUCT DISRUPTION'),
      name: 'x',
      subtype: 'SHORTAGE',
      description: '<p>y</p>',
      contact_email: 'nope',
      contact_phone: '12',
    };
    const errors = validateInfo(info, messages);
    expect(errors.lead_time).toBe('Field required');
    expect(errors.classification).toBeNull();
    expect(errors.contact_email).toBe('Email not valid');
    expect(errors.contact_phone).toBe('Invalid phone number');
    expect(
      errorCount(
        validateInfo({ ...info, lead_time: '> month', contact_email: 'a@b.co', contact_phone: '6125550100' }, messages),
      ),
    ).toBe(0);
  });

  it('refuses an end date before the event date', () => {
    const info: CommunicationInfo = { ...emptyInfo('RECALL'), event_date: '2026-11-10', end_date: '2026-11-09' };
    expect(validateInfo(info, messages).end_date).toBe('End date cannot be before the event date.');
    expect(validateInfo({ ...info, end_date: '2026-11-10' }, messages).end_date).toBeNull();
  });

  it('treats blank rich text as empty', () => {
    const info: CommunicationInfo = {
      ...emptyInfo('RECALL'),
      name: 'x',
      subtype: 'REMOVAL',
      classification: 'CLASSI',
      description: '<p> </p>',
    };
    expect(validateInfo(info, messages).description).toBe('Field required');
  });

  it('needs at least one product with a name, a whole quantity and required custom fields', () => {
    expect(validateProducts([], [], messages).products).toBe('Field required');
    const fields = [{ id: 7, name: 'Sterile', field_type: 'YesNo' as const, options: [], is_required: true }];
    const errors = validateProducts([{ ...emptyProduct(), quantity: 1.5 }], fields, messages);
    expect(errors['0.product_name']).toBe('Field required');
    expect(errors['0.quantity']).toBe('Only numeric values are accepted.');
    expect(errors['0.custom.7']).toBe('Field required');
    const ok = validateProducts(
      [{ ...emptyProduct(), product_name: 'Pump', quantity: 0, custom_fields: { '7': 'Yes' } }],
      fields,
      messages,
    );
    expect(errorCount(ok)).toBe(0);
  });

  it('needs titled actions and distinct options for Checkbox and MultipleChoice', () => {
    expect(validateActions([], messages).actions).toBe('Field required');
    const errors = validateActions(
      [
        { ...emptyAction(), title: '' },
        { ...emptyAction(), action_type: 'Checkbox', title: 'a', options: ['x', 'x'] },
        { ...emptyAction(), action_type: 'MultipleChoice', title: 'b', options: [] },
        { ...emptyAction(), action_type: 'MultipleChoice', title: 'c', options: ['x', 'y'] },
      ],
      messages,
    );
    expect(errors['0.title']).toBe('Field required');
    expect(errors['1.options']).toBe('Field required');
    expect(errors['2.options']).toBe('Field required');
    expect(errors['3.options']).toBeNull();
  });

  it('needs at least one recipient and valid typed ones', () => {
    const none = { providers: 0, locationFile: false, distributionList: false, existing: 0 };
    expect(validateRecipients(none, [], messages).recipients).toBe('Field required');
    const typed = validateRecipients(none, [{ name: '', email: 'bad' }], messages);
    expect(typed['0.name']).toBe('Field required');
    expect(typed['0.email']).toBe('Email not valid');
    expect(validateRecipients({ ...none, providers: 2 }, [], messages).recipients).toBeNull();
  });

  it('cleans step 0: trims, blanks become null, fields of the other type are dropped', () => {
    const clean = cleanInfo({
      ...emptyInfo('RECALL'),
      name: ' Pump ',
      event_id: '  ',
      lead_time: '> month',
      classification: 'CLASSI',
    });
    expect(clean.name).toBe('Pump');
    expect(clean.event_id).toBeNull();
    expect(clean.lead_time).toBeNull();
    expect(clean.classification).toBe('CLASSI');
  });

  it('sends only changed post-approval fields of an approved event', () => {
    const saved: CommunicationInfo = {
      ...emptyInfo('RECALL'),
      name: 'Pump',
      subtype: 'REMOVAL',
      classification: 'CLASSI',
      description: '<p>a</p>',
      contact_name: null,
    };
    expect(postUpdateChanges(saved, { ...saved })).toEqual({});
    expect(
      postUpdateChanges(saved, {
        ...saved,
        name: ' Pump v2 ',
        contact_name: '',
        classification: 'CLASSII',
        end_date: '2026-12-01',
      }),
    ).toEqual({
      name: 'Pump v2',
      end_date: '2026-12-01',
    });
  });

  it('moves actions up and down', () => {
    expect(shift(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(shift(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
  });
});

describe('list query and filter model', () => {
  it('joins several sort columns and encodes the contains filter model as JSON', () => {
    const q = listQueryParams({
      pageNumber: 2,
      pageSize: 20,
      sort: [
        { field: 'status', direction: 'asc' },
        { field: 'name', direction: 'desc' },
      ],
      search: '  pump ',
      filterModel: { name: { filterType: 'text', type: 'contains', filter: 'pump' } },
    });
    expect(q).toEqual({
      pageNumber: 2,
      pageSize: 20,
      sortField: 'status,name',
      sortDirection: 'asc,desc',
      search: 'pump',
      filterModel: '{"name":{"filterType":"text","type":"contains","filter":"pump"}}',
    });
  });

  it('leaves out empty sort, search and filters', () => {
    const q = listQueryParams({ pageNumber: 1, pageSize: 50, search: '   ', filterModel: {} });
    expect(q.sortField).toBeUndefined();
    expect(q.search).toBeUndefined();
    expect(q.filterModel).toBeUndefined();
  });
});

describe('saved list preferences', () => {
  it('saves and loads per user and page, ignoring broken values', () => {
    const key = preferencesKey('3', 'supplier-recalls');
    expect(key).toBe('portal.list.3.supplier-recalls');
    const defaults = { sort: [], filterModel: {}, search: '', pageSize: 50, columns: null };
    const prefs = { ...defaults, sort: [{ field: 'name', direction: 'asc' as const }], search: 'x', pageSize: 20 };
    savePreferences(key, prefs, localStorage);
    expect(loadPreferences(key, defaults, localStorage)).toEqual(prefs);
    localStorage.setItem(key, '{not json');
    expect(loadPreferences(key, defaults, localStorage)).toEqual(defaults);
  });

  it('reconciles saved columns with the current ones', () => {
    expect(
      reconcileColumns(
        [
          { field: 'gone', visible: true },
          { field: 'b', visible: false },
        ],
        ['a', 'b'],
      ),
    ).toEqual([
      { field: 'b', visible: false },
      { field: 'a', visible: true },
    ]);
    expect(reconcileColumns(null, ['a'])).toBeNull();
  });
});

describe('template actions', () => {
  it('builds template action bodies', () => {
    const base = { title: '', action_type: 'Checkbox', options: 'a\n\n a ', description: '', is_required: true };
    expect(templateActionBody(base).options).toEqual(['a', 'a']);
    expect(parseOptions(' a \n\nb')).toEqual(['a', 'b']);
    expect(templateActionBody({ ...base, title: ' T ', action_type: 'Text' })).toEqual({
      title: 'T',
      action_type: 'Text',
      options: [],
      description: null,
      is_required: true,
    });
  });
});
