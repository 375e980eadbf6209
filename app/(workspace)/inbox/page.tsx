import type { Metadata } from 'next';
import { PageHeader } from '@/components/ui/page-header';
import { MyWorkView } from '@/components/team/my-work';
import { requireSession } from '@/lib/workspace/session';

export const metadata: Metadata = { title: 'My work' };

export default async function InboxPage() {
  const session = await requireSession();
  return (
    <>
      <PageHeader
        title="My work"
        description={`What waits for you in ${session.workspace.name}: assigned SKUs, reviews, approvals, supplier replies and mentions.`}
      />
      <MyWorkView />
    </>
  );
}
