import type { Metadata } from 'next';
import { ExportsPage } from '@/components/exports/exports-page';
import { getT } from '@/lib/i18n/ui-locale';
import { pageMessages } from '@/lib/i18n/ui/pages';
import { requireSession } from '@/lib/workspace/session';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getT(pageMessages))('title.exports') };
}

export default async function Page() {
  await requireSession();
  return <ExportsPage />;
}
