import { describe, expect, it } from 'vitest';
import { networkOf } from '../../../src/lib/admin/network';

describe('networkOf', () => {
  it('counts IPv4 by /24 and IPv6 by /64', () => {
    expect(networkOf('203.0.113.77')).toBe('203.0.113.0/24');
    expect(networkOf('::ffff:198.51.100.9')).toBe('198.51.100.0/24');
    expect(networkOf('2001:db8:aa:bb:1:2:3:4')).toBe('2001:db8:aa:bb::/64');
    expect(networkOf('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(networkOf('')).toBe('unknown');
    expect(networkOf('999.1.1.1')).toBe('unknown');
    expect(networkOf('not an address')).toBe('unknown');
  });
});
