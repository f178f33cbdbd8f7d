/**
 * The network an address belongs to, as the staff sign-in limits and the audit trail count it: an
 * IPv4 address by its /24, an IPv6 address by its /64 (one home or office is usually given a whole
 * /64; an IPv4-mapped IPv6 address counts as IPv4). Pure.
 */
import { rateLimitKey } from '../server/http';

/** e.g. '203.0.113.0/24', '2001:db8:1:2::/64'; 'unknown' when there is no usable address. */
export function networkOf(ip: string): string {
  const raw = ip.trim().toLowerCase();
  const v4 = /^(?:::ffff:)?(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(raw);
  if (v4) {
    const parts = v4.slice(1, 4).map(Number);
    if (parts.every((n) => n <= 255)) return `${parts.join('.')}.0/24`;
    return 'unknown';
  }
  if (raw.includes(':') && /^[0-9a-f:.%a-z]+$/.test(raw)) return rateLimitKey(raw);
  return 'unknown';
}
