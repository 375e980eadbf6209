'use client';

import { RefreshCw, TriangleAlert } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';

/** Shown in place of a workspace page that failed to render; the sidebar stays usable. */
export default function WorkspaceError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <Card>
      <EmptyState
        icon={TriangleAlert}
        title="This page could not be loaded"
        description={
          <>
            Something went wrong on our side. Try again; if it keeps happening, contact support
            {error.digest ? (
              <>
                {' '}
                and quote reference <code className="font-mono text-xs">{error.digest}</code>
              </>
            ) : null}
            .
          </>
        }
        actions={
          <Button variant="secondary" onClick={reset}>
            <RefreshCw aria-hidden="true" /> Try again
          </Button>
        }
      />
    </Card>
  );
}
