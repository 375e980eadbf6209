import type { Metadata } from 'next';
import { Send } from 'lucide-react';
import { SectionPlaceholder } from '@/components/workspace/section-placeholder';

export const metadata: Metadata = { title: 'Outreach' };

export default function OutreachPage() {
  return (
    <SectionPlaceholder
      title="Outreach"
      description="Ask suppliers for the documents and details a SKU is missing, and keep track of what they sent back."
      icon={Send}
      emptyTitle="No supplier requests yet"
      emptyDescription="Requests drafted from a SKU's blockers will be listed here with their status and reminders."
      features={[
        'Drafts that name exactly what is missing',
        'Sent from your workspace address',
        'Replies and attachments matched to the SKU',
        'Reminders until the gap is closed',
      ]}
      actions={[{ href: '/skus', label: 'Go to SKUs' }]}
    />
  );
}
