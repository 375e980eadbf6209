import { headers } from 'next/headers';
import { Alert } from '@/components/ui/alert';
import { publicUrlInfo } from '@/lib/config/public-url';

/** Server-rendered: a warning in Settings until PUBLIC_APP_URL is set (printed QR codes depend on it). */
export async function PublicUrlNotice() {
  const h = await headers();
  const host = h.get('host');
  const proto = h.get('x-forwarded-proto') === 'https' ? 'https' : 'http';
  let from: URL | null = null;
  try {
    from = host ? new URL(`${proto}://${host}`) : null;
  } catch {
    from = null;
  }
  const info = publicUrlInfo(from);
  if (info.configured) return null;
  return (
    <Alert variant="warning" title="The public address is not configured" data-testid="public-url-warning">
      PUBLIC_APP_URL is not set, so public safety pages, QR codes, GS1 Digital Links and e-mailed links use{' '}
      <span className="font-mono">{info.url}</span>
      {info.source === 'request' ? ' (the address this page was opened at)' : ' (the local default)'}. Set
      PUBLIC_APP_URL to the address your customers and suppliers reach before printing labels; addresses outside the
      configuration are never taken from the request.
    </Alert>
  );
}
