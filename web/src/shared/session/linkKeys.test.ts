import { describe, expect, it } from 'vitest';
import { linkTarget } from './linkKeys';

const TABS = ['details', 'delivery', 'history', 'conversations'];
const read = (query: string) => linkTarget(new URLSearchParams(query), TABS);

describe('linkTarget', () => {
  it("reads the spec's keys like the app's own", () => {
    expect(read('tab=history')).toEqual({ tab: 'history', conversation: null, notAcknowledged: false });
    expect(read('tabName=History')).toMatchObject({ tab: 'history' });
    expect(read('pageName=delivery')).toMatchObject({ tab: 'delivery' });
    expect(read('conId=12')).toEqual({ tab: 'conversations', conversation: 12, notAcknowledged: false });
    expect(read('conversation=12&tab=conversations')).toMatchObject({ tab: 'conversations', conversation: 12 });
    expect(read('logtype=email')).toMatchObject({ tab: 'history' });
    expect(read('nonAck=true')).toEqual({ tab: 'delivery', conversation: null, notAcknowledged: true });
    expect(read('nonAck=1&tabName=details')).toMatchObject({ tab: 'details', notAcknowledged: true });
  });

  it('ignores a tab the page does not have, and nonsense', () => {
    expect(read('tabName=payroll')).toEqual({ tab: null, conversation: null, notAcknowledged: false });
    expect(read('conId=abc&nonAck=false')).toEqual({ tab: null, conversation: null, notAcknowledged: false });
    expect(linkTarget(new URLSearchParams('conId=3'), ['details'])).toMatchObject({ tab: null, conversation: 3 });
  });
});
