export const AVATAR_COLOR_COUNT = 6;

/** Up to two initials: first letters of the first and last words ('Nguyễn Văn An' → 'NA'). */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = words[0];
  if (!first) return '?';
  const last = words.length > 1 ? words[words.length - 1] : undefined;
  const chars = [Array.from(first)[0] ?? '', last ? (Array.from(last)[0] ?? '') : ''];
  return chars.join('').toLocaleUpperCase();
}

/** Stable colour slot 0..5 from a simple string hash of the name. */
export function avatarColorIndex(name: string): number {
  let hash = 0;
  for (const ch of name.trim().toLowerCase()) {
    hash = (hash * 31 + (ch.codePointAt(0) ?? 0)) | 0;
  }
  return Math.abs(hash) % AVATAR_COLOR_COUNT;
}
