import type { Metadata } from 'next';
import { ImportWizard } from '@/components/imports/import-wizard';
import { requireSession } from '@/lib/workspace/session';

export const metadata: Metadata = { title: 'New import' };

export default async function NewImportPage() {
  await requireSession();
  return <ImportWizard />;
}
