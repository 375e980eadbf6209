import dns from 'node:dns';
import { getEnv } from '@/lib/config/env';
import { AppError } from '@/lib/errors';
import { checkAddress, isIpLiteral } from '@/lib/net/ip-policy';

/**
 * A webhook URL is checked when it is registered (and every delivery goes through safeFetch, which
 * checks the resolved address again, so a later DNS change cannot point it inside): http(s), no
 * credentials, and every address the host resolves to public (loopback only where ALLOW_LOOPBACK_FETCH
 * is set, for tests).
 */
export async function checkWebhookUrl(raw: string): Promise<string> {
  const refuse = (message: string, reason: string, details: Record<string, unknown> = {}) =>
    new AppError('URL_NOT_ALLOWED', message, { details: { reason, ...details, fields: [{ path: 'url', message }] } });
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw refuse('Not a valid URL.', 'invalid_url');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw refuse('Only http and https URLs can receive webhooks.', 'scheme');
  if (url.username || url.password) throw refuse('The URL must not contain a user name or password.', 'credentials');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  if (isIpLiteral(host)) addresses = [host];
  else {
    try {
      addresses = (await dns.promises.lookup(host, { all: true, verbatim: true })).map((a) => a.address);
    } catch {
      throw refuse(`The host name ${host} could not be resolved.`, 'dns_failed');
    }
  }
  const allowLoopback = getEnv().ALLOW_LOOPBACK_FETCH === 'true';
  for (const a of addresses) {
    const verdict = checkAddress(a, { allowLoopback });
    if (!verdict.allowed)
      throw refuse(
        `${host} resolves to ${a}, which is not a public address; webhooks go to public addresses only.`,
        verdict.range === 'loopback' ? 'loopback' : verdict.range === 'linkLocal' ? 'link_local' : 'private_address',
        { address: a, range: verdict.range },
      );
  }
  return url.href;
}
