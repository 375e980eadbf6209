import type { Metadata } from 'next';
import { OutreachList } from '@/components/outreach/outreach-list';
import { PageHeader } from '@/components/ui/page-header';
import { getT } from '@/lib/i18n/ui-locale';
import { outreachMessages } from '@/lib/i18n/ui/outreach';
import { requireSession } from '@/lib/workspace/session';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getT(outreachMessages);
  return { title: t('page.title') };
}

export default async function OutreachPage() {
  await requireSession();
  const t = await getT(outreachMessages);
  return (
    <div>
      <PageHeader title={t('page.title')} description={t('page.description')} />
      <OutreachList />
    </div>
  );
}
