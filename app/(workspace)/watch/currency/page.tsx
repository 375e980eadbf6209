import type { Metadata } from 'next';
import { PageHeader } from '@/components/ui/page-header';
import { CurrencyFindingsView } from '@/components/currency/findings-view';
import { requireSession } from '@/lib/workspace/session';
import { getT } from '@/lib/i18n/ui-locale';
import { currencyMessages } from '@/lib/i18n/ui/currency';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getT(currencyMessages);
  return { title: t('watch.title') };
}

export default async function CurrencyWatchPage() {
  await requireSession();
  const t = await getT(currencyMessages);
  return (
    <>
      <PageHeader title={t('watch.title')} description={t('watch.description')} />
      <CurrencyFindingsView />
    </>
  );
}
