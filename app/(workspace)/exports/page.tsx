import type { Metadata } from 'next';
import { ExportsPage } from '@/components/exports/exports-page';
import { requireSession } from '@/lib/workspace/session';

export const metadata: Metadata = { title: 'Exports' };

export default async function Page() {
  await requireSession();
  return <ExportsPage />;
}
