import { describe, expect, it } from 'vitest';
import { defaultValidationMessages } from '@portal/design-system';
import {
  actionRowsFromEdit,
  actionsBody,
  emptyProductRow,
  productRowsFromEdit,
  productsBody,
  validateActionRows,
  validateProductRows,
  type ActionRow,
} from './communicationItems';
import { emptyAction } from '../../shared/events/eventRules';

const messages = {
  ...defaultValidationMessages,
  required: 'Field required',
  numeric: 'Only numeric values are accepted.',
};
const errorsOf = (errors: Record<string, string | null>) =>
  Object.fromEntries(Object.entries(errors).filter(([, v]) => v !== null));

describe('provider event products (update-recall step 1)', () => {
  it('needs a name per row and digits for the quantity; no row at all is fine', () => {
    expect(errorsOf(validateProductRows([], messages))).toEqual({});
    const rows = [
      { ...emptyProductRow(), product_name: '  ', quantity: '12' },
      { ...emptyProductRow(), product_name: 'Pump', quantity: '1.5' },
      { ...emptyProductRow(), product_name: 'Set', quantity: '-3' },
      { ...emptyProductRow(), product_name: 'Line', quantity: '1e3' },
      { ...emptyProductRow(), product_name: 'Tube', quantity: ' 40 ' },
    ];
    expect(errorsOf(validateProductRows(rows, messages))).toEqual({
      '0.product_name': 'Field required',
      '1.quantity': 'Only numeric values are accepted.',
      '2.quantity': 'Only numeric values are accepted.',
      '3.quantity': 'Only numeric values are accepted.',
    });
  });

  it('sends trimmed texts, blanks as null and the quantity as a number', () => {
    const body = productsBody([
      {
        product_name: ' Pump ',
        catalog_number: 'C-1',
        lot_number: ' ',
        udi: '',
        description: ' note ',
        expiration_date: '2027-03-01',
        quantity: ' 40 ',
      },
      { ...emptyProductRow(), product_name: 'Set', expiration_date: 'bad' },
    ]);
    expect(body).toEqual([
      {
        product_name: 'Pump',
        catalog_number: 'C-1',
        lot_number: null,
        udi: null,
        description: 'note',
        expiration_date: '2027-03-01',
        quantity: 40,
      },
      {
        product_name: 'Set',
        catalog_number: null,
        lot_number: null,
        udi: null,
        description: null,
        expiration_date: null,
        quantity: null,
      },
    ]);
  });

  it('reads the saved products into rows', () => {
    const rows = productRowsFromEdit({
      products: [
        {
          id: 5,
          product_name: 'Pump',
          catalog_number: null,
          lot_number: 'L1',
          udi: null,
          description: null,
          expiration_date: '2027-03-01T00:00:00.000Z',
          quantity: 0,
        },
      ],
    });
    expect(rows).toEqual([
      {
        product_name: 'Pump',
        catalog_number: '',
        lot_number: 'L1',
        udi: '',
        description: '',
        expiration_date: '2027-03-01',
        quantity: '0',
      },
    ]);
    expect(productRowsFromEdit({ products: [] })).toEqual([]);
  });
});

describe('provider event actions (update-recall step 2)', () => {
  const action = (change: Partial<ActionRow>): ActionRow => ({ ...emptyAction(), ...change });

  it('needs a title, and options for Checkbox and MultipleChoice; no action at all is fine', () => {
    expect(errorsOf(validateActionRows([], messages))).toEqual({});
    const rows = [
      action({ title: ' ' }),
      action({ action_type: 'Checkbox', title: 'Which lots?', options: ['', '  '] }),
      action({ action_type: 'MultipleChoice', title: 'Pick', options: ['A', 'A '] }),
      action({ action_type: 'MultipleChoice', title: 'Pick one', options: ['A', '', 'B', ''] }),
      action({ action_type: 'Text', title: 'Notes', options: [] }),
    ];
    expect(errorsOf(validateActionRows(rows, messages))).toEqual({
      '0.title': 'Field required',
      '1.options': 'Field required',
      '2.options': 'Field required',
    });
  });

  it('sends the actions in order, options only for the choice types', () => {
    const body = actionsBody([
      action({ action_type: 'YesNo', title: ' Removed? ', description: ' ', options: ['stale'], is_required: false }),
      action({ action_type: 'Checkbox', title: 'Lots', description: 'Tick all', options: [' L1 ', '', 'L2'] }),
    ]);
    expect(body).toEqual([
      { action_type: 'YesNo', title: 'Removed?', description: null, options: [], is_required: false },
      { action_type: 'Checkbox', title: 'Lots', description: 'Tick all', options: ['L1', 'L2'], is_required: true },
    ]);
  });

  it('reads the saved actions into rows', () => {
    const rows = actionRowsFromEdit({
      actions: [
        { id: 1, action_type: 'Checkbox', title: 'Lots', description: null, options: ['L1'], is_required: false },
        {
          id: 2,
          action_type: 'MultipleChoice',
          title: 'Pick',
          description: null,
          options: ['A', 'B'],
          is_required: true,
        },
      ],
    });
    expect(rows).toEqual([
      { action_type: 'Checkbox', title: 'Lots', description: null, options: ['L1'], is_required: false },
      { action_type: 'MultipleChoice', title: 'Pick', description: null, options: ['A', 'B'], is_required: true },
    ]);
  });
});
