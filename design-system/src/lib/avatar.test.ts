import { describe, expect, it } from 'vitest';
import { AVATAR_COLOR_COUNT, avatarColorIndex, initials } from './avatar';

describe('avatar helpers', () => {
  it('takes first and last initials', () => {
    expect(initials('Jane Doe')).toBe('JD');
    expect(initials('  jane  mary doe ')).toBe('JD');
    expect(initials('Cher')).toBe('C');
    expect(initials('Nguyễn Văn Ánh')).toBe('NÁ');
    expect(initials('')).toBe('?');
  });

  it('maps names onto the six colours, stable and case-insensitive', () => {
    expect(avatarColorIndex('Jane Doe')).toBe(avatarColorIndex('jane doe'));
    const seen = new Set<number>();
    for (let i = 0; i < 200; i += 1) {
      const index = avatarColorIndex(`User ${i}`);
      expect(index).toBeGreaterThanOrEqual(0);
      expect(index).toBeLessThan(AVATAR_COLOR_COUNT);
      seen.add(index);
    }
    expect(seen.size).toBe(AVATAR_COLOR_COUNT);
  });
});
