import type { UdiParse, UdiRefused } from './types.js';

/** HIBC LIC's 43 characters; a character's value is its index (the check character's modulus 43). */
export const HIBC_CHARS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ-. $/+%';

/** The HIBC check character of `data` (the leading "+" included): the sum of the values, modulo 43. */
export function hibcCheckCharacter(data: string): string {
  let sum = 0;
  for (const c of data) sum += HIBC_CHARS.indexOf(c);
  return HIBC_CHARS[sum % 43]!;
}

interface Secondary {
  lot?: string;
  serial?: string;
  expiry?: string;
  production?: string;
  quantity?: number;
}

const refuse = (reason: UdiRefused['reason'], extra: Partial<UdiRefused> = {}): UdiRefused => ({
  ok: false,
  kind: 'HIBCC',
  reason,
  ...extra,
});

const lastDay = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();
const iso = (y: number, m: number, d: number) => `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;

function ymd(y: number, m: number, d: number): string | null {
  if (m < 1 || m > 12 || d < 1 || d > lastDay(y, m)) return null;
  return iso(y, m, d);
}

function julian(y: number, day: number): string | null {
  const leap = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  if (day < 1 || day > (leap ? 366 : 365)) return null;
  const date = new Date(Date.UTC(y, 0, day));
  return iso(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate());
}

/**
 * After "$$" (or "$$+"): an optional quantity (8 + 2 digits, 9 + 5 digits), then the expiry's format by its first
 * character: 0/1 MMYY (month's last day), 2 MMDDYY, 3 YYMMDD, 4 YYMMDDHH, 5 YYJJJ, 6 YYJJJHH, 7 none; then the lot
 * or serial. Answers the expiry, quantity and the rest, or a refusal.
 */
function expiryFormat(s: string): { expiry?: string; quantity?: number; rest: string } | UdiRefused {
  let quantity: number | undefined;
  let t = s;
  if (t[0] === '8' || t[0] === '9') {
    const len = t[0] === '8' ? 2 : 5;
    const q = t.slice(1, 1 + len);
    if (!/^\d+$/.test(q) || q.length < len) return refuse('TRUNCATED', { field: 'quantity', value: q });
    quantity = Number(q);
    t = t.slice(1 + len);
    if (t === '') return { quantity, rest: '' };
  }
  const f = t[0];
  const digits = (from: number, len: number) => {
    const x = t.slice(from, from + len);
    return /^\d+$/.test(x) && x.length === len ? x : null;
  };
  const bad = (value: string) => refuse('BAD_DATE', { field: 'expiry', value });
  const withQty = (expiry: string | undefined, rest: string) => ({
    ...(expiry ? { expiry } : {}),
    ...(quantity !== undefined ? { quantity } : {}),
    rest,
  });
  if (f === '0' || f === '1') {
    const x = digits(0, 4);
    if (!x) return bad(t.slice(0, 4));
    const y = 2000 + Number(x.slice(2));
    const m = Number(x.slice(0, 2));
    if (m < 1 || m > 12) return bad(x);
    return withQty(iso(y, m, lastDay(y, m)), t.slice(4));
  }
  if (f === '2' || f === '3') {
    const x = digits(1, 6);
    if (!x) return bad(t.slice(1, 7));
    const [y, m, d] =
      f === '2'
        ? [2000 + Number(x.slice(4)), Number(x.slice(0, 2)), Number(x.slice(2, 4))]
        : [2000 + Number(x.slice(0, 2)), Number(x.slice(2, 4)), Number(x.slice(4))];
    const date = ymd(y, m, d);
    return date ? withQty(date, t.slice(7)) : bad(x);
  }
  if (f === '4') {
    const x = digits(1, 8);
    const date = x ? ymd(2000 + Number(x.slice(0, 2)), Number(x.slice(2, 4)), Number(x.slice(4, 6))) : null;
    return date && Number(x!.slice(6)) < 24 ? withQty(date, t.slice(9)) : bad(t.slice(1, 9));
  }
  if (f === '5' || f === '6') {
    const len = f === '5' ? 5 : 7;
    const x = digits(1, len);
    const date = x ? julian(2000 + Number(x.slice(0, 2)), Number(x.slice(2, 5))) : null;
    return date && (f === '5' || Number(x!.slice(5)) < 24) ? withQty(date, t.slice(1 + len)) : bad(t.slice(1, 1 + len));
  }
  if (f === '7') return withQty(undefined, t.slice(1));
  return refuse('BAD_CHARACTER', { field: 'expiry', value: t.slice(0, 1) });
}

/** One secondary data structure: "$$+…" serial, "$$…" lot, "$+" serial, "$" lot, or YYJJJ + lot. */
function secondary(s: string): Secondary | UdiRefused {
  const code = (field: 'lot' | 'serial', value: string): Secondary | UdiRefused =>
    value.length > 18 ? refuse('TOO_LONG', { field, value, max: 18 }) : value === '' ? {} : { [field]: value };
  if (s.startsWith('$$+') || s.startsWith('$$')) {
    const serial = s.startsWith('$$+');
    const r = expiryFormat(s.slice(serial ? 3 : 2));
    if ('ok' in r) return r;
    const c = code(serial ? 'serial' : 'lot', r.rest);
    if ('ok' in c) return c;
    return {
      ...c,
      ...(r.expiry ? { expiry: r.expiry } : {}),
      ...(r.quantity !== undefined ? { quantity: r.quantity } : {}),
    };
  }
  if (s.startsWith('$+')) return code('serial', s.slice(2));
  if (s.startsWith('$')) return code('lot', s.slice(1));
  if (/^\d/.test(s)) {
    const x = s.slice(0, 5);
    const date = /^\d{5}$/.test(x) ? julian(2000 + Number(x.slice(0, 2)), Number(x.slice(2))) : null;
    if (!date) return refuse('BAD_DATE', { field: 'expiry', value: x });
    const c = code('lot', s.slice(5));
    return 'ok' in c ? c : { ...c, expiry: date };
  }
  return refuse('BAD_CHARACTER', { field: 'secondary', value: s.slice(0, 1) });
}

/** Supplemental fields after a further "/": 14D expiry YYYYMMDD, 16D production YYYYMMDD, S serial; others kept aside. */
function supplemental(fields: string[], into: Secondary): UdiRefused | null {
  for (const f of fields) {
    const date = /^(14|16)D(\d{4})(\d{2})(\d{2})$/.exec(f);
    if (date) {
      const value = ymd(Number(date[2]), Number(date[3]), Number(date[4]));
      if (!value) return refuse('BAD_DATE', { field: date[1] === '14' ? 'expiry' : 'production', value: f });
      if (date[1] === '14') into.expiry = value;
      else into.production = value;
    } else if (/^(14|16)D/.test(f)) return refuse('BAD_DATE', { field: 'date', value: f });
    else if (f.startsWith('S') && f.length > 1) into.serial = f.slice(1);
  }
  return null;
}

/**
 * An HIBC LIC string (ANSI/HIBC 2.6): "+" labeller (4: a letter and 3 letters or digits), product (1-18), unit of
 * measure (a digit), then "/" and the secondary data when combined, and the check character (modulo 43 over all before
 * it). A secondary barcode alone ("+$$…", "+$…", "+YYJJJ…") ends with the primary's check character as its link and
 * its own check character. Lower case is read as upper case; a Code 39 "*…*" frame is removed.
 */
export function parseHibcc(input: string): UdiParse {
  const s = input
    .trim()
    .replace(/^\*(.*)\*$/, '$1')
    .toUpperCase();
  if (!s.startsWith('+')) return refuse('UNKNOWN_FORMAT');
  for (let i = 0; i < s.length; i++)
    if (!HIBC_CHARS.includes(s[i]!)) return refuse('BAD_CHARACTER', { value: s[i], position: i });
  if (s.length < 4) return refuse('TRUNCATED');
  const check = s[s.length - 1]!;
  const expected = hibcCheckCharacter(s.slice(0, -1));
  if (check !== expected) return refuse('BAD_CHECK_CHARACTER', { value: check, expected });
  const body = s.slice(1, -1);
  const base = { ok: true as const, kind: 'HIBCC' as const, raw: s, elements: [] };
  if (body[0] === '$' || /^\d/.test(body)) {
    const [main, ...more] = body.slice(0, -1).split('/');
    const sec = secondary(main ?? '');
    if ('ok' in sec) return sec;
    const problem = supplemental(more, sec);
    if (problem) return problem;
    return { ...base, ...sec, secondaryOnly: true, link: body[body.length - 1] };
  }
  const [primary = '', main, ...more] = body.split('/');
  const labeler = primary.slice(0, 4);
  if (!/^[A-Z][A-Z0-9]{3}$/.test(labeler)) return refuse('BAD_LABELER', { field: 'labeler', value: labeler });
  const product = primary.slice(4, -1);
  const unit = primary.slice(-1);
  if (primary.length < 6 || !/^\d$/.test(unit)) return refuse('TRUNCATED', { field: 'product', value: primary });
  if (product.length > 18) return refuse('TOO_LONG', { field: 'product', value: product, max: 18 });
  if (!/^[A-Z0-9]+$/.test(product)) return refuse('BAD_CHARACTER', { field: 'product', value: product });
  let sec: Secondary = {};
  if (main !== undefined && main !== '') {
    const r = secondary(main);
    if ('ok' in r) return r;
    sec = r;
    const problem = supplemental(more, sec);
    if (problem) return problem;
  }
  return {
    ...base,
    di: `+${labeler}${product}${unit}`,
    labeler,
    product,
    unitOfMeasure: Number(unit),
    ...sec,
  };
}
