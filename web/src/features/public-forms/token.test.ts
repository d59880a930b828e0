import { describe, expect, it } from 'vitest';
import { readId } from '../../api/delegate';
import { ApiError } from '../../api/client';
import { confirmationPath, isInvalidLink, readLinkToken, type NoticeView } from '../../api/notices';

const TOKEN = 'hcdcVQOdnZttUJz_rNxtmIc5L2PC_sFa5U2GTntAYDI';

describe('link tokens of the public forms', () => {
  it('reads the token from the query, with or without the question mark', () => {
    expect(readLinkToken(`?token=${TOKEN}`)).toBe(TOKEN);
    expect(readLinkToken(`token=${TOKEN}&x=1`)).toBe(TOKEN);
  });

  it('refuses a missing, short, long or malformed token without calling the server', () => {
    expect(readLinkToken('')).toBeNull();
    expect(readLinkToken('?token=')).toBeNull();
    expect(readLinkToken('?token=abc')).toBeNull();
    expect(readLinkToken(`?token=${'a'.repeat(201)}`)).toBeNull();
    expect(readLinkToken(`?token=${TOKEN}%3Cscript%3E`)).toBeNull();
  });

  it('treats 404 and 400 answers as an invalid or expired link, and nothing else', () => {
    expect(isInvalidLink(new ApiError('This link is invalid or has expired.', 404))).toBe(true);
    expect(isInvalidLink(new ApiError('bad', 400))).toBe(true);
    expect(isInvalidLink(new ApiError('boom', 500))).toBe(false);
    expect(isInvalidLink(new Error('x'))).toBe(false);
  });

  it('reads positive ids only', () => {
    expect(readId('12')).toBe(12);
    expect(readId('0')).toBeNull();
    expect(readId('1x')).toBeNull();
    expect(readId(null)).toBeNull();
  });

  it('builds the confirmation path of each communication type', () => {
    const view = (type: 'RECALL' | 'PRODUCT DISRUPTION') =>
      ({
        communication: { id: 3, type, organization_id: 2 },
        provider_communication: { id: 9 },
      }) as unknown as NoticeView;
    expect(confirmationPath(view('RECALL'))).toBe('/provider/recall-notice-webform/confirmation/2/3/9/RECALL');
    expect(confirmationPath(view('PRODUCT DISRUPTION'))).toBe(
      '/provider/disruption-notice-webform/confirmation/2/3/9/PRODUCT%20DISRUPTION',
    );
  });
});
