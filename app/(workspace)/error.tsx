'use client';

import { RefreshCw, TriangleAlert } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { useT } from '@/components/i18n/locale-provider';
import { commonMessages } from '@/lib/i18n/ui/common';
import { pageMessages } from '@/lib/i18n/ui/pages';

/** Shown in place of a workspace page that failed to render; the sidebar stays usable. */
export default function WorkspaceError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const t = useT(pageMessages);
  const tc = useT(commonMessages);
  return (
    <Card>
      <EmptyState
        icon={TriangleAlert}
        title={t('error.title')}
        description={
          error.digest ? (
            <>
              {t('error.text_ref')} <code className="font-mono text-xs">{error.digest}</code>.
            </>
          ) : (
            t('error.text')
          )
        }
        actions={
          <Button variant="secondary" onClick={reset}>
            <RefreshCw aria-hidden="true" /> {tc('retry')}
          </Button>
        }
      />
    </Card>
  );
}
