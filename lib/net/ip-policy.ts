import ipaddr from 'ipaddr.js';

/**
 * Which addresses an outbound fetch may connect to: public unicast only. Everything ipaddr.js
 * classifies otherwise is refused (private, loopback, link-local incl. 169.254.169.254 metadata,
 * multicast, broadcast, unspecified, CGNAT 100.64/10, reserved/test nets, IPv6 unique-local, 6to4,
 * Teredo, NAT64), and IPv4-mapped / IPv4-compatible IPv6 is refused outright because it can smuggle
 * any IPv4 target. Loopback may be allowed explicitly for tests.
 */

export type AddressVerdict = { allowed: true; family: 4 | 6 } | { allowed: false; range: string; family: 4 | 6 | 0 };

export function checkAddress(address: string, options: { allowLoopback?: boolean } = {}): AddressVerdict {
  const literal = address.replace(/^\[|\]$/g, '');
  if (!ipaddr.isValid(literal)) return { allowed: false, range: 'invalid', family: 0 };
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.parse(literal);
  } catch {
    return { allowed: false, range: 'invalid', family: 0 };
  }
  if (parsed.kind() === 'ipv6') {
    const v6 = parsed as ipaddr.IPv6;
    if (v6.zoneId) return { allowed: false, range: 'zoned', family: 6 };
    if (v6.isIPv4MappedAddress()) return { allowed: false, range: 'ipv4Mapped', family: 6 };
    const parts = v6.parts;
    // ::a.b.c.d (deprecated IPv4-compatible) except :: and ::1, which ipaddr names itself.
    if (parts.slice(0, 6).every((p) => p === 0) && (parts[6] !== 0 || parts[7] > 1))
      return { allowed: false, range: 'ipv4Compatible', family: 6 };
  }
  const family = parsed.kind() === 'ipv4' ? 4 : 6;
  const range = parsed.range();
  if (range === 'unicast') return { allowed: true, family };
  if (range === 'loopback' && options.allowLoopback) return { allowed: true, family };
  return { allowed: false, range, family };
}

export function isIpLiteral(host: string): boolean {
  return ipaddr.isValid(host.replace(/^\[|\]$/g, ''));
}
