import type { Metadata } from 'next';
import { Suspense } from 'react';
import { DocumentVault } from '@/components/documents/vault';
import { requireSession } from '@/lib/workspace/session';
import { getT } from '@/lib/i18n/ui-locale';
import { documentMessages } from '@/lib/i18n/ui/documents';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getT(documentMessages);
  return { title: t('vault.title') };
}

export default async function DocumentsPage() {
  await requireSession();
  // The vault keeps its filters in the URL (useSearchParams), which needs a Suspense boundary.
  return (
    <Suspense>
      <DocumentVault />
    </Suspense>
  );
}
