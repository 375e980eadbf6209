import type { Metadata } from 'next';
import { EntityList } from '@/components/entities/entity-list';
import { getT } from '@/lib/i18n/ui-locale';
import { pageMessages } from '@/lib/i18n/ui/pages';
import { requireSession } from '@/lib/workspace/session';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getT(pageMessages))('title.entities') };
}

export default async function EntitiesPage() {
  await requireSession();
  return <EntityList />;
}
