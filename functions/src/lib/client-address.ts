import { isIP } from 'node:net';

/**
 * The client's address from `X-Forwarded-For` as the platform builds it: every proxy appends the
 * address it received the request from, so of `proxyHops` proxies the client is the entry
 * `proxyHops` places from the right; entries further left are whatever the client sent and are
 * never trusted. With fewer entries (a direct call), the leftmost; without the header, the socket's
 * peer. IPv4-mapped IPv6 addresses are read as IPv4. Null when nothing names a valid address.
 */
export function clientAddressOf(
  forwardedFor: string | undefined,
  socketAddress: string | undefined,
  proxyHops: number,
): string | null {
  const entries = (forwardedFor ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const chosen =
    entries.length > 0 ? entries[Math.max(0, entries.length - proxyHops)] : socketAddress;
  const address = chosen?.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
  return address && isIP(address) ? address : null;
}

/** 127.0.0.0/8 and ::1: this machine. */
export function isLoopback(address: string): boolean {
  return address === '::1' || /^127\.\d+\.\d+\.\d+$/.test(address);
}
