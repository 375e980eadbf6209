import type { Metadata } from 'next';
import { getT } from '@/lib/i18n/ui-locale';
import { importMessages } from '@/lib/i18n/ui/imports';
import { BatchList } from '@/components/imports/batch-list';
import { requireSession } from '@/lib/workspace/session';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getT(importMessages);
  return { title: t('page.list') };
}

export default async function ImportsPage() {
  await requireSession();
  return <BatchList />;
}
