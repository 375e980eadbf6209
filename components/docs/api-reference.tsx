'use client';

import dynamic from 'next/dynamic';
import { Skeleton } from '@/components/ui/skeleton';

function Loading() {
  return (
    <div
      className="grid flex-1 grid-cols-[16rem_1fr] gap-8 p-6"
      aria-busy="true"
      aria-label="Loading the API reference"
    >
      <div className="grid content-start gap-2">
        {Array.from({ length: 10 }, (_, i) => (
          <Skeleton key={i} className="h-5" />
        ))}
      </div>
      <div className="grid content-start gap-3">
        <Skeleton className="h-8 w-1/3" />
        <Skeleton className="h-4 w-2/3" />
        <Skeleton className="h-4 w-1/2" />
        <Skeleton className="mt-6 h-48" />
      </div>
    </div>
  );
}

// Scalar renders in the browser only (it mounts a Vue app); loading it lazily keeps it out of every
// other page's bundle.
const ScalarReference = dynamic(() => import('./scalar-reference'), { ssr: false, loading: Loading });

export function ApiReference() {
  return <ScalarReference />;
}
