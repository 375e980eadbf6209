'use client';

import Link from 'next/link';
import { AtSign, ClipboardCheck, Inbox, Mail, ShieldCheck, UserCheck } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { useApiQuery } from '@/components/api/queries/use-api-query';
import { useFormat, useT } from '@/components/i18n/locale-provider';
import { teamMessages } from '@/lib/i18n/ui/team';
import { SKU_STATES } from '@/lib/skus/states';
import type { MyWork, WorkSkuItem } from '@/lib/team/schemas';

type SkuItem = WorkSkuItem;

function Section({
  title,
  icon: Icon,
  count,
  testId,
  children,
  empty,
}: {
  title: string;
  icon: typeof Inbox;
  count: number;
  testId: string;
  children: React.ReactNode;
  empty: string;
}) {
  return (
    <Card data-testid={testId}>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Icon className="size-4 text-primary" aria-hidden="true" /> {title}{' '}
          <Badge variant={count ? 'primary' : 'neutral'}>{count}</Badge>
        </CardTitle>
      </CardHeader>
      <CardContent>
        {count ? (
          <ul className="grid gap-1.5 text-sm">{children}</ul>
        ) : (
          <p className="text-sm text-muted-foreground">{empty}</p>
        )}
      </CardContent>
    </Card>
  );
}

const isSkuState = (s: string): s is (typeof SKU_STATES)[number] => (SKU_STATES as readonly string[]).includes(s);

function SkuLine({ s }: { s: SkuItem }) {
  const t = useT(teamMessages);
  return (
    <li className="flex flex-wrap items-center gap-2">
      <Link href={`/skus/${s.id}`} className="font-mono font-medium hover:underline">
        {s.sku_code}
      </Link>
      <span className="min-w-0 flex-1 truncate text-muted-foreground">{s.product_name}</span>
      {s.blocker_count ? (
        <Badge variant="danger">{t('work.blockers', { count: s.blocker_count })}</Badge>
      ) : (
        <Badge variant="neutral">{isSkuState(s.status) ? t(`status.${s.status}`) : s.status.replace(/_/g, ' ')}</Badge>
      )}
    </li>
  );
}

/** /inbox: what waits for the signed-in person in this workspace. */
export function MyWorkView() {
  const work = useApiQuery<MyWork>('/api/inbox');
  const t = useT(teamMessages);
  const f = useFormat();
  if (work.loading) return <Skeleton className="h-64 w-full" />;
  if (work.error || !work.data) {
    return (
      <Alert variant="danger" title={t('work.load_failed')}>
        {work.error?.message}
      </Alert>
    );
  }
  const w = work.data;
  const reviewer = ['reviewer', 'admin', 'owner'].includes(w.role);
  const total =
    w.assigned.length +
    w.reviews_to_complete.length +
    w.approvals_to_give.length +
    w.supplier_replies.length +
    w.supplier_attention.length +
    w.mentions.length;
  return (
    <div className="grid gap-5" data-testid="my-work">
      {total === 0 ? (
        <EmptyState icon={Inbox} title={t('work.empty_title')} description={t('work.empty_body')} />
      ) : null}
      <Section
        title={t('work.assigned')}
        icon={UserCheck}
        count={w.assigned.length}
        testId="work-assigned"
        empty={t('work.assigned_empty')}
      >
        {w.assigned.map((s) => (
          <SkuLine key={s.id} s={s} />
        ))}
      </Section>
      {reviewer ? (
        <>
          <Section
            title={t('work.reviews')}
            icon={ClipboardCheck}
            count={w.reviews_to_complete.length}
            testId="work-reviews"
            empty={t('work.reviews_empty')}
          >
            {w.reviews_to_complete.map((s) => (
              <SkuLine key={s.id} s={s} />
            ))}
          </Section>
          <Section
            title={w.four_eyes_approval ? t('work.approvals_four_eyes') : t('work.approvals')}
            icon={ShieldCheck}
            count={w.approvals_to_give.length}
            testId="work-approvals"
            empty={t('work.approvals_empty')}
          >
            {w.approvals_to_give.map((s) => (
              <SkuLine key={s.id} s={s} />
            ))}
          </Section>
        </>
      ) : null}
      <Section
        title={t('work.replies')}
        icon={Mail}
        count={w.supplier_replies.length}
        testId="work-replies"
        empty={t('work.replies_empty')}
      >
        {w.supplier_replies.map((r) => (
          <li key={r.id} className="flex flex-wrap items-center gap-2">
            <Link href={`/skus/${r.sku_id}`} className="font-mono font-medium hover:underline">
              {r.sku_code}
            </Link>
            <span className="min-w-0 flex-1 truncate">{r.subject}</span>
            <span className="text-xs text-muted-foreground">{r.recipient}</span>
          </li>
        ))}
      </Section>
      <Section
        title={t('work.attention')}
        icon={Mail}
        count={w.supplier_attention.length}
        testId="work-supplier-attention"
        empty={t('work.attention_empty')}
      >
        {w.supplier_attention.map((r) => (
          <li key={r.id} className="flex flex-wrap items-center gap-2" data-reason={r.reason}>
            <Link href={`/skus/${r.sku_id}`} className="font-mono font-medium hover:underline">
              {r.sku_code}
            </Link>
            <span className="min-w-0 flex-1 truncate">
              {r.reason === 'no_progress' ? t('work.attention_no_progress') : t('work.attention_overdue')}
            </span>
            <span className="text-xs text-muted-foreground">{r.recipient}</span>
          </li>
        ))}
      </Section>
      <Section
        title={t('work.mentions')}
        icon={AtSign}
        count={w.mentions.length}
        testId="work-mentions"
        empty={t('work.mentions_empty')}
      >
        {w.mentions.map((m) => (
          <li key={m.id} className="grid gap-0.5">
            <span>
              <Link href={`/skus/${m.sku_id}?tab=activity`} className="font-mono font-medium hover:underline">
                {m.sku_code}
              </Link>{' '}
              <span className="text-xs text-muted-foreground">
                {m.author} · {f.dateTime(m.created_at)}
              </span>
            </span>
            <span className="line-clamp-2 text-muted-foreground">{m.body}</span>
          </li>
        ))}
      </Section>
    </div>
  );
}
