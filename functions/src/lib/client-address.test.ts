import { describe, expect, it } from 'vitest';
import { addressKeyOf, clientKeyOf, isLoopback } from './client-address';

const deployed = { proxyHops: 2, loopbackExempt: false };
const emulated = { proxyHops: 2, loopbackExempt: true };
const at = (address: string) => ({ kind: 'address', address });
const shared = { kind: 'shared' };
const exempt = { kind: 'exempt' };

describe('clientKeyOf', () => {
  it('takes the entry the trusted proxies appended, never what the client wrote left of it', () => {
    // Hosting appended the client (203.0.113.7), Cloud Run's front end appended Hosting.
    expect(clientKeyOf('203.0.113.7, 10.0.0.1', '169.254.1.1', deployed)).toEqual(
      at('203.0.113.7'),
    );
    expect(clientKeyOf('6.6.6.6, 7.7.7.7, 203.0.113.7, 10.0.0.1', undefined, deployed)).toEqual(
      at('203.0.113.7'),
    );
    expect(clientKeyOf('6.6.6.6,203.0.113.7', undefined, { ...deployed, proxyHops: 1 })).toEqual(
      at('203.0.113.7'),
    );
  });

  it('counts a request with fewer entries than hops in the shared bucket, not as what it names', () => {
    expect(clientKeyOf('203.0.113.7', '169.254.1.1', deployed)).toEqual(shared);
    expect(clientKeyOf(undefined, '203.0.113.7', deployed)).toEqual(shared);
    expect(clientKeyOf('', '203.0.113.7', deployed)).toEqual(shared);
    expect(clientKeyOf(' , ', '203.0.113.7', deployed)).toEqual(shared);
    expect(clientKeyOf('7.7.7.7, 8.8.8.8', undefined, { ...deployed, proxyHops: 3 })).toEqual(
      shared,
    );
  });

  it('counts an entry that is not an IP address in the shared bucket', () => {
    for (const entry of ['not-an-ip', 'unknown', '203.0.113.7:443', '[2001:db8::1]', '999.1.1.1']) {
      expect(clientKeyOf(`${entry}, 10.0.0.1`, undefined, deployed)).toEqual(shared);
    }
  });

  it('never reads loopback as exempt once deployed', () => {
    expect(clientKeyOf(undefined, '127.0.0.1', deployed)).toEqual(shared);
    expect(clientKeyOf(undefined, '::1', deployed)).toEqual(shared);
    expect(clientKeyOf('127.0.0.1', '127.0.0.1', deployed)).toEqual(shared);
    expect(clientKeyOf('127.0.0.1, 10.0.0.1', '127.0.0.1', deployed)).toEqual(at('127.0.0.1'));
  });

  it('exempts only this machine on the emulators', () => {
    expect(clientKeyOf(undefined, '::ffff:127.0.0.1', emulated)).toEqual(exempt);
    expect(clientKeyOf(undefined, '::1', emulated)).toEqual(exempt);
    expect(clientKeyOf('127.0.0.1', '127.0.0.1', emulated)).toEqual(exempt);
    // The Functions emulator's workers take requests over a Unix socket: no peer address.
    expect(clientKeyOf(undefined, undefined, emulated)).toEqual(exempt);
    expect(clientKeyOf(undefined, undefined, deployed)).toEqual(shared);
    expect(clientKeyOf('127.0.0.1, ::1', '203.0.113.7', emulated)).toEqual(exempt);
    // A caller who writes a loopback entry from elsewhere is not this machine.
    expect(clientKeyOf('127.0.0.1', '203.0.113.7', emulated)).toEqual(shared);
    expect(clientKeyOf(undefined, '203.0.113.7', emulated)).toEqual(shared);
    expect(clientKeyOf('203.0.113.7', '127.0.0.1', emulated)).toEqual(shared);
    expect(clientKeyOf('198.51.100.7, 10.1.2.3', '127.0.0.1', emulated)).toEqual(
      at('198.51.100.7'),
    );
  });

  it('reads IPv4-mapped addresses as IPv4 and counts IPv6 per /64', () => {
    expect(clientKeyOf('::ffff:203.0.113.7, 10.0.0.1', undefined, deployed)).toEqual(
      at('203.0.113.7'),
    );
    const sameSubnet = [
      '2001:db8:0:1::1',
      '2001:db8:0:1:ffff:ffff:ffff:ffff',
      '2001:DB8:0:1::abcd',
    ];
    for (const address of sameSubnet) {
      expect(clientKeyOf(`${address}, 10.0.0.1`, undefined, deployed)).toEqual(
        at('2001:0db8:0000:0001::/64'),
      );
    }
    expect(clientKeyOf('2001:db8:0:2::1, 10.0.0.1', undefined, deployed)).toEqual(
      at('2001:0db8:0000:0002::/64'),
    );
  });
});

describe('addressKeyOf', () => {
  it('expands every IPv6 spelling to its /64', () => {
    expect(addressKeyOf('::')).toBe('0000:0000:0000:0000::/64');
    expect(addressKeyOf('::1')).toBe('0000:0000:0000:0000::/64');
    expect(addressKeyOf('2001:db8::')).toBe('2001:0db8:0000:0000::/64');
    expect(addressKeyOf('2001:0db8:0000:0000:0000:0000:0000:0001')).toBe(
      '2001:0db8:0000:0000::/64',
    );
    expect(addressKeyOf('fe80::1%eth0')).toBe('fe80:0000:0000:0000::/64');
    expect(addressKeyOf('64:ff9b::192.0.2.33')).toBe('0064:ff9b:0000:0000::/64');
    expect(addressKeyOf('1:2:3:4:5:6:192.0.2.33')).toBe('0001:0002:0003:0004::/64');
  });

  it('keeps IPv4 whole and refuses what is not an address', () => {
    expect(addressKeyOf('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKeyOf('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressKeyOf('203.0.113')).toBeNull();
    expect(addressKeyOf('')).toBeNull();
    expect(addressKeyOf('2001:db8::1::2')).toBeNull();
  });
});

describe('isLoopback', () => {
  it('knows this machine’s addresses', () => {
    expect(
      ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1', '0:0:0:0:0:0:0:1'].map(isLoopback),
    ).toEqual([true, true, true, true, true]);
    expect(['203.0.113.7', '10.0.0.1', '2001:db8::1', '::', 'localhost'].map(isLoopback)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});
