'use client';

import * as React from 'react';
import Link from 'next/link';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { ArrowRight, History, Search } from 'lucide-react';
import { ApiError, apiFetch, signInUrl } from '@/components/api/client';
import { Alert } from '@/components/ui/alert';
import { Badge, type BadgeProps } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDate } from '@/components/format';
import { cn } from '@/lib/utils/cn';
import { ConfidenceText } from './classification-badges';
import { AUDIT_ACTION_LABELS, DESTINATION_LABELS, documentTypeLabel } from './labels';
import type { AuditEvent } from './types';

const PRESETS: { prefix: string; label: string }[] = [
  { prefix: '', label: 'Everything' },
  { prefix: 'upload.', label: 'Upload decisions' },
  { prefix: 'upload.classified', label: 'Classified' },
  { prefix: 'upload.routed', label: 'Routed' },
  { prefix: 'upload.needs_review', label: 'Needs review' },
];

/** The API returns at most 100 events per request and has no cursor (yet): the newest 100 are shown. */
const LIMIT = 100;

type AuditPage = { events: AuditEvent[]; next_cursor: string | null; has_more: boolean };

const timeFmt = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', second: '2-digit' });

function str(v: unknown): string | null {
  return typeof v === 'string' && v.trim() ? v : null;
}

function num(v: unknown): number | null {
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}

export function actorName(actor: AuditEvent['actor']): string {
  if (!actor) return 'System';
  if (typeof actor === 'string') return actor;
  return actor.email ?? actor.label ?? actor.name ?? (actor.type === 'api_key' ? 'API key' : 'Someone');
}

function actionTone(action: string): BadgeProps['variant'] {
  if (action === 'upload.needs_review') return 'warning';
  if (action === 'upload.routed') return 'violet';
  if (action === 'upload.classified') return 'success';
  if (/delete|revoke|remove/.test(action)) return 'danger';
  return 'neutral';
}

function actionLabel(action: string): string {
  return AUDIT_ACTION_LABELS[action] ?? action;
}

/** Keys of `data` shown as the upload decision itself; any others are listed as details. */
const DECISION_KEYS = new Set(['filename', 'classification_type', 'confidence', 'destination', 'reasoning']);

function OtherData({ data }: { data: Record<string, unknown> }) {
  const entries = Object.entries(data)
    .filter(([k, v]) => !DECISION_KEYS.has(k) && v !== null && v !== undefined && v !== '')
    .slice(0, 6);
  if (!entries.length) return null;
  return (
    <dl className="mt-1 flex flex-wrap gap-x-4 gap-y-0.5 text-xs text-muted-foreground">
      {entries.map(([k, v]) => (
        <div key={k} className="flex min-w-0 gap-1">
          <dt>{k.replace(/_/g, ' ')}:</dt>
          <dd className="max-w-72 truncate text-foreground">{typeof v === 'object' ? JSON.stringify(v) : String(v)}</dd>
        </div>
      ))}
    </dl>
  );
}

function EventItem({ e }: { e: AuditEvent }) {
  const data = e.data ?? {};
  const filename = str(data.filename);
  const type = str(data.classification_type);
  const confidence = num(data.confidence);
  const destination = str(data.destination);
  const reasoning = str(data.reasoning);
  const docLink = e.target_type === 'document' && e.target_id ? `/documents/${e.target_id}` : null;
  return (
    <li className="relative grid grid-cols-[4.5rem_1fr] gap-3 py-3 pr-5" data-testid="audit-event" data-action={e.action}>
      <time dateTime={e.created_at} className="pt-0.5 pl-5 text-xs text-muted-foreground tabular-nums">
        {timeFmt.format(new Date(e.created_at))}
      </time>
      <div className="relative min-w-0 border-l border-border pl-4">
        <span className={cn('absolute top-1.5 -left-[5px] size-2.5 rounded-full border-2 border-surface', e.action === 'upload.needs_review' ? 'bg-warning' : e.action === 'upload.routed' ? 'bg-violet-soft-foreground' : 'bg-primary')} aria-hidden="true" />
        <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1 text-[0.8125rem]">
          <Badge variant={actionTone(e.action)} title={e.action}>
            {actionLabel(e.action)}
          </Badge>
          {filename ? (
            docLink ? (
              <Link href={docLink} className="max-w-md truncate font-medium text-foreground hover:text-primary hover:underline" title={filename}>
                {filename}
              </Link>
            ) : (
              <span className="max-w-md truncate font-medium text-foreground" title={filename}>
                {filename}
              </span>
            )
          ) : null}
          {type ? <span className="text-muted-foreground">{documentTypeLabel(type)}</span> : null}
          {confidence !== null ? <ConfidenceText value={confidence} /> : null}
          {destination ? (
            <span className="inline-flex items-center gap-1 text-muted-foreground">
              <ArrowRight className="size-3.5" aria-hidden="true" />
              <span className="font-medium text-foreground">{DESTINATION_LABELS[destination] ?? destination}</span>
            </span>
          ) : null}
        </div>
        <p className="mt-0.5 text-xs text-muted-foreground">
          by <span className="text-foreground">{actorName(e.actor)}</span>
          {!filename && e.target_type ? (
            <>
              {' '}
              · {e.target_type.replace(/_/g, ' ')}
              {e.target_id ? <span className="font-mono"> {e.target_id.slice(0, 8)}</span> : null}
            </>
          ) : null}
        </p>
        {reasoning ? <p className="mt-1 max-w-3xl text-[0.8125rem] leading-relaxed text-foreground/90">{reasoning}</p> : null}
        <OtherData data={data} />
      </div>
    </li>
  );
}

/** /settings/audit: the workspace audit log as a timeline grouped by day, filtered by action prefix. */
export function AuditLog() {
  const router = useRouter();
  const pathname = usePathname() ?? '/settings/audit';
  const params = useSearchParams();
  const prefix = params?.get('action_prefix') ?? '';
  const [custom, setCustom] = React.useState(prefix);
  const [events, setEvents] = React.useState<AuditEvent[] | null>(null);
  const [loading, setLoading] = React.useState(true);
  const [error, setError] = React.useState<ApiError | null>(null);
  const [cursor, setCursor] = React.useState<string | null>(null);
  const [loadingMore, setLoadingMore] = React.useState(false);
  const currentPrefix = React.useRef(prefix);
  React.useEffect(() => {
    currentPrefix.current = prefix;
  }, [prefix]);

  const setPrefix = React.useCallback(
    (p: string) => {
      const q = new URLSearchParams();
      if (p) q.set('action_prefix', p);
      router.replace(q.size ? `${pathname}?${q.toString()}` : pathname, { scroll: false });
    },
    [pathname, router],
  );

  React.useEffect(() => {
    const ac = new AbortController();
    const run = async () => {
      setLoading(true);
      const q = new URLSearchParams({ limit: String(LIMIT) });
      if (prefix) q.set('action_prefix', prefix);
      try {
        const body = await apiFetch<AuditPage>(`/api/audit-events?${q.toString()}`, { signal: ac.signal });
        if (ac.signal.aborted) return;
        setEvents(body.events);
        setCursor(body.has_more ? body.next_cursor : null);
        setError(null);
      } catch (e) {
        if (ac.signal.aborted) return;
        if (e instanceof ApiError && e.isAuthLoss) {
          router.replace(signInUrl());
          return;
        }
        setError(e instanceof ApiError ? e : new ApiError({ status: 0, code: 'UNKNOWN', message: 'The audit log could not be loaded.' }));
      } finally {
        if (!ac.signal.aborted) setLoading(false);
      }
    };
    void run();
    return () => ac.abort();
  }, [prefix, router]);

  // Older events follow the last one shown (keyset cursor), so none is skipped or shown twice.
  async function loadMore() {
    if (!cursor) return;
    setLoadingMore(true);
    const q = new URLSearchParams({ limit: String(LIMIT), cursor });
    if (prefix) q.set('action_prefix', prefix);
    try {
      const body = await apiFetch<AuditPage>(`/api/audit-events?${q.toString()}`);
      // The filter changed meanwhile: this page belongs to the old list.
      if (currentPrefix.current !== prefix) return;
      setEvents((prev) => [...(prev ?? []), ...body.events]);
      setCursor(body.has_more ? body.next_cursor : null);
    } catch (e) {
      setError(e instanceof ApiError ? e : new ApiError({ status: 0, code: 'UNKNOWN', message: 'The older events could not be loaded.' }));
    } finally {
      setLoadingMore(false);
    }
  }

  const days = React.useMemo(() => {
    const groups: { day: string; items: AuditEvent[] }[] = [];
    for (const e of events ?? []) {
      const day = formatDate(e.created_at);
      const last = groups[groups.length - 1];
      if (last && last.day === day) last.items.push(e);
      else groups.push({ day, items: [e] });
    }
    return groups;
  }, [events]);

  const isPreset = PRESETS.some((p) => p.prefix === prefix);

  return (
    <Card className="overflow-hidden" data-testid="audit-log">
      <div className="flex flex-wrap items-center gap-2 border-b border-border px-5 py-3.5">
        <div className="flex flex-wrap items-center gap-1.5" role="group" aria-label="Filter by action">
          {PRESETS.map((p) => {
            const on = prefix === p.prefix;
            return (
              <button
                key={p.label}
                type="button"
                aria-pressed={on}
                onClick={() => {
                  setCustom(p.prefix);
                  setPrefix(p.prefix);
                }}
                className={cn(
                  'h-7 rounded-full border px-2.5 text-xs font-medium transition-colors',
                  on ? 'border-primary bg-primary-soft text-primary-soft-foreground' : 'border-border bg-surface text-muted-foreground hover:border-border-strong hover:text-foreground',
                )}
              >
                {p.label}
              </button>
            );
          })}
        </div>
        <form
          className="relative ml-auto w-56"
          onSubmit={(e) => {
            e.preventDefault();
            setPrefix(custom.trim());
          }}
        >
          <Search className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-subtle-foreground" aria-hidden="true" />
          <Input
            value={custom}
            onChange={(e) => setCustom(e.target.value)}
            placeholder="Action prefix, e.g. sku."
            aria-label="Action prefix"
            className={cn('h-8 pl-8 text-[0.8125rem]', !isPreset && prefix && 'border-primary')}
            maxLength={100}
          />
        </form>
      </div>

      {error ? (
        <div className="p-5">
          <Alert variant="danger" title="The audit log could not be loaded">
            {error.message}
          </Alert>
        </div>
      ) : null}

      {loading && !events ? (
        <div className="grid gap-3 p-5">
          {Array.from({ length: 5 }, (_, i) => (
            <Skeleton key={i} className="h-10" />
          ))}
        </div>
      ) : events && events.length === 0 && !error ? (
        <EmptyState
          compact
          icon={History}
          title={prefix ? 'No events with this action' : 'Nothing recorded yet'}
          description={
            prefix ? (
              'Try another filter.'
            ) : (
              <>
                Every classification and routing decision of an upload is recorded here, with who made it and why.{' '}
                <Link href="/documents" className="font-medium text-primary hover:underline">
                  Upload documents
                </Link>
              </>
            )
          }
        />
      ) : (
        <div className={cn(loading && 'opacity-60')} aria-busy={loading || undefined}>
          {days.map((g) => (
            <section key={g.day} aria-label={g.day}>
              <h2 className="sticky top-0 z-[1] border-b border-border bg-surface-muted/90 px-5 py-1.5 text-xs font-semibold text-muted-foreground backdrop-blur">{g.day}</h2>
              <ol className="divide-y divide-border/60">
                {g.items.map((e) => (
                  <EventItem key={e.id} e={e} />
                ))}
              </ol>
            </section>
          ))}
        </div>
      )}

      {events && events.length ? (
        <div className="flex items-center justify-between gap-3 border-t border-border bg-surface-muted/40 px-5 py-2.5 text-xs text-muted-foreground">
          <span>
            {events.length} event{events.length === 1 ? '' : 's'}, newest first{cursor ? ', older ones available' : ''}
          </span>
          {cursor ? (
            <Button variant="secondary" size="sm" onClick={() => void loadMore()} loading={loadingMore} data-testid="audit-load-more">
              Load older events
            </Button>
          ) : null}
        </div>
      ) : null}
    </Card>
  );
}
