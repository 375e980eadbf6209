import crypto from 'node:crypto';

/**
 * Standard Webhooks signing (the scheme Svix and others use): the secret is "whsec_" + base64 of
 * random bytes; the signature is "v1," + base64(HMAC-SHA256(key, `${id}.${timestamp}.${body}`)),
 * sent with webhook-id and webhook-timestamp (seconds). A receiver recomputes it and rejects
 * timestamps far from its clock (replays).
 */
export function newWebhookSecret(): string {
  return `whsec_${crypto.randomBytes(32).toString('base64')}`;
}

function keyOf(secret: string): Buffer {
  return Buffer.from(secret.startsWith('whsec_') ? secret.slice(6) : secret, 'base64');
}

export function signWebhook(secret: string, id: string, timestamp: number, body: string): string {
  const mac = crypto.createHmac('sha256', keyOf(secret)).update(`${id}.${timestamp}.${body}`).digest('base64');
  return `v1,${mac}`;
}

/** Receiver side (tests, docs): any of the space-separated signatures matches, within the tolerance. */
export function verifyWebhook(
  secret: string,
  headers: { id: string; timestamp: string; signature: string },
  body: string,
  opts: { now?: number; toleranceSeconds?: number } = {},
): boolean {
  const ts = Number(headers.timestamp);
  const now = opts.now ?? Math.floor(Date.now() / 1000);
  if (!Number.isInteger(ts) || Math.abs(now - ts) > (opts.toleranceSeconds ?? 300)) return false;
  const expected = Buffer.from(signWebhook(secret, headers.id, ts, body));
  return headers.signature.split(' ').some((s) => {
    const got = Buffer.from(s);
    return got.length === expected.length && crypto.timingSafeEqual(got, expected);
  });
}
