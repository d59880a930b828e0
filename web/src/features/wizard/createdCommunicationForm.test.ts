import { describe, expect, it } from 'vitest';
import { defaultValidationMessages } from '@portal/design-system';
import type { ProviderEditData } from '../../api/provider';
import {
  emptyCommunicationForm,
  communicationBody,
  communicationFormFromEdit,
  hasFieldErrors,
  validateCommunicationForm,
} from './createdCommunicationForm';

const messages = defaultValidationMessages;
const END = 'End date cannot be before the event date.';

describe('validateCommunicationForm', () => {
  it('requires name, type and classification on a recall', () => {
    const errors = validateCommunicationForm(emptyCommunicationForm(), 'RECALL', messages, END);
    expect(errors).toMatchObject({
      name: 'Field required',
      subtype: 'Field required',
      classification: 'Field required',
      lead_time: null,
    });
    expect(hasFieldErrors(errors)).toBe(true);
  });

  it('requires lead time (not classification) on an advisory', () => {
    const errors = validateCommunicationForm(emptyCommunicationForm(), 'PRODUCT DISRUPTION', messages, END);
    expect(errors.lead_time).toBe('Field required');
    expect(errors.classification).toBeNull();
  });

  it('checks email, phone and the date order', () => {
    const values = {
      ...emptyCommunicationForm(),
      name: 'Pumps',
      subtype: 'REMOVAL',
      classification: 'CLASSI',
      contact_email: 'nope',
      contact_phone: '12',
      event_date: '2026-05-02',
      end_date: '2026-05-01',
    };
    const errors = validateCommunicationForm(values, 'RECALL', messages, END);
    expect(errors).toMatchObject({
      contact_email: 'Email not valid',
      contact_phone: 'Invalid phone number',
      end_date: END,
    });
    const fixed = validateCommunicationForm(
      { ...values, contact_email: 'a@b.org', contact_phone: '555-123-4567', end_date: '2026-05-02' },
      'RECALL',
      messages,
      END,
    );
    expect(hasFieldErrors(fixed)).toBe(false);
  });

  it('ignores "Not Applicable" dates in the order check', () => {
    const values = {
      ...emptyCommunicationForm(),
      name: 'x',
      subtype: 'SHORTAGE',
      lead_time: '< 2 weeks',
      event_date: '2026-05-02',
      end_date: 'Not Applicable',
    };
    expect(hasFieldErrors(validateCommunicationForm(values, 'PRODUCT DISRUPTION', messages, END))).toBe(false);
  });
});

describe('eventBody', () => {
  it('trims, nulls blanks and drops the other type’s fields', () => {
    const values = {
      ...emptyCommunicationForm(),
      name: '  Pumps ',
      subtype: 'SHORTAGE',
      classification: 'CLASSI',
      lead_time: '> month',
      event_date: 'Not Applicable',
    };
    expect(communicationBody(values, 'PRODUCT DISRUPTION')).toMatchObject({
      type: 'PRODUCT DISRUPTION',
      name: 'Pumps',
      subtype: 'SHORTAGE',
      classification: null,
      lead_time: '> month',
      event_date: null,
      event_id: null,
      supplier_name: null,
    });
    expect(communicationBody({ ...values, disposition: 'None' }, 'RECALL')).toMatchObject({
      classification: 'CLASSI',
      lead_time: null,
      disposition: 'None',
    });
  });
});

describe('eventFormFromEdit', () => {
  it('maps nulls to blanks and timestamps to dates', () => {
    const data: ProviderEditData = {
      communication: {
        id: 7,
        type: 'RECALL',
        name: 'Pumps',
        subtype: 'REMOVAL',
        event_id: null,
        classification: null,
        reason: null,
        description: null,
        disposition: null,
        lead_time: null,
        event_date: '2026-05-01T00:00:00.000Z',
        end_date: null,
        contact_name: null,
        contact_email: null,
        contact_phone: null,
        supplier_name: null,
        supplier_organization_id: null,
      },
      provider_communication_id: 9,
      status_provider: 'OPEN',
      isProviderCreated: true,
      editable: true,
      products: [],
      actions: [],
    };
    expect(communicationFormFromEdit(data)).toMatchObject({
      name: 'Pumps',
      subtype: 'REMOVAL',
      event_date: '2026-05-01',
      end_date: null,
      supplier_name: '',
    });
  });
});
