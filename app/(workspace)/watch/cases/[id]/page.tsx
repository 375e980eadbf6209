import type { Metadata } from 'next';
import { CaseView } from '@/components/watch/case-view';
import { getT } from '@/lib/i18n/ui-locale';
import { watchMessages } from '@/lib/i18n/ui/watch';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getT(watchMessages);
  return { title: t('case.title') };
}

export default async function WatchCasePage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <CaseView id={id} />;
}
