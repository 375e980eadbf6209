import type { Metadata } from 'next';
import Link from 'next/link';
import { Suspense } from 'react';
import { DocumentVault } from '@/components/documents/vault';
import { requireSession } from '@/lib/workspace/session';
import { getT } from '@/lib/i18n/ui-locale';
import { documentMessages } from '@/lib/i18n/ui/documents';
import { currencyMessages } from '@/lib/i18n/ui/currency';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getT(documentMessages);
  return { title: t('vault.title') };
}

export default async function DocumentsPage() {
  await requireSession();
  const tc = await getT(currencyMessages);
  // The vault keeps its filters in the URL (useSearchParams), which needs a Suspense boundary.
  return (
    <>
      <Suspense>
        <DocumentVault />
      </Suspense>
      <p className="mt-4 text-sm">
        <Link href="/watch/currency" className="underline">
          {tc('documents.watch_link')}
        </Link>
      </p>
    </>
  );
}
