import { describe, expect, it } from 'vitest';
import { statusDisplay } from './status';

describe('statusDisplay', () => {
  it.each([
    ['VERIFICATION', 'user', 'Verification Email Sent'],
    ['INACTIVE', 'record', 'Deactivated'],
    ['ERROR_SENDING', 'communication', 'Sent'],
    ['ERROR_MISSING_TEMPLATE', 'communication', 'Sent'],
    ['PENDING', 'communication', 'Sent'],
    ['NA', 'communication', ''],
    ['DELETED', 'communication', ''],
    ['NOTCOMPLETED', 'response', 'In Progress'],
    ['SUBMITTED', 'response', 'Submitted'],
    ['OPEN', 'response', 'In Progress'],
    ['OPEN', 'communication', 'Open'],
    ['CLASSI', 'classification', 'Class I'],
    ['CLASSII', 'classification', 'Class II'],
    ['CLASSIII', 'classification', 'Class III'],
    ['NOT_YET_CLASSIFIED', 'classification', 'Not Yet Classified'],
    ['ERROR', 'communication', 'Error'],
    ['Bounce', 'communication', 'Error'],
    ['Bounce', 'email', 'Error'],
    ['NON_COVERED', 'verification', 'Not Covered'],
    ['UNABLE_PROCESSED', 'verification', 'Unrecognized'],
    ['RED', 'color', 'Red'],
  ] as const)('%s (%s) shows %j', (status, kind, label) => {
    expect(statusDisplay(status, kind).label).toBe(label);
  });

  it('gives tones', () => {
    expect(statusDisplay('RED', 'color').tone).toBe('danger');
    expect(statusDisplay('GREEN', 'color').tone).toBe('success');
    expect(statusDisplay('YELLOW', 'color').tone).toBe('warning');
  });

  it('humanises unknown statuses and hides empty ones', () => {
    expect(statusDisplay('IN_REVIEW', 'communication')).toEqual({ label: 'In Review', tone: 'neutral' });
    expect(statusDisplay(null, 'communication').label).toBe('');
  });

  it('applies translated labels but keeps hidden statuses hidden', () => {
    expect(statusDisplay('INACTIVE', 'record', { INACTIVE: 'Đã vô hiệu hóa' }).label).toBe('Đã vô hiệu hóa');
    expect(statusDisplay('NA', 'communication', { NA: 'x' }).label).toBe('');
  });
});
