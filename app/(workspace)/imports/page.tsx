import type { Metadata } from 'next';
import { Upload } from 'lucide-react';
import { SectionPlaceholder } from '@/components/workspace/section-placeholder';

export const metadata: Metadata = { title: 'Imports' };

export default function ImportsPage() {
  return (
    <SectionPlaceholder
      title="Imports"
      description="Bring your catalogue in from your ERP, shop or spreadsheet, see what will change before it does, and resolve manufacturers and importers once."
      icon={Upload}
      emptyTitle="No imports yet"
      emptyDescription="Each import will be listed here with its row counts and status, from the dry run to the review of new and changed values."
      features={[
        'CSV, TSV, XLSX, XLS and ODS',
        'Columns mapped in five languages',
        'GTINs kept exact, leading zeros included',
        'Preview before anything is written',
      ]}
    />
  );
}
