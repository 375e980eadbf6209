import ipaddr from 'ipaddr.js';
import type { TrustedRange } from '@/lib/config/trusted-proxies';

/**
 * The client address for per-IP rate limits. The server guard (which sees the socket) stamps it on
 * every request in this header, overwriting whatever the client sent, so X-Forwarded-For is believed
 * only as far as TRUSTED_PROXIES (the proxies in front of the app) appended to it.
 */
export const CLIENT_IP_HEADER = 'x-cw-client-ip';

function normalise(raw: string | undefined): ipaddr.IPv4 | ipaddr.IPv6 | null {
  if (!raw || !ipaddr.isValid(raw.trim())) return null;
  return ipaddr.process(raw.trim()); // ::ffff:1.2.3.4 → 1.2.3.4
}

function isTrusted(addr: ipaddr.IPv4 | ipaddr.IPv6, trusted: readonly TrustedRange[]): boolean {
  return trusted.some(([range, bits]) => range.kind() === addr.kind() && addr.match(range as never, bits));
}

/**
 * The socket's peer, or, when that peer is a trusted proxy, the right-most X-Forwarded-For hop that is
 * not itself a trusted proxy (hops further left were written by the client and prove nothing).
 */
export function resolveClientIp(
  remote: string | undefined,
  forwardedFor: string | undefined,
  trusted: readonly TrustedRange[],
): string {
  const peer = normalise(remote);
  if (!peer) return 'unknown';
  if (!forwardedFor || !isTrusted(peer, trusted)) return peer.toString();
  const hops = forwardedFor
    .split(',')
    .map((h) => h.trim())
    .filter(Boolean);
  let last = peer;
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = normalise(hops[i]);
    if (!hop) return last.toString();
    if (!isTrusted(hop, trusted)) return hop.toString();
    last = hop;
  }
  return last.toString();
}
