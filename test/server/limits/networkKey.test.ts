import { describe, expect, it } from 'vitest';
import { networkKey } from '../../../src/server/limits/networkKey.ts';

describe('the key a client is counted under', () => {
  it('is the address itself for IPv4, mapped into IPv6 or not', () => {
    expect(networkKey('203.0.113.7')).toBe('203.0.113.7');
    expect(networkKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(networkKey('::ffff:cb00:7107')).toBe('203.0.113.7');
  });

  it('is the /64 for IPv6, however the address is written', () => {
    const key = '2001:db8:1:2::/64';
    for (const address of ['2001:db8:1:2::1', '2001:0db8:0001:0002:ffff:ffff:ffff:ffff', '2001:DB8:1:2:a:b:c:d', '2001:db8:1:2::1%eth0']) {
      expect(networkKey(address), address).toBe(key);
    }
    expect(networkKey('2001:db8:1:3::1')).not.toBe(key);
    expect(networkKey('::1')).toBe('0:0:0:0::/64');
    expect(networkKey('2001:db8::')).toBe('2001:db8:0:0::/64');
    expect(networkKey('fe80::1:2:3:4')).toBe('fe80:0:0:0::/64');
    expect(networkKey('64:ff9b::192.0.2.1')).toBe('64:ff9b:0:0::/64');
  });

  it('passes anything else through unchanged', () => {
    expect(networkKey('unknown')).toBe('unknown');
  });

  it('is one key for every request whose connection closed before its address was read', () => {
    // Fastify's request.ip is undefined then, whatever its type says.
    expect(networkKey(undefined)).toBe('no-address');
  });
});
