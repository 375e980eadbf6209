import type { Metadata } from 'next';
import { MembersManager } from '@/components/team/members-manager';
import { requireSession } from '@/lib/workspace/session';
import { getT } from '@/lib/i18n/ui-locale';
import { teamMessages } from '@/lib/i18n/ui/team';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getT(teamMessages);
  return { title: t('members.title') };
}

export default async function MembersPage() {
  await requireSession();
  return <MembersManager />;
}
