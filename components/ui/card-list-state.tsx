import * as React from 'react';
import { Alert } from '@/components/ui/alert';
import { Skeleton } from '@/components/ui/skeleton';
import { describeError } from '@/components/api/client';
import type { ApiQuery } from '@/components/api/queries/use-api-query';
import { cn } from '@/lib/utils/cn';

/**
 * The states of a list inside a card, in one place: a skeleton until the first answer, the error's
 * title when the read failed, `empty` when it returned no rows, else the list itself. The settings and
 * passport cards each spelled this out before.
 */
export function CardListState({
  query,
  count,
  empty,
  skeletonClassName = 'h-20',
  children,
}: {
  query: Pick<ApiQuery<unknown>, 'loading' | 'error'>;
  /** Rows the answer holds. */
  count: number;
  /** What stands in for the list when it has no rows. */
  empty: React.ReactNode;
  skeletonClassName?: string;
  children: React.ReactNode;
}) {
  if (query.loading) return <Skeleton className={cn('mx-6 mb-6', skeletonClassName)} />;
  if (query.error)
    return (
      <div className="px-6 pb-6">
        <Alert variant="danger" title={describeError(query.error).title} />
      </div>
    );
  if (count === 0) return <>{empty}</>;
  return <>{children}</>;
}
