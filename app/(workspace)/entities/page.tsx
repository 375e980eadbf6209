import type { Metadata } from 'next';
import { EntityList } from '@/components/entities/entity-list';
import { requireSession } from '@/lib/workspace/session';

export const metadata: Metadata = { title: 'Entities' };

export default async function EntitiesPage() {
  await requireSession();
  return <EntityList />;
}
