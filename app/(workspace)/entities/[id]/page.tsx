import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { EntityDetail } from '@/components/entities/entity-detail';
import { entityTitle } from '@/lib/workspace/page-titles';
import { requireSession } from '@/lib/workspace/session';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function generateMetadata({ params }: { params: Promise<{ id: string }> }): Promise<Metadata> {
  return entityTitle((await params).id);
}

export default async function EntityPage({ params }: { params: Promise<{ id: string }> }) {
  await requireSession();
  const { id } = await params;
  if (!UUID.test(id)) notFound();
  return <EntityDetail key={id} id={id} />;
}
