import type { Metadata } from 'next';
import { FileText } from 'lucide-react';
import { SectionPlaceholder } from '@/components/workspace/section-placeholder';

export const metadata: Metadata = { title: 'Documents' };

export default function DocumentsPage() {
  return (
    <SectionPlaceholder
      title="Documents"
      description="Declarations of conformity, test reports, risk assessments, safety data sheets, certificates and manuals, stored once and linked to SKUs."
      icon={FileText}
      emptyTitle="No documents yet"
      emptyDescription="Your document vault will hold the evidence behind each dossier. Files from suppliers are classified and their facts extracted with page references."
      features={[
        'PDF, Word, Excel, e-mails and ZIP archives',
        'Type and language detected, with a confidence',
        'Manufacturer, standards and dates extracted',
        'Scanned documents read by OCR',
      ]}
    />
  );
}
