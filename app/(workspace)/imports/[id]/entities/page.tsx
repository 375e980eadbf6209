import type { Metadata } from 'next';
import { getT } from '@/lib/i18n/ui-locale';
import { importMessages } from '@/lib/i18n/ui/imports';
import { ReviewWorkbench } from '@/components/imports/review-workbench';
import { requireSession } from '@/lib/workspace/session';
import { batchIdOr404 } from '../batch-id';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getT(importMessages);
  return { title: t('page.entities') };
}

export default async function ImportEntitiesPage({ params }: { params: Promise<{ id: string }> }) {
  await requireSession();
  const id = batchIdOr404((await params).id);
  return <ReviewWorkbench key={id} id={id} initialTab="entities" />;
}
