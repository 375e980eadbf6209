import { Skeleton } from '@/components/ui/skeleton';

/** Instant feedback while a workspace page renders on the server. */
export default function WorkspaceLoading() {
  return (
    <div aria-busy="true" aria-label="Loading">
      <Skeleton className="h-6 w-48" />
      <Skeleton className="mt-2 h-4 w-96 max-w-full" />
      <Skeleton className="mt-8 h-64 w-full rounded-lg" />
    </div>
  );
}
