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
import { useFormat, useLocale, useT } from '@/components/i18n/locale-provider';
import type { T, UiLocale } from '@/lib/i18n/ui';
import { skuDossierMessages } from '@/lib/i18n/ui/sku-dossier';
import { teamMessages } from '@/lib/i18n/ui/team';
import { fieldLabel } from '@/lib/model/catalogue';
import { blockerTitle } from '@/lib/requirements/titles';
import { resetReasonText, roleInSentence, sourceText } from './vocabulary';
import { isMissingRoute, useSkuPage } from './sku-context';
import type { ActivityEvent } from './types';

function s(v: unknown): string {
  return typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '';
}

function clip(v: unknown, n = 80): string {
  const t = s(v);
  return t.length > n ? `${t.slice(0, n - 1)}…` : t;
}

/** A blocker code inside a sentence: English lowers it ("waived CE marking missing (toy)"), German nouns keep their capitals. */
function codeInSentence(code: string, locale: UiLocale): string {
  const title = blockerTitle(code, locale);
  return locale === 'en' ? title.toLowerCase() : title;
}

/** An action without its own sentence: its name from the audit log's words, else the code as sent. */
function actionName(action: string, tt: T<(typeof teamMessages)['en']>): string {
  const key = `audit.action.${action}`;
  return Object.hasOwn(teamMessages.en, key) ? tt(key as keyof (typeof teamMessages)['en']) : action;
}

/** One audit event as a sentence, with an icon; the field by its label in the UI's language. */
export function describeEvent(
  e: ActivityEvent,
  t: T<(typeof skuDossierMessages)['en']>,
  locale: UiLocale,
  tt: T<(typeof teamMessages)['en']>,
): { icon: typeof Activity; text: string } {
  const d = { ...(e.data ?? {}) };
  if (typeof d.field_key === 'string') d.field_key = fieldLabel(d.field_key, locale);
  switch (e.action) {
    case 'sku.created':
      return {
        icon: FilePlus2,
        text: d.category_code
          ? t('activity.created_in', { code: s(d.sku_code), category: s(d.category_code) })
          : t('activity.created', { code: s(d.sku_code) }),
      };
    case 'dossier.value_set':
      return {
        icon: PenLine,
        text: d.previous
          ? t('activity.value_set_was', { field: s(d.field_key), value: clip(d.value), previous: clip(d.previous, 40) })
          : t('activity.value_set', { field: s(d.field_key), value: clip(d.value) }),
      };
    case 'dossier.value_cleared':
      return { icon: X, text: t('activity.value_cleared', { field: s(d.field_key) }) };
    case 'dossier.suggestion_confirmed':
      return {
        icon: BadgeCheck,
        text: t('activity.confirmed', {
          field: s(d.field_key),
          value: clip(d.value),
          source: locale === 'en' ? s(d.source).replace(/_/g, ' ') : sourceText(s(d.source), locale),
        }),
      };
    case 'dossier.suggestion_rejected':
      return { icon: X, text: t('activity.rejected', { value: clip(d.value), field: s(d.field_key) }) };
    case 'sku.entity_linked':
      return {
        icon: Link2,
        text: t('activity.linked', {
          name: s(d.name) || t('activity.an_entity'),
          role: roleInSentence(s(d.role), locale),
        }),
      };
    case 'sku.entity_unlinked':
      return { icon: Unlink, text: t('activity.unlinked', { role: roleInSentence(s(d.role), locale) }) };
    case 'sku.blocker_waived':
      return {
        icon: ShieldOff,
        text: t('activity.waived', { code: codeInSentence(s(d.code), locale), reason: clip(d.reason, 120) }),
      };
    case 'sku.waiver_revoked':
      return { icon: RotateCcw, text: t('activity.revoked', { code: codeInSentence(s(d.code), locale) }) };
    case 'sku.review_completed':
      return { icon: BadgeCheck, text: t('activity.review_completed') };
    case 'sku.approved':
      return { icon: BadgeCheck, text: t('activity.approved') };
    case 'sku.approval_reset':
      return {
        icon: RotateCcw,
        text: t('activity.approval_reset', {
          reason: resetReasonText(e.data ?? {}, locale) || t('activity.dossier_changed'),
        }),
      };
    case 'sku.published':
      return { icon: Globe, text: t('activity.published', { revision: s(d.revision) }) };
    case 'sku.deleted':
      return { icon: Trash2, text: t('activity.deleted') };
    default:
      return { icon: CircleDot, text: actionName(e.action, tt) };
  }
}

export function ActivityTab() {
  const { skuId } = useSkuPage();
  const t = useT(skuDossierMessages);
  const tt = useT(teamMessages);
  const fmt = useFormat();
  const locale = useLocale();
  const activity = useCursorList<ActivityEvent>(`/api/skus/${skuId}/activity`, '', { itemsKey: 'events' });
  const events = activity.rows;

  if (activity.error && !events.length) {
    return (
      <Alert variant={isMissingRoute(activity.error) ? 'info' : 'danger'} title={t('activity.load_error')}>
        {isMissingRoute(activity.error) ? t('activity.unavailable') : activity.error.message}
      </Alert>
    );
  }
  if (activity.loading) return <Skeleton className="h-48" />;
  if (!events.length) {
    return (
      <Card>
        <EmptyState compact icon={Activity} title={t('activity.empty')} />
      </Card>
    );
  }
  return (
    <Card data-testid="activity-tab">
      <ol className="divide-y divide-border">
        {events.map((e) => {
          const { icon: Icon, text } = describeEvent(e, t, locale, tt);
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
                  {e.actor ?? t('activity.system')} ·{' '}
                  <time dateTime={e.created_at} title={fmt.dateTime(e.created_at)}>
                    {fmt.relative(e.created_at)}
                  </time>
                </p>
              </div>
            </li>
          );
        })}
      </ol>
      <ListFooter
        count={events.length}
        noun={[t('activity.event'), t('activity.events')]}
        hasMore={activity.hasMore}
        onMore={activity.loadMore}
        loadingMore={activity.loadingMore}
        moreLabel={t('activity.more')}
      />
      {activity.error ? (
        <p className="px-5 pb-2.5 text-xs text-danger-soft-foreground">{activity.error.message}</p>
      ) : null}
    </Card>
  );
}
