import type { Metadata } from 'next';
import { BatchList } from '@/components/imports/batch-list';
import { requireSession } from '@/lib/workspace/session';

export const metadata: Metadata = { title: 'Imports' };

export default async function ImportsPage() {
  await requireSession();
  return <BatchList />;
}
