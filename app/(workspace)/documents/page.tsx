import type { Metadata } from 'next';
import { Suspense } from 'react';
import { DocumentVault } from '@/components/documents/vault';
import { requireSession } from '@/lib/workspace/session';

export const metadata: Metadata = { title: 'Documents' };

export default async function DocumentsPage() {
  await requireSession();
  // The vault keeps its filters in the URL (useSearchParams), which needs a Suspense boundary.
  return (
    <Suspense>
      <DocumentVault />
    </Suspense>
  );
}
