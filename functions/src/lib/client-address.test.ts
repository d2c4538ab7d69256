import { describe, expect, it } from 'vitest';
import { clientAddressOf, isLoopback } from './client-address';

describe('clientAddressOf', () => {
  it('takes the entry the trusted proxies appended, never what the client wrote left of it', () => {
    // Hosting appended the client (203.0.113.7), Cloud Run's front end appended Hosting.
    expect(clientAddressOf('203.0.113.7, 10.0.0.1', '169.254.1.1', 2)).toBe('203.0.113.7');
    expect(clientAddressOf('6.6.6.6, 7.7.7.7, 203.0.113.7, 10.0.0.1', undefined, 2)).toBe(
      '203.0.113.7',
    );
    expect(clientAddressOf('6.6.6.6, 203.0.113.7', undefined, 1)).toBe('203.0.113.7');
  });

  it('falls back to the leftmost entry, then to the socket, and reads mapped IPv4', () => {
    expect(clientAddressOf('203.0.113.7', undefined, 2)).toBe('203.0.113.7');
    expect(clientAddressOf(undefined, '::ffff:127.0.0.1', 2)).toBe('127.0.0.1');
    expect(clientAddressOf(' , ', '2001:db8::1', 2)).toBe('2001:db8::1');
  });

  it('answers null for something that is not an address', () => {
    expect(clientAddressOf('not-an-ip, 10.0.0.1', undefined, 2)).toBeNull();
    expect(clientAddressOf(undefined, undefined, 2)).toBeNull();
  });
});

describe('isLoopback', () => {
  it('knows this machine’s addresses', () => {
    expect(['127.0.0.1', '127.8.9.10', '::1'].map(isLoopback)).toEqual([true, true, true]);
    expect(['203.0.113.7', '10.0.0.1', '2001:db8::1'].map(isLoopback)).toEqual([
      false,
      false,
      false,
    ]);
  });
});
