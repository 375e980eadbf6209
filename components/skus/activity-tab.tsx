'use client';

import * as React from 'react';
import {
  Activity,
  BadgeCheck,
  CircleDot,
  FilePlus2,
  Globe,
  Link2,
  PenLine,
  RotateCcw,
  ShieldOff,
  Trash2,
  Unlink,
  X,
} from 'lucide-react';
import { useCursorList } from '@/components/api/queries/use-cursor-list';
import { ListFooter } from '@/components/ui/list-toolbar';
import { Alert } from '@/components/ui/alert';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDateTime, formatRelative } from '@/components/format';
import { humanizeCode, roleNoun } from './labels';
import { isMissingRoute, useSkuPage } from './sku-context';
import type { ActivityEvent } from './types';

function s(v: unknown): string {
  return typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '';
}

function clip(v: unknown, n = 80): string {
  const t = s(v);
  return t.length > n ? `${t.slice(0, n - 1)}…` : t;
}

/** One audit event as a sentence, with an icon; unknown actions fall back to their code. */
export function describeEvent(e: ActivityEvent): { icon: typeof Activity; text: string } {
  const d = e.data ?? {};
  switch (e.action) {
    case 'sku.created':
      return {
        icon: FilePlus2,
        text: `Created SKU ${s(d.sku_code)}${d.category_code ? ` in ${s(d.category_code)}` : ''}`,
      };
    case 'dossier.value_set':
      return {
        icon: PenLine,
        text: `Set ${s(d.field_key)} to “${clip(d.value)}”${d.previous ? ` (was “${clip(d.previous, 40)}”)` : ''}`,
      };
    case 'dossier.value_cleared':
      return { icon: X, text: `Removed the value of ${s(d.field_key)}` };
    case 'dossier.suggestion_confirmed':
      return {
        icon: BadgeCheck,
        text: `Confirmed ${s(d.field_key)} = “${clip(d.value)}” from ${s(d.source).replace(/_/g, ' ')}`,
      };
    case 'dossier.suggestion_rejected':
      return { icon: X, text: `Rejected the suggestion “${clip(d.value)}” for ${s(d.field_key)}` };
    case 'sku.entity_linked':
      return { icon: Link2, text: `Linked ${s(d.name) || 'an entity'} as ${roleNoun(s(d.role))}` };
    case 'sku.entity_unlinked':
      return { icon: Unlink, text: `Unlinked the ${roleNoun(s(d.role))}` };
    case 'sku.blocker_waived':
      return { icon: ShieldOff, text: `Waived ${humanizeCode(s(d.code)).toLowerCase()}: “${clip(d.reason, 120)}”` };
    case 'sku.waiver_revoked':
      return { icon: RotateCcw, text: `Revoked the waiver of ${humanizeCode(s(d.code)).toLowerCase()}` };
    case 'sku.review_completed':
      return { icon: BadgeCheck, text: 'Completed the review' };
    case 'sku.approved':
      return { icon: BadgeCheck, text: 'Approved the SKU' };
    case 'sku.approval_reset':
      return { icon: RotateCcw, text: `Approval and review reset: ${s(d.reason) || 'the dossier changed'}` };
    case 'sku.published':
      return { icon: Globe, text: `Published revision ${s(d.revision)} of the safety page` };
    case 'sku.deleted':
      return { icon: Trash2, text: 'Deleted the SKU' };
    default:
      return { icon: CircleDot, text: e.action.replace(/[._]/g, ' ') };
  }
}

export function ActivityTab() {
  const { skuId } = useSkuPage();
  const activity = useCursorList<ActivityEvent>(`/api/skus/${skuId}/activity`, '', { itemsKey: 'events' });
  const events = activity.rows;

  if (activity.error && !events.length) {
    return (
      <Alert variant={isMissingRoute(activity.error) ? 'info' : 'danger'} title="The activity could not be loaded">
        {isMissingRoute(activity.error) ? 'The audit trail of this SKU will be listed here.' : activity.error.message}
      </Alert>
    );
  }
  if (activity.loading) return <Skeleton className="h-48" />;
  if (!events.length) {
    return (
      <Card>
        <EmptyState compact icon={Activity} title="No activity yet" />
      </Card>
    );
  }
  return (
    <Card data-testid="activity-tab">
      <ol className="divide-y divide-border">
        {events.map((e) => {
          const { icon: Icon, text } = describeEvent(e);
          return (
            <li
              key={e.id}
              className="flex gap-3 px-5 py-3 text-[0.8125rem]"
              data-testid="activity-event"
              data-action={e.action}
            >
              <span className="mt-0.5 flex size-6 shrink-0 items-center justify-center rounded-full border border-border bg-surface-muted text-muted-foreground">
                <Icon className="size-3.5" aria-hidden="true" />
              </span>
              <div className="min-w-0 flex-1">
                <p className="break-words text-foreground">{text}</p>
                <p className="text-xs text-muted-foreground">
                  {e.actor ?? 'System'} ·{' '}
                  <time dateTime={e.created_at} title={formatDateTime(e.created_at)}>
                    {formatRelative(e.created_at)}
                  </time>
                </p>
              </div>
            </li>
          );
        })}
      </ol>
      <ListFooter
        count={events.length}
        noun={['event', 'events']}
        hasMore={activity.hasMore}
        onMore={activity.loadMore}
        loadingMore={activity.loadingMore}
        moreLabel="Show older events"
      />
      {activity.error ? (
        <p className="px-5 pb-2.5 text-xs text-danger-soft-foreground">{activity.error.message}</p>
      ) : null}
    </Card>
  );
}
