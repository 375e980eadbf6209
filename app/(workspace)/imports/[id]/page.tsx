import type { Metadata } from 'next';
import { ReviewWorkbench } from '@/components/imports/review-workbench';
import { requireSession } from '@/lib/workspace/session';
import { importTitle } from '@/lib/workspace/page-titles';
import { batchIdOr404 } from './batch-id';

export async function generateMetadata({ params }: { params: Promise<{ id: string }> }): Promise<Metadata> {
  return importTitle((await params).id);
}

export default async function ImportReviewPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<{ tab?: string | string[] }>;
}) {
  await requireSession();
  const id = batchIdOr404((await params).id);
  const tab = (await searchParams).tab;
  return (
    <ReviewWorkbench
      key={id}
      id={id}
      initialTab={tab === 'errors' ? 'errors' : tab === 'entities' ? 'entities' : 'skus'}
    />
  );
}
