import type { Metadata } from 'next';
import { OutreachList } from '@/components/outreach/outreach-list';
import { PageHeader } from '@/components/ui/page-header';
import { requireSession } from '@/lib/workspace/session';

export const metadata: Metadata = { title: 'Outreach' };

export default async function OutreachPage() {
  await requireSession();
  return (
    <div>
      <PageHeader
        title="Outreach"
        description="Requests to suppliers for what SKUs are missing: status, due dates, reminders. Send new ones from a SKU's blockers."
      />
      <OutreachList />
    </div>
  );
}
