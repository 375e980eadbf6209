import type { Metadata } from 'next';
import { Boxes } from 'lucide-react';
import { SectionPlaceholder } from '@/components/workspace/section-placeholder';

export const metadata: Metadata = { title: 'SKUs' };

export default function SkusPage() {
  return (
    <SectionPlaceholder
      title="SKUs"
      description="Every product you place on the EU market, with its dossier, blockers, approval and public safety page."
      icon={Boxes}
      emptyTitle="No SKUs yet"
      emptyDescription="Import your catalogue to create SKUs in bulk. Each SKU gets a dossier and a list of what GPSR and its sector rules still require."
      features={[
        'Dossier fields with the source of every value',
        'Blockers computed per category and target market',
        'Review, approval and publication with an audit trail',
        'Safety page with QR code and dossier.zip for authorities',
      ]}
      actions={[
        { href: '/imports', label: 'Import a catalogue', variant: 'primary' },
        { href: '/docs/api', label: 'Use the API' },
      ]}
    />
  );
}
