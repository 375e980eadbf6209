'use client';

import Link from 'next/link';
import { Badge } from '@/components/ui/badge';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { useApiQuery } from '@/components/api/queries/use-api-query';
import { useFormat, useT } from '@/components/i18n/locale-provider';
import { watchMessages } from '@/lib/i18n/ui/watch';
import type { RecallCase } from '@/lib/recalls/schemas';

/** Recall cases, newest first. */
export function CasesList() {
  const t = useT(watchMessages);
  const f = useFormat();
  const q = useApiQuery<{ data: RecallCase[] }>('/api/recalls/cases');
  if (q.loading) return <Skeleton className="h-24 w-full" />;
  const cases = q.data?.data ?? [];
  if (!cases.length) return <EmptyState title={t('cases.empty')} />;
  return (
    <ul className="flex flex-col gap-3">
      {cases.map((c) => (
        <li key={c.id} className="rounded-lg border border-border bg-surface p-4">
          <Link href={`/watch/cases/${c.id}`} className="font-medium underline-offset-2 hover:underline">
            {t(`case.action.${c.action}`)}: {c.skus.map((s) => s.sku_code).join(', ')}
          </Link>
          <div className="mt-1 flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
            <Badge variant={c.status === 'open' ? 'warning' : 'neutral'}>{t(`cases.${c.status}`)}</Badge>
            <span>{f.date(c.created_at)}</span>
            <span>{c.reason}</span>
          </div>
        </li>
      ))}
    </ul>
  );
}
