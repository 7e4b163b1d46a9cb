// The key every per-client limit counts under. An IPv4 address is one client; an IPv6 client is its /64,
// because a single home or phone is handed a whole /64 and can pick a fresh address in it for every request.
// IPv4-mapped IPv6 (::ffff:1.2.3.4, what a dual-stack socket reports for IPv4 peers) counts as the IPv4.
import { createHmac } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';

/** The eight 16-bit groups of an IPv6 address, or null when it is not one. */
function ipv6Groups(address: string): number[] | null {
  if (!isIPv6(address)) return null;
  const [head = '', tail] = address.split('::', 2) as [string, string | undefined];
  const parse = (part: string): number[] => {
    if (part === '') return [];
    const groups: number[] = [];
    for (const piece of part.split(':')) {
      if (isIPv4(piece)) {
        const [a = 0, b = 0, c = 0, d = 0] = piece.split('.').map(Number);
        groups.push((a << 8) | b, (c << 8) | d);
      } else {
        groups.push(Number.parseInt(piece, 16));
      }
    }
    return groups;
  };
  const left = parse(head);
  const right = tail === undefined ? [] : parse(tail);
  const missing = 8 - left.length - right.length;
  return [...left, ...new Array<number>(Math.max(0, missing)).fill(0), ...right];
}

/** The key of a request whose connection is gone before its address was read (Node then reports none). */
const NO_ADDRESS = 'no-address';

/**
 * `1.2.3.4` for IPv4 (mapped or not), `2001:db8:1:2::/64` for IPv6; anything else as given. `request.ip` is
 * undefined at run time, whatever its type says, once the client's connection has closed (a malformed chunked
 * body closes it while the request's hooks still run): such requests share one key, and are counted all the same.
 */
export function networkKey(ip: string | undefined): string {
  if (ip === undefined) return NO_ADDRESS;
  // An IPv6 zone (fe80::1%eth0) names the interface, not the client.
  const zone = ip.indexOf('%');
  const address = zone >= 0 ? ip.slice(0, zone) : ip;
  if (isIPv4(address)) return address;
  const groups = ipv6Groups(address);
  if (groups === null) return ip;
  const mapped = groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
  if (mapped) {
    const [high = 0, low = 0] = groups.slice(6);
    return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
  }
  return `${groups.slice(0, 4).map((group) => group.toString(16)).join(':')}::/64`;
}

/**
 * The network key as it may be stored in the database: a keyed hash, so daily counters keyed by client network
 * never keep an address in readable form. The key is the cookie secret, which every instance shares.
 */
export function storedNetworkKey(ip: string | undefined, secret: string): string {
  return createHmac('sha256', secret).update(networkKey(ip)).digest('base64url').slice(0, 22);
}
