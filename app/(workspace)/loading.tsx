import { Skeleton } from '@/components/ui/skeleton';
import { getT } from '@/lib/i18n/ui-locale';
import { pageMessages } from '@/lib/i18n/ui/pages';

/** Instant feedback while a workspace page renders on the server. */
export default async function WorkspaceLoading() {
  const t = await getT(pageMessages);
  return (
    <div aria-busy="true" aria-label={t('loading')}>
      <Skeleton className="h-6 w-48" />
      <Skeleton className="mt-2 h-4 w-96 max-w-full" />
      <Skeleton className="mt-8 h-64 w-full rounded-lg" />
    </div>
  );
}
