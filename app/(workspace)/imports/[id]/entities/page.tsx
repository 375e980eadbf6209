import type { Metadata } from 'next';
import { ReviewWorkbench } from '@/components/imports/review-workbench';
import { requireSession } from '@/lib/workspace/session';
import { batchIdOr404 } from '../batch-id';

export const metadata: Metadata = { title: 'Import · entities' };

export default async function ImportEntitiesPage({ params }: { params: Promise<{ id: string }> }) {
  await requireSession();
  const id = batchIdOr404((await params).id);
  return <ReviewWorkbench key={id} id={id} initialTab="entities" />;
}
