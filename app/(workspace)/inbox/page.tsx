import type { Metadata } from 'next';
import { PageHeader } from '@/components/ui/page-header';
import { MyWorkView } from '@/components/team/my-work';
import { requireSession } from '@/lib/workspace/session';
import { getT } from '@/lib/i18n/ui-locale';
import { teamMessages } from '@/lib/i18n/ui/team';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getT(teamMessages);
  return { title: t('work.title') };
}

export default async function InboxPage() {
  const session = await requireSession();
  const t = await getT(teamMessages);
  return (
    <>
      <PageHeader title={t('work.title')} description={t('work.description', { workspace: session.workspace.name })} />
      <MyWorkView />
    </>
  );
}
