import type { Metadata } from 'next';
import { WebhooksManager } from '@/components/settings/webhooks-manager';
import { getT } from '@/lib/i18n/ui-locale';
import { webhookMessages } from '@/lib/i18n/ui/webhooks';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getT(webhookMessages);
  return { title: t('title') };
}

export default function WebhooksPage() {
  return <WebhooksManager />;
}
