import type { Metadata } from 'next';
import { Suspense } from 'react';
import { AuditLogView } from '@/components/team/audit-log-view';
import { requireSession } from '@/lib/workspace/session';

export const metadata: Metadata = { title: 'Audit log' };

export default async function AuditLogPage() {
  await requireSession();
  // The filter lives in the URL (useSearchParams), which needs a Suspense boundary.
  return (
    <Suspense>
      <AuditLogView />
    </Suspense>
  );
}
