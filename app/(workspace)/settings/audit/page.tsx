import type { Metadata } from 'next';
import { Suspense } from 'react';
import { AuditLogView } from '@/components/team/audit-log-view';
import { requireSession } from '@/lib/workspace/session';
import { getT } from '@/lib/i18n/ui-locale';
import { settingsMessages } from '@/lib/i18n/ui/settings';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getT(settingsMessages);
  return { title: t('nav.audit') };
}

export default async function AuditLogPage() {
  await requireSession();
  // The filter lives in the URL (useSearchParams), which needs a Suspense boundary.
  return (
    <Suspense>
      <AuditLogView />
    </Suspense>
  );
}
