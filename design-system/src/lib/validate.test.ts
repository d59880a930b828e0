import { describe, expect, it } from 'vitest';
import { defaultValidationMessages, htmlToText, parseRules, validate } from './validate';

describe('validate', () => {
  it('does not validate without rules', () => {
    expect(validate('', undefined)).toBeNull();
    expect(validate('', '')).toBeNull();
  });

  it.each(['required', 'requiredSelect', 'field_required'])('%s rejects empty values with "Field required"', (rule) => {
    expect(validate('', rule)).toBe('Field required');
    expect(validate('   ', rule)).toBe('Field required');
    expect(validate(null, rule)).toBe('Field required');
    expect(validate(undefined, rule)).toBe('Field required');
    expect(validate([], rule)).toBe('Field required');
    expect(validate('x', rule)).toBeNull();
    expect(validate(['a'], rule)).toBeNull();
    expect(validate(0, rule)).toBeNull();
  });

  it('required_editor needs non-blank text inside the HTML', () => {
    expect(validate('<p></p>', 'required_editor')).toBe('Field required');
    expect(validate('<p>&nbsp; </p><p><br></p>', 'required_editor')).toBe('Field required');
    expect(validate('<p>Hello</p>', 'required_editor')).toBeNull();
  });

  it('conversation_error has its own message', () => {
    expect(validate('', 'conversation_error')).toBe('Field required.');
    expect(validate('hi', 'conversation_error')).toBeNull();
  });

  it.each(['email', 'erEmail'])('%s trims and checks the address', (rule) => {
    expect(validate('  jane@example.com  ', rule)).toBeNull();
    expect(validate('jane.doe+tag@mail.example.co', rule)).toBeNull();
    expect(validate('jane@example', rule)).toBe('Email not valid');
    expect(validate('jane example.com', rule)).toBe('Email not valid');
    expect(validate('@example.com', rule)).toBe('Email not valid');
  });

  it('non-required rules pass on empty values, required then reports first', () => {
    expect(validate('', 'email')).toBeNull();
    expect(validate('', 'required|email')).toBe('Field required');
    expect(validate('bad', 'required|email')).toBe('Email not valid');
  });

  it('phoneNumber accepts US 10 digits with optional +1', () => {
    for (const ok of ['5551234567', '+15551234567', '1 555 123 4567', '(555) 123-4567', '+1-555-123-4567']) {
      expect(validate(ok, 'phoneNumber')).toBeNull();
    }
    for (const bad of ['555123456', '55512345678', '+44 555 123 4567', 'abcdefghij']) {
      expect(validate(bad, 'phoneNumber')).toBe('Invalid phone number');
    }
  });

  it('verify_password requires 8+ chars with upper, lower, digit and special', () => {
    const message = defaultValidationMessages.verify_password;
    expect(validate('Passw0rd!', 'verify_password')).toBeNull();
    expect(validate('Pa0!abc', 'verify_password')).toBe(message);
    expect(validate('password0!', 'verify_password')).toBe(message);
    expect(validate('PASSWORD0!', 'verify_password')).toBe(message);
    expect(validate('Password!!', 'verify_password')).toBe(message);
    expect(validate('Password00', 'verify_password')).toBe(message);
    expect(message).toBe(
      'Minimum 8 characters, must contain at least: 1 uppercase letter, 1 lowercase letter, 1 number, and one special character (!@#$%^&*)',
    );
  });

  it('domain', () => {
    expect(validate('example.com', 'domain')).toBeNull();
    expect(validate('alerts.sub-domain.org', 'domain')).toBeNull();
    expect(validate('example', 'domain')).toBe('Invalid domain name.');
    expect(validate('-bad.com', 'domain')).toBe('Invalid domain name.');
    expect(validate('http://example.com', 'domain')).toBe('Invalid domain name.');
    expect(validate('riverside.org, riverside-health.org', 'domain')).toBeNull();
    expect(validate('riverside.org, not a domain', 'domain')).toBe('Invalid domain name.');
  });

  it('url', () => {
    expect(validate('https://example.com/path?q=1', 'url')).toBeNull();
    expect(validate('www.example.com', 'url')).toBeNull();
    expect(validate('not a url', 'url')).toBe('Url is not valid');
    expect(validate('ftp://example.com', 'url')).toBe('Url is not valid');
  });

  it('min:n substitutes n', () => {
    expect(validate('abc', 'min:8')).toBe('Minimum 8 characters');
    expect(validate('abcdefgh', 'min:8')).toBeNull();
    expect(validate('ab', 'required|min:3')).toBe('Minimum 3 characters');
  });

  it('confirmed compares with another field or confirmWith', () => {
    expect(validate('Secret1!', 'confirmed:password', { values: { password: 'Secret1!' } })).toBeNull();
    expect(validate('Secret1?', 'confirmed:password', { values: { password: 'Secret1!' } })).toBe(
      "Password doesn't match",
    );
    expect(validate('a', 'confirmed', { confirmWith: 'b' })).toBe("Password doesn't match");
    expect(validate('a', 'confirmed', { confirmWith: 'a' })).toBeNull();
  });

  it('alphanumeric allows letters, digits and the listed specials', () => {
    expect(validate('Lot A-12 (box) [3]: {x} <y> 1/2 +_. \\', 'alphanumeric')).toBeNull();
    expect(validate('Nguyễn Văn A', 'alphanumeric')).toBeNull();
    expect(validate('hello!', 'alphanumeric')).toBe(
      'Only Alphanumeric and special characters like \\+/-_)([]:{}<>. are accepted.',
    );
    expect(validate('a@b', 'alphanumeric')).not.toBeNull();
  });

  it('numeric accepts digits only and 0', () => {
    expect(validate('0', 'numeric')).toBeNull();
    expect(validate(0, 'numeric')).toBeNull();
    expect(validate('123', 'numeric')).toBeNull();
    expect(validate('12.5', 'numeric')).toBe('Only numeric values are accepted.');
    expect(validate('-1', 'numeric')).toBe('Only numeric values are accepted.');
  });

  it('notrequired always passes', () => {
    expect(validate('', 'notrequired')).toBeNull();
    expect(validate('anything at all', 'notrequired')).toBeNull();
  });

  it('uses overridden (translated) messages', () => {
    const messages = { required: 'Trường bắt buộc', min: 'Tối thiểu {n} ký tự' };
    expect(validate('', 'required', { messages })).toBe('Trường bắt buộc');
    expect(validate('ab', 'min:5', { messages })).toBe('Tối thiểu 5 ký tự');
    expect(validate('x', 'email', { messages })).toBe('Email not valid');
  });

  it('parses rules and rejects unknown ones', () => {
    expect(parseRules('required| min:8 ')).toEqual([{ name: 'required' }, { name: 'min', param: '8' }]);
    expect(() => validate('x', 'required|bogus')).toThrow('Unknown validation rule: bogus');
  });

  it('htmlToText strips tags and non-breaking spaces', () => {
    expect(htmlToText('<p>a&nbsp;<b>b</b></p>')).toBe('a b');
  });
});
