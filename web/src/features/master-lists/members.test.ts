import { describe, expect, it } from 'vitest';
import { defaultValidationMessages } from '@portal/design-system';
import { memberInput, validateMember } from './members';

const messages = defaultValidationMessages;

describe('distribution list members', () => {
  it('adds a member by provider or by email', () => {
    expect(memberInput('12', 'x@y.org', 'X')).toEqual({ provider_organization_id: 12 });
    expect(memberInput('', ' x@y.org ', ' ')).toEqual({ email: 'x@y.org' });
    expect(memberInput('', 'x@y.org', 'Ward 4')).toEqual({ email: 'x@y.org', name: 'Ward 4' });
    expect(validateMember('', '', messages)).toBe('Field required');
    expect(validateMember('', 'bad', messages)).toBe('Email not valid');
    expect(validateMember('3', '', messages)).toBeNull();
  });
});
