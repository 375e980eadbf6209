import { headers } from 'next/headers';
import { Alert } from '@/components/ui/alert';
import { publicUrlInfo } from '@/lib/config/public-url';
import { getT } from '@/lib/i18n/ui-locale';
import { settingsMessages } from '@/lib/i18n/ui/settings';

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
  const t = await getT(settingsMessages);
  return (
    <Alert variant="warning" title={t('public_url.title')} data-testid="public-url-warning">
      {t('public_url.uses')} <span className="font-mono">{info.url}</span> (
      {info.source === 'request' ? t('public_url.from_request') : t('public_url.from_default')}). {t('public_url.set')}
    </Alert>
  );
}
