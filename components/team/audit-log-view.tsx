'use client';

import * as React from 'react';
import Link from 'next/link';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { Download, History } from 'lucide-react';
import { useMembers } from '@/components/api/queries/resources';
import { useCursorList } from '@/components/api/queries/use-cursor-list';
import { ListFooter } from '@/components/ui/list-toolbar';
import { Alert } from '@/components/ui/alert';
import { Badge, type BadgeProps } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useFormat, useLocale, useT } from '@/components/i18n/locale-provider';
import { fieldLabel } from '@/lib/model/catalogue';
import type { T, UiLocale } from '@/lib/i18n/ui';
import { teamMessages } from '@/lib/i18n/ui/team';
import { useRoleLabel } from './role-context';
import { resetReasonText } from '@/components/skus/vocabulary';
import type { z } from 'zod';
import type { AuditLogEvent } from '@/lib/audit/schemas';

type Event = z.infer<typeof AuditLogEvent>;
type Key = keyof (typeof teamMessages)['en'];
type TeamT = T<(typeof teamMessages)['en']>;

const ACTIONS: { value: string; label: Key }[] = [
  { value: '', label: 'audit.filter_all' },
  { value: 'sku.approv', label: 'audit.filter_approvals' },
  { value: 'sku.review', label: 'audit.filter_reviews' },
  { value: 'sku.', label: 'audit.filter_skus' },
  { value: 'dossier.', label: 'audit.filter_dossier' },
  { value: 'entity.', label: 'audit.filter_entities' },
  { value: 'import.', label: 'audit.filter_imports' },
  { value: 'export.', label: 'audit.filter_exports' },
  { value: 'recall.', label: 'audit.filter_recalls' },
  { value: 'gtin_claim.', label: 'audit.filter_gtin_claims' },
  { value: 'passport.', label: 'audit.filter_passports' },
  { value: 'webhook.', label: 'audit.filter_webhooks' },
  { value: 'member.', label: 'audit.filter_members' },
  { value: 'invitation.', label: 'audit.filter_invitations' },
  { value: 'workspace.', label: 'audit.filter_workspace' },
  { value: 'document.', label: 'audit.filter_documents' },
  { value: 'upload.', label: 'audit.filter_uploads' },
];

/** One-click filters on the action (the URL's action_prefix, as links to this page have always used). */
const PRESETS: { prefix: string; label: Key }[] = [
  { prefix: '', label: 'audit.preset_everything' },
  { prefix: 'sku.approv', label: 'audit.preset_approvals' },
  { prefix: 'member.', label: 'audit.preset_membership' },
  { prefix: 'upload.', label: 'audit.filter_uploads' },
  { prefix: 'upload.classified', label: 'audit.preset_classified' },
  { prefix: 'upload.routed', label: 'audit.preset_routed' },
  { prefix: 'upload.needs_review', label: 'audit.preset_needs_review' },
];

/** A code's words when the dictionary has them (`audit.action.<code>`, `audit.dest.<code>`), else the code as sent. */
function known(t: TeamT, key: string, fallback: string): string {
  return Object.hasOwn(teamMessages.en, key) ? t(key as Key) : fallback;
}

const FILTER_KEYS = ['actor', 'action', 'action_prefix', 'sku', 'from', 'to'] as const;
type FilterKey = (typeof FILTER_KEYS)[number];

function tone(action: string): BadgeProps['variant'] {
  if (/refused|removed|revoked|deleted|reset/.test(action)) return 'danger';
  if (/approved|review_completed|joined/.test(action)) return 'success';
  if (/role_changed|ownership|settings/.test(action)) return 'warning';
  return 'neutral';
}

function summary(e: Event, t: TeamT, role: (code: string) => string, locale: UiLocale): string {
  const d = e.data;
  const s = (k: string) => (typeof d[k] === 'string' ? (d[k] as string) : null);
  const roleOf = (k: string) => {
    const code = s(k);
    return code === null ? null : role(code);
  };
  if (e.action === 'member.role_changed') return `${roleOf('from')} → ${roleOf('to')}`;
  if (e.action === 'sku.approval_refused' || e.action === 'sku.review_refused') return s('message') ?? s('code') ?? '';
  if (e.action === 'sku.approval_reset') {
    const by = s('changed_by');
    const reason = resetReasonText(d, locale) ?? '';
    return by ? t('audit.reset_by', { reason, name: by }) : reason;
  }
  if (e.action === 'sku.approved') return d.four_eyes ? t('audit.four_eyes') : '';
  if (e.action === 'invitation.created' || e.action === 'member.joined') return roleOf('role') ?? '';
  if (e.action === 'workspace.settings_changed') return Object.keys(d).join(', ');
  if (e.action.startsWith('upload.')) {
    const dest = s('destination');
    return [s('filename'), dest ? `→ ${known(t, `audit.dest.${dest}`, dest)}` : null, s('reasoning')]
      .filter(Boolean)
      .join(' ');
  }
  return s('filename') ?? s('reason') ?? '';
}

/** A dossier value's change as the event recorded it: the field, the value before and after. */
function dossierChange(e: Event): { field: string; from: string | null; to: string | null } | null {
  if (!e.action.startsWith('dossier.') || typeof e.data.field_key !== 'string') return null;
  const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);
  if (e.action === 'dossier.suggestion_rejected') return null;
  return { field: e.data.field_key, from: str(e.data.previous), to: str(e.data.value) };
}

const clip = (v: string) => (v.length > 80 ? `${v.slice(0, 79)}…` : v);

/** "Manufacturer name: Old GmbH → New GmbH", the field a link to it on the SKU's dossier. */
function DossierChange({
  event,
  change,
  t,
  locale,
}: {
  event: Event;
  change: { field: string; from: string | null; to: string | null };
  t: TeamT;
  locale: UiLocale;
}) {
  const label = fieldLabel(change.field, locale);
  const empty = t('audit.empty_value');
  const field =
    event.sku?.id && event.action !== 'sku.deleted' ? (
      <Link
        href={`/skus/${event.sku.id}?tab=dossier#field-${change.field}`}
        className="font-medium text-foreground hover:underline"
        aria-label={t('audit.field_link', { field: label, sku: event.sku.sku_code ?? '' })}
      >
        {label}
      </Link>
    ) : (
      <span className="font-medium text-foreground">{label}</span>
    );
  return (
    <span className="block break-words" data-testid="audit-change">
      {field}:{' '}
      <span className="line-through decoration-muted-foreground/60">{change.from ? clip(change.from) : empty}</span> →{' '}
      <span className="text-foreground">{change.to ? clip(change.to) : empty}</span>
    </span>
  );
}

/** Day boundaries of a date input as ISO instants in the viewer's time zone. */
const dayStart = (v: string) => (v ? new Date(`${v}T00:00:00`).toISOString() : undefined);
const dayEnd = (v: string) =>
  v ? new Date(new Date(`${v}T00:00:00`).getTime() + 86_400_000).toISOString() : undefined;

export function AuditLogView() {
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const filters = Object.fromEntries(FILTER_KEYS.map((k) => [k, params.get(k) ?? ''])) as Record<FilterKey, string>;
  const [draft, setDraft] = React.useState(filters);
  const members = useMembers().data?.data ?? [];
  const t = useT(teamMessages);
  const f = useFormat();
  const locale = useLocale();
  const roleLabel = useRoleLabel();

  const query = React.useMemo(() => {
    const q = new URLSearchParams();
    if (filters.actor) q.set('actor', filters.actor);
    if (filters.action) q.set('action', filters.action);
    else if (filters.action_prefix) q.set('action_prefix', filters.action_prefix);
    if (filters.sku) q.set('sku', filters.sku);
    const from = dayStart(filters.from);
    const to = dayEnd(filters.to);
    if (from) q.set('from', from);
    if (to) q.set('to', to);
    return q.toString();
  }, [filters.actor, filters.action, filters.action_prefix, filters.sku, filters.from, filters.to]);

  const list = useCursorList<Event>('/api/audit-events', query, { itemsKey: 'events', pageSize: 50 });
  const { error } = list;
  const events = list.loading ? null : list.rows;

  function apply(e: React.FormEvent) {
    e.preventDefault();
    const q = new URLSearchParams();
    for (const k of FILTER_KEYS) if (draft[k] && k !== 'action_prefix') q.set(k, draft[k]);
    router.replace(`${pathname}${q.size ? `?${q}` : ''}`);
  }

  function preset(prefix: string) {
    const q = new URLSearchParams(params.toString());
    q.delete('action');
    if (prefix) q.set('action_prefix', prefix);
    else q.delete('action_prefix');
    setDraft({ ...draft, action: '', action_prefix: prefix });
    router.replace(`${pathname}${q.size ? `?${q}` : ''}`);
  }
  const activePrefix = filters.action || filters.action_prefix;

  return (
    <div className="grid grid-cols-1 gap-4" data-testid="audit-log">
      <div className="flex flex-wrap gap-1.5" role="group" aria-label={t('audit.quick_filters')}>
        {PRESETS.map((p) => (
          <Button
            key={p.prefix}
            type="button"
            size="sm"
            variant={activePrefix === p.prefix ? 'primary' : 'secondary'}
            aria-pressed={activePrefix === p.prefix}
            onClick={() => preset(p.prefix)}
          >
            {t(p.label)}
          </Button>
        ))}
      </div>
      <form onSubmit={apply} className="flex flex-wrap items-end gap-3" data-testid="audit-filters">
        <div className="grid gap-1.5">
          <Label htmlFor="audit-person">{t('audit.person')}</Label>
          <select
            id="audit-person"
            className="h-9 rounded-md border border-border bg-surface px-2 text-sm"
            value={draft.actor}
            onChange={(e) => setDraft({ ...draft, actor: e.target.value })}
          >
            <option value="">{t('audit.everyone')}</option>
            {members.map((m) => (
              <option key={m.user_id} value={m.user_id}>
                {m.email}
              </option>
            ))}
          </select>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="audit-action">{t('audit.action')}</Label>
          <select
            id="audit-action"
            className="h-9 rounded-md border border-border bg-surface px-2 text-sm"
            value={draft.action}
            onChange={(e) => setDraft({ ...draft, action: e.target.value })}
          >
            {ACTIONS.map((a) => (
              <option key={a.value} value={a.value}>
                {t(a.label)}
              </option>
            ))}
          </select>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="audit-sku">{t('audit.sku')}</Label>
          <Input
            id="audit-sku"
            className="w-36"
            value={draft.sku}
            onChange={(e) => setDraft({ ...draft, sku: e.target.value })}
            placeholder={t('audit.sku_placeholder')}
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="audit-from">{t('audit.from')}</Label>
          <Input
            id="audit-from"
            type="date"
            className="w-40"
            value={draft.from}
            onChange={(e) => setDraft({ ...draft, from: e.target.value })}
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="audit-to">{t('audit.to')}</Label>
          <Input
            id="audit-to"
            type="date"
            className="w-40"
            value={draft.to}
            onChange={(e) => setDraft({ ...draft, to: e.target.value })}
          />
        </div>
        <Button type="submit" variant="secondary">
          {t('audit.apply')}
        </Button>
        <Button asChild variant="ghost">
          <a href={`/api/audit-events/export.csv${query ? `?${query}` : ''}`} download data-testid="audit-csv">
            <Download aria-hidden="true" /> {t('audit.export_csv')}
          </a>
        </Button>
      </form>
      {error ? (
        <Alert variant="danger" title={t('audit.load_failed')}>
          {error.message}
        </Alert>
      ) : !events ? (
        <Skeleton className="h-40 w-full" />
      ) : events.length === 0 ? (
        <EmptyState icon={History} title={t('audit.empty_title')} description={t('audit.empty_body')} />
      ) : (
        <Card>
          <Table data-testid="audit-table">
            <TableHeader>
              <TableRow>
                <TableHead>{t('audit.col_when')}</TableHead>
                <TableHead>{t('audit.col_who')}</TableHead>
                <TableHead>{t('audit.col_what')}</TableHead>
                <TableHead>{t('audit.col_about')}</TableHead>
                <TableHead>{t('audit.col_details')}</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {events.map((e) => (
                <TableRow key={e.id} data-testid="audit-event" data-action={e.action}>
                  <TableCell className="whitespace-nowrap text-xs tabular-nums">{f.dateTime(e.created_at)}</TableCell>
                  <TableCell className="text-[0.8125rem]">{e.actor ?? t('audit.system')}</TableCell>
                  <TableCell>
                    <Badge variant={tone(e.action)} title={e.action}>
                      {known(t, `audit.action.${e.action}`, e.action)}
                    </Badge>
                  </TableCell>
                  <TableCell className="text-[0.8125rem]">
                    {e.sku ? (
                      e.sku.sku_code && e.action !== 'sku.deleted' ? (
                        <Link href={`/skus/${e.sku.id}`} className="font-mono hover:underline">
                          {e.sku.sku_code}
                        </Link>
                      ) : (
                        <span className="font-mono">{e.sku.sku_code ?? t('audit.deleted_sku')}</span>
                      )
                    ) : (
                      (e.target_label ??
                      (e.target_type ? known(t, `audit.target.${e.target_type}`, e.target_type) : ''))
                    )}
                  </TableCell>
                  <TableCell className="max-w-md text-xs text-muted-foreground" title={JSON.stringify(e.data)}>
                    {dossierChange(e) ? (
                      <DossierChange event={e} change={dossierChange(e)!} t={t} locale={locale} />
                    ) : (
                      <span className="line-clamp-2">{summary(e, t, roleLabel, locale)}</span>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <ListFooter
            count={events.length}
            noun={[t('audit.event'), t('audit.events')]}
            hasMore={list.hasMore}
            onMore={list.loadMore}
            loadingMore={list.loadingMore}
            moreLabel={t('audit.load_more')}
          />
        </Card>
      )}
    </div>
  );
}
