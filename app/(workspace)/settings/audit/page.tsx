import type { Metadata } from 'next';
import { Suspense } from 'react';
import { AuditLog } from '@/components/documents/audit-log';
import { requireSession } from '@/components/workspace/session';

export const metadata: Metadata = { title: 'Audit log' };

export default async function AuditLogPage() {
  await requireSession();
  // The filter lives in the URL (useSearchParams), which needs a Suspense boundary.
  return (
    <Suspense>
      <AuditLog />
    </Suspense>
  );
}
