import { BlockList, isIP } from 'node:net';

/**
 * How far the product believes `X-Forwarded-For` and `X-Forwarded-Proto` (TRUST_PROXY): not at all (unset, the
 * socket's address is the client), a number of proxy hops in front of it, or the addresses of its proxies (IPs or
 * CIDR ranges).
 */
export type TrustProxy = { kind: 'none' } | { kind: 'hops'; hops: number } | { kind: 'addresses'; addresses: string[] };

/** The client of one request as the resolver sees it. */
export interface ClientOrigin {
  /** The client's address: the socket's, or the first one from the right of X-Forwarded-For not a trusted proxy. */
  address: string;
  /** The request arrived over https: a TLS socket, or `X-Forwarded-Proto: https` from a trusted proxy. */
  https: boolean;
}

export interface RequestLine {
  /** The socket peer's address (`req.socket.remoteAddress`). */
  socketAddress: string | undefined;
  /** The socket is TLS. */
  encrypted: boolean;
  /** The `X-Forwarded-For` header (Node joins repeated headers with ", "). */
  forwardedFor: string | undefined;
  /** The `X-Forwarded-Proto` header. */
  forwardedProto: string | undefined;
}

const BAD_TRUST_PROXY = (value: string) =>
  new Error(
    `TRUST_PROXY must be a hop count (1, 2, ...) or a comma list of proxy addresses (IP or CIDR, e.g. 10.0.0.0/8,::1), got "${value}"`,
  );

/** An IP (v4 or v6) without brackets, port or IPv4-mapped prefix; '' when it is not an IP at all. */
export function normaliseAddress(raw: string | undefined): string {
  let value = (raw ?? '').trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(value);
  if (bracketed) value = bracketed[1]!;
  else if (/^\d{1,3}(\.\d{1,3}){3}:\d+$/.test(value)) value = value.slice(0, value.lastIndexOf(':'));
  const mapped = /^::ffff:(\d{1,3}(\.\d{1,3}){3})$/i.exec(value);
  if (mapped) value = mapped[1]!;
  return isIP(value) ? value.toLowerCase() : '';
}

/** One entry of an address list: an IP, or an IP and a prefix length (CIDR); null when it is neither. */
function parseRange(entry: string): { address: string; prefix: number | null } | null {
  const [ip = '', prefix, ...rest] = entry.split('/');
  if (rest.length || !isIP(ip)) return null;
  const address = normaliseAddress(ip);
  if (prefix === undefined) return { address, prefix: null };
  const bits = Number(prefix);
  const max = isIP(address) === 6 ? 128 : 32;
  if (!/^\d{1,3}$/.test(prefix) || bits > max) return null;
  return { address, prefix: bits };
}

/** Reads TRUST_PROXY: unset, empty or 0 = trust no proxy; a whole number = hops; otherwise a list of IPs and CIDRs. */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = (value ?? '').trim();
  if (text === '' || text === '0') return { kind: 'none' };
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (!Number.isSafeInteger(hops) || hops > 64) throw BAD_TRUST_PROXY(text);
    return { kind: 'hops', hops };
  }
  const addresses = text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (!addresses.length || addresses.some((a) => !parseRange(a))) throw BAD_TRUST_PROXY(text);
  return { kind: 'addresses', addresses };
}

function blockListOf(addresses: readonly string[]): BlockList {
  const list = new BlockList();
  for (const entry of addresses) {
    const range = parseRange(entry)!;
    const type = isIP(range.address) === 6 ? 'ipv6' : 'ipv4';
    if (range.prefix === null) list.addAddress(range.address, type);
    else list.addSubnet(range.address, range.prefix, type);
  }
  return list;
}

/**
 * The one resolver of the client's address and scheme (every reader of the address goes through it: rate limits,
 * sign-in throttles, audit entries, session records). The chain is X-Forwarded-For's entries then the socket's peer,
 * walked from the right: the first address that is not a trusted proxy is the client.
 * - none: the socket's peer; X-Forwarded-* are ignored.
 * - hops N: the N nearest hops are proxies, so the client is the N-th entry from the right of X-Forwarded-For.
 * - addresses: an address on the list is a proxy; the first one from the right that is not is the client.
 * An entry that is not an IP address stops the walk at the hop that wrote it (that hop's address is the client's), so
 * a client can never choose its own key by writing the header. Fewer entries than trusted hops: the leftmost.
 */
export function createClientResolver(trust: TrustProxy): (line: RequestLine) => ClientOrigin {
  const list = trust.kind === 'addresses' ? blockListOf(trust.addresses) : null;
  const trusted = (address: string, distance: number): boolean => {
    if (trust.kind === 'hops') return distance < trust.hops;
    if (!list || !address) return false;
    return list.check(address, isIP(address) === 6 ? 'ipv6' : 'ipv4');
  };
  return (line) => {
    const socket = normaliseAddress(line.socketAddress) || (line.socketAddress ?? '');
    if (trust.kind === 'none') return { address: socket, https: line.encrypted };
    const peerTrusted = trusted(socket, 0);
    let address = socket;
    if (peerTrusted && line.forwardedFor) {
      const forwarded = line.forwardedFor.split(',').reverse();
      for (let i = 0; i < forwarded.length; i++) {
        const entry = normaliseAddress(forwarded[i]);
        if (!entry) break;
        address = entry;
        if (!trusted(entry, i + 1)) break;
      }
    }
    const proto = (line.forwardedProto ?? '').split(',', 1)[0]!.trim().toLowerCase();
    return { address, https: line.encrypted || (peerTrusted && proto === 'https') };
  };
}
