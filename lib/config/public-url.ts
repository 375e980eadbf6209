import { allowedOrigins, DEFAULT_APP_ORIGINS, getEnv } from './env';

/**
 * The one answer to "what is this app's public address": PUBLIC_APP_URL when configured, else the
 * origin of the request being served when that origin is one the configuration allows (the local
 * defaults, ALLOWED_ORIGINS) or a loopback address on any port (a local server; a forged loopback Host
 * points nowhere an attacker controls), else the local default. No trailing slash.
 * The request's Host header is chosen by the client: an origin outside the configuration is never
 * echoed into links, QR codes, e-mails or the OpenAPI servers entry.
 * Links in e-mails, invitations, public pages, OpenAPI, MCP metadata and error doc_urls all use it.
 */
export function publicAppUrl(from?: Request | URL | null): string {
  return publicUrlInfo(from).url;
}

export interface PublicUrlInfo {
  url: string;
  /** PUBLIC_APP_URL is set: printed codes keep working wherever the app is reached from. */
  configured: boolean;
  source: 'PUBLIC_APP_URL' | 'request' | 'default';
}

export function publicUrlInfo(from?: Request | URL | null): PublicUrlInfo {
  const env = getEnv();
  if (env.PUBLIC_APP_URL)
    return { url: env.PUBLIC_APP_URL.replace(/\/+$/, ''), configured: true, source: 'PUBLIC_APP_URL' };
  if (from) {
    const origin = (from instanceof URL ? from : new URL(from.url)).origin;
    if (allowedOrigins(env).has(origin) || isLoopbackOrigin(origin))
      return { url: origin, configured: false, source: 'request' };
  }
  return { url: DEFAULT_APP_ORIGINS[0], configured: false, source: 'default' };
}

function isLoopbackOrigin(origin: string): boolean {
  const host = new URL(origin).hostname;
  return host === 'localhost' || host === '[::1]' || /^127(\.\d{1,3}){3}$/.test(host);
}
