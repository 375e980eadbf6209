import { getEnv } from '@/lib/config/env';

/**
 * The address a supplier's reply goes to. With inbound mail configured (INBOUND_EMAIL_ADDRESS and
 * INBOUND_EMAIL_SECRET), each request mail says Reply-To: <local>+<request id>@<domain> (a plus
 * address the inbound mailbox accepts) and the sender's own address: the reply reaches the inbound
 * webhook, which finds the request by that address even when the supplier's mail client drops the
 * threading headers, and the person who asked gets a copy. Without it, Reply-To is the sender only.
 */

const PLUS_ID = /\+([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})@/i;

export function replyAddressFor(requestId: string): string | null {
  const env = getEnv();
  if (!env.INBOUND_EMAIL_ADDRESS || !env.INBOUND_EMAIL_SECRET) return null;
  const at = env.INBOUND_EMAIL_ADDRESS.lastIndexOf('@');
  const local = env.INBOUND_EMAIL_ADDRESS.slice(0, at).split('+')[0];
  return `${local}+${requestId}${env.INBOUND_EMAIL_ADDRESS.slice(at)}`;
}

/** The Reply-To header of a request mail: the request's inbound address, then the sender. */
export function replyToHeader(requestId: string, senderEmail: string | null): string | null {
  return [replyAddressFor(requestId), senderEmail].filter(Boolean).join(', ') || null;
}

/** The request id in a plus address the reply was sent to (To, Cc, Delivered-To...), if any. */
export function requestIdFromAddresses(addresses: readonly (string | null | undefined)[]): string | null {
  for (const a of addresses) {
    const m = a ? PLUS_ID.exec(a) : null;
    if (m) return m[1].toLowerCase();
  }
  return null;
}
