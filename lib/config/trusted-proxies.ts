import ipaddr from 'ipaddr.js';

/** The proxies in front of the app (TRUSTED_PROXIES), read with the rest of the configuration; lib/http/client-ip.ts uses them. */
export type TrustedRange = [ipaddr.IPv4 | ipaddr.IPv6, number];

/** Parses "10.0.0.0/8, ::1, 127.0.0.1" into ranges; throws on an entry that is not an address or CIDR. */
export function parseTrustedProxies(list: string): TrustedRange[] {
  return list
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((entry) => {
      if (entry.includes('/')) return ipaddr.parseCIDR(entry);
      const addr = ipaddr.parse(entry);
      return [addr, addr.kind() === 'ipv4' ? 32 : 128] as TrustedRange;
    });
}
