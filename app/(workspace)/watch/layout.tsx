import { PageHeader } from '@/components/ui/page-header';
import { WatchNav } from '@/components/watch/watch-nav';
import { getT } from '@/lib/i18n/ui-locale';
import { watchMessages } from '@/lib/i18n/ui/watch';

export default async function WatchLayout({ children }: { children: React.ReactNode }) {
  const t = await getT(watchMessages);
  return (
    <>
      <PageHeader title={t('page.title')} description={t('page.description')} className="pb-4" />
      <WatchNav />
      {children}
    </>
  );
}
