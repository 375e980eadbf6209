import type { Metadata } from 'next';
import { ApiKeysManager } from '@/components/settings/api-keys-manager';
import { getT } from '@/lib/i18n/ui-locale';
import { settingsMessages } from '@/lib/i18n/ui/settings';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getT(settingsMessages);
  return { title: t('keys.title') };
}

export default function ApiKeysPage() {
  return <ApiKeysManager />;
}
