import type { Metadata } from 'next';
import { AlertsInbox } from '@/components/watch/alerts-inbox';
import { getT } from '@/lib/i18n/ui-locale';
import { watchMessages } from '@/lib/i18n/ui/watch';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getT(watchMessages);
  return { title: t('nav.inbox') };
}

export default function WatchInboxPage() {
  return <AlertsInbox />;
}
