import { isIP } from 'node:net';

/**
 * Whom a request counts against per address: the client's address (IPv4, or an IPv6 /64 as
 * `2001:0db8:0000:0001::/64`); `shared`, the one bucket per rule of every request whose client
 * cannot be told; or `exempt` (this machine, on the emulators only).
 */
export type ClientKey =
  { kind: 'address'; address: string } | { kind: 'shared' } | { kind: 'exempt' };

export interface ClientAddressSettings {
  /** How many proxies append to `X-Forwarded-For` in front of the API. */
  proxyHops: number;
  /** Whether requests from this machine go unlimited per address (emulators only). */
  loopbackExempt: boolean;
}

const MAPPED_IPV4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i;

/** 127.0.0.0/8 and ::1 (also IPv4-mapped): this machine. */
export function isLoopback(address: string): boolean {
  const plain = address.replace(MAPPED_IPV4, '$1');
  const family = isIP(plain);
  if (family === 4) return plain.startsWith('127.');
  return family === 6 && ipv6Groups(plain).join(':') === '0:0:0:0:0:0:0:1';
}

/** The eight 16-bit groups of a valid IPv6 address, a dotted IPv4 tail and zone included. */
function ipv6Groups(address: string): number[] {
  const bare = address.replace(/%.*$/, '');
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(bare);
  let text = bare;
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${bare.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const parse = (part: string) => (part ? part.split(':').map((group) => parseInt(group, 16)) : []);
  const left = parse(head);
  const right = tail === undefined ? [] : parse(tail);
  const zeros = new Array<number>(8 - left.length - right.length).fill(0);
  return [...left, ...zeros, ...right];
}

/**
 * One entry as a counting key: IPv4 as is (IPv4-mapped IPv6 read as IPv4); IPv6 by its /64, the
 * block one subscriber usually holds whole; null when it is not an IP address.
 */
export function addressKeyOf(entry: string): string | null {
  const plain = entry.replace(MAPPED_IPV4, '$1');
  const family = isIP(plain);
  if (family === 4) return plain;
  if (family !== 6) return null;
  const prefix = ipv6Groups(plain)
    .slice(0, 4)
    .map((group) => group.toString(16).padStart(4, '0'));
  return `${prefix.join(':')}::/64`;
}

/**
 * Whom a request counts against per address, from `X-Forwarded-For` as the platform builds it:
 * every proxy appends the address it received the request from, so of `proxyHops` proxies the
 * client is the entry `proxyHops` places from the right, and entries further left are whatever
 * the client sent (ignored). A request with fewer entries did not come through every proxy (a
 * direct call of the function's URL, or a header the caller wrote itself): it, like one whose
 * entry is not an IP address, counts in the shared bucket, never under an address it names.
 * On the emulators a request from this machine (its client entry, or else the socket, when it
 * names a peer, and every entry, loopback) is exempt.
 */
export function clientKeyOf(
  forwardedFor: string | undefined,
  socketAddress: string | undefined,
  { proxyHops, loopbackExempt }: ClientAddressSettings,
): ClientKey {
  const entries = (forwardedFor ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const client = entries.length >= proxyHops ? entries[entries.length - proxyHops] : undefined;
  if (loopbackExempt) {
    const local =
      client !== undefined
        ? isLoopback(client)
        : // The Functions emulator hands requests to its workers over a Unix socket, which names
          // no peer address: on the emulators that is this machine too.
          (socketAddress === undefined || isLoopback(socketAddress)) && entries.every(isLoopback);
    if (local) return { kind: 'exempt' };
  }
  const address = client === undefined ? null : addressKeyOf(client);
  return address === null ? { kind: 'shared' } : { kind: 'address', address };
}
