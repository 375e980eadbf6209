import type { Metadata } from 'next';
import { MembersManager } from '@/components/team/members-manager';
import { requireSession } from '@/lib/workspace/session';

export const metadata: Metadata = { title: 'Members' };

export default async function MembersPage() {
  await requireSession();
  return <MembersManager />;
}
