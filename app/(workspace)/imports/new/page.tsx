import type { Metadata } from 'next';
import { getT } from '@/lib/i18n/ui-locale';
import { importMessages } from '@/lib/i18n/ui/imports';
import { ImportWizard } from '@/components/imports/import-wizard';
import { requireSession } from '@/lib/workspace/session';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getT(importMessages);
  return { title: t('page.new') };
}

export default async function NewImportPage() {
  await requireSession();
  return <ImportWizard />;
}
