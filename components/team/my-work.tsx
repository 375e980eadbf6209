'use client';

import Link from 'next/link';
import { AtSign, ClipboardCheck, Inbox, Mail, ShieldCheck, UserCheck } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { useApiQuery } from '@/components/api/queries/use-api-query';
import { formatDateTime } from '@/components/format';
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

function SkuLine({ s }: { s: SkuItem }) {
  return (
    <li className="flex flex-wrap items-center gap-2">
      <Link href={`/skus/${s.id}`} className="font-mono font-medium hover:underline">
        {s.sku_code}
      </Link>
      <span className="min-w-0 flex-1 truncate text-muted-foreground">{s.product_name}</span>
      {s.blocker_count ? (
        <Badge variant="danger">
          {s.blocker_count} blocker{s.blocker_count === 1 ? '' : 's'}
        </Badge>
      ) : (
        <Badge variant="neutral">{s.status.replace(/_/g, ' ')}</Badge>
      )}
    </li>
  );
}

/** /inbox: what waits for the signed-in person in this workspace. */
export function MyWorkView() {
  const work = useApiQuery<MyWork>('/api/inbox');
  if (work.loading) return <Skeleton className="h-64 w-full" />;
  if (work.error || !work.data) {
    return (
      <Alert variant="danger" title="My work could not be loaded">
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
    w.mentions.length;
  return (
    <div className="grid gap-5" data-testid="my-work">
      {total === 0 ? (
        <EmptyState
          icon={Inbox}
          title="Nothing waits for you"
          description="Assigned SKUs, reviews, approvals, supplier replies and mentions show up here."
        />
      ) : null}
      <Section
        title="Assigned to me"
        icon={UserCheck}
        count={w.assigned.length}
        testId="work-assigned"
        empty="No SKU is assigned to you."
      >
        {w.assigned.map((s) => (
          <SkuLine key={s.id} s={s} />
        ))}
      </Section>
      {reviewer ? (
        <>
          <Section
            title="Reviews to complete"
            icon={ClipboardCheck}
            count={w.reviews_to_complete.length}
            testId="work-reviews"
            empty="No SKU waits for its review."
          >
            {w.reviews_to_complete.map((s) => (
              <SkuLine key={s.id} s={s} />
            ))}
          </Section>
          <Section
            title={w.four_eyes_approval ? 'Approvals to give (four eyes)' : 'Approvals to give'}
            icon={ShieldCheck}
            count={w.approvals_to_give.length}
            testId="work-approvals"
            empty="No SKU waits for your approval."
          >
            {w.approvals_to_give.map((s) => (
              <SkuLine key={s.id} s={s} />
            ))}
          </Section>
        </>
      ) : null}
      <Section
        title="Supplier replies to review"
        icon={Mail}
        count={w.supplier_replies.length}
        testId="work-replies"
        empty="No supplier reply waits."
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
        title="Mentions"
        icon={AtSign}
        count={w.mentions.length}
        testId="work-mentions"
        empty="Nobody mentioned you in the last 30 days."
      >
        {w.mentions.map((m) => (
          <li key={m.id} className="grid gap-0.5">
            <span>
              <Link href={`/skus/${m.sku_id}?tab=activity`} className="font-mono font-medium hover:underline">
                {m.sku_code}
              </Link>{' '}
              <span className="text-xs text-muted-foreground">
                {m.author} · {formatDateTime(m.created_at)}
              </span>
            </span>
            <span className="line-clamp-2 text-muted-foreground">{m.body}</span>
          </li>
        ))}
      </Section>
    </div>
  );
}
