import { describe, expect, it } from 'vitest';
import { redactPath } from './access-log.js';

describe('redactPath', () => {
  it('hides signed file link tokens and token or signature query values, keeping the rest', () => {
    expect(redactPath('/api/files/eyJrZXkiOiJ4In0.c2lnbmF0dXJl')).toBe('/api/files/[redacted]');
    expect(redactPath('/api/files/abc.def/')).toBe('/api/files/[redacted]/');
    expect(redactPath('/api/notices/1/details?token=s3cret&id=4')).toBe('/api/notices/1/details?token=[redacted]&id=4');
    expect(redactPath('/api/x?refresh_token=a&access_token=b&TOKEN=c')).toBe(
      '/api/x?refresh_token=[redacted]&access_token=[redacted]&TOKEN=[redacted]',
    );
    expect(redactPath('/api/t/o/12?s=mac')).toBe('/api/t/o/12?s=[redacted]');
    expect(redactPath('/api/events?pageNumber=1&search=token')).toBe('/api/events?pageNumber=1&search=token');
    expect(redactPath('/api/x?%74oken=a')).toBe('/api/x?%74oken=[redacted]');
  });
});
