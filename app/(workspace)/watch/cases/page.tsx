import type { Metadata } from 'next';
import { CasesList } from '@/components/watch/cases-list';
import { getT } from '@/lib/i18n/ui-locale';
import { watchMessages } from '@/lib/i18n/ui/watch';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getT(watchMessages);
  return { title: t('nav.cases') };
}

export default function WatchCasesPage() {
  return <CasesList />;
}
