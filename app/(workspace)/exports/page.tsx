import type { Metadata } from 'next';
import { FileDown } from 'lucide-react';
import { SectionPlaceholder } from '@/components/workspace/section-placeholder';

export const metadata: Metadata = { title: 'Exports' };

export default function ExportsPage() {
  return (
    <SectionPlaceholder
      title="Exports"
      description="Hand your confirmed compliance data to marketplaces, retailers and authorities in the formats they ask for."
      icon={FileDown}
      emptyTitle="No exports yet"
      emptyDescription="Export runs will appear here with their template, scope and status, ready to download again."
      features={[
        'Marketplace templates with versions',
        'All SKUs, a saved view or a selection',
        'Confirmed values only, never unreviewed suggestions',
        'CSV safe to open in spreadsheets',
      ]}
      actions={[{ href: '/settings/api-keys', label: 'Set up API access' }]}
    />
  );
}
