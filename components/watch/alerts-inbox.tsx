'use client';

import * as React from 'react';
import { useRouter } from 'next/navigation';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/toaster';
import { describeError } from '@/components/api/client';
import { apiUpload } from '@/components/api/upload';
import { keyOfPath } from '@/components/api/queries/keys';
import { useApiMutation } from '@/components/api/queries/use-api-mutation';
import { useApiQuery } from '@/components/api/queries/use-api-query';
import { useT } from '@/components/i18n/locale-provider';
import { watchMessages } from '@/lib/i18n/ui/watch';
import type { FeedImport, RecallCase, RecallMatch } from '@/lib/recalls/schemas';

const LIST = '/api/recalls/matches';

function FeedUpload({ onDone }: { onDone: () => void }) {
  const t = useT(watchMessages);
  const [feed, setFeed] = React.useState<'safety_gate' | 'rappelconso'>('safety_gate');
  const [busy, setBusy] = React.useState(false);
  const [result, setResult] = React.useState<FeedImport | null>(null);
  const fileRef = React.useRef<HTMLInputElement>(null);
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const file = fileRef.current?.files?.[0];
    if (!file) return;
    const form = new FormData();
    form.append('feed', feed);
    form.append('file', file);
    setBusy(true);
    try {
      const res = await apiUpload<{ data: FeedImport }>('/api/recalls/feeds/imports', form);
      setResult(res.data);
      onDone();
    } catch (err) {
      toast.error(describeError(err).title, { description: describeError(err).description });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card className="mb-6">
      <CardHeader>
        <CardTitle>{t('feed.title')}</CardTitle>
        <CardDescription>{t('feed.hint')}</CardDescription>
      </CardHeader>
      <form onSubmit={submit} className="flex flex-wrap items-end gap-3 px-6 pb-6">
        <div className="flex flex-col gap-1">
          <Label htmlFor="feed-kind">{t('feed.kind')}</Label>
          <select
            id="feed-kind"
            value={feed}
            onChange={(e) => setFeed(e.target.value as 'safety_gate' | 'rappelconso')}
            className="h-9 rounded-md border border-border bg-surface px-2 text-sm"
          >
            <option value="safety_gate">{t('feed.safety_gate')}</option>
            <option value="rappelconso">{t('feed.rappelconso')}</option>
          </select>
        </div>
        <div className="flex flex-col gap-1">
          <Label htmlFor="feed-file">{t('feed.file')}</Label>
          <input id="feed-file" ref={fileRef} type="file" accept=".xml,.csv,.json" className="text-sm" required />
        </div>
        <Button type="submit" disabled={busy}>
          {t('feed.submit')}
        </Button>
        {result ? (
          <p role="status" className="w-full text-sm text-muted-foreground">
            {t('feed.done', {
              alerts: result.alert_count,
              created: result.created_count,
              updated: result.updated_count,
              unchanged: result.unchanged_count,
              matches: result.match_count,
            })}
          </p>
        ) : null}
      </form>
    </Card>
  );
}

function MatchCard({ m }: { m: RecallMatch }) {
  const t = useT(watchMessages);
  const router = useRouter();
  const [reason, setReason] = React.useState('');
  const [caseAction, setCaseAction] = React.useState<'recall' | 'withdrawal'>('recall');
  const [missing, setMissing] = React.useState(false);
  const decide = useApiMutation<{ data: RecallMatch }, 'confirm' | 'dismiss'>({
    request: (decision) => ({ path: `${LIST}/${m.id}/decision`, body: { decision, reason } }),
    idempotent: true,
    invalidates: [keyOfPath(LIST)],
  });
  const open = useApiMutation<{ data: RecallCase }, void>({
    request: () => ({
      path: '/api/recalls/cases',
      body: { action: caseAction, reason: m.decision_reason ?? reason, match_ids: [m.id] },
    }),
    idempotent: true,
    invalidates: [keyOfPath(LIST), keyOfPath('/api/recalls/cases')],
    onSuccess: (res) => router.push(`/watch/cases/${res.data.id}`),
  });
  const run = async (d: 'confirm' | 'dismiss') => {
    if (reason.trim().length < 3) return setMissing(true);
    setMissing(false);
    try {
      await decide.run(d);
    } catch (err) {
      toast.error(describeError(err).title, { description: describeError(err).description });
    }
  };
  const a = m.alert;
  return (
    <Card data-testid="recall-match" className="mb-4">
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-2 text-base">
          <span>{m.sku.sku_code}</span>
          <span className="text-muted-foreground">{m.sku.product_name}</span>
          <Badge variant={m.strength === 'strong' ? 'danger' : 'neutral'}>
            {t('match.score', { score: m.score.toFixed(2) })}
          </Badge>
          {m.status !== 'open' ? <Badge variant="outline">{t(`match.status.${m.status}`)}</Badge> : null}
        </CardTitle>
        <CardDescription>
          {a.reference} · {a.brand} · {a.name} · {a.period}
        </CardDescription>
      </CardHeader>
      <div className="px-6 pb-6">
        <table className="mb-4 w-full text-sm">
          <thead>
            <tr className="text-left text-muted-foreground">
              <th className="py-1 pr-2 font-medium">{t('match.signal')}</th>
              <th className="py-1 pr-2 font-medium">{t('match.alert_field')}</th>
              <th className="py-1 font-medium">{t('match.sku_field')}</th>
            </tr>
          </thead>
          <tbody>
            {m.reasons.map((r, i) => (
              <tr key={i} className="border-t border-border align-top">
                <td className="py-1 pr-2">
                  {r.signal} ({r.weight > 0 ? '+' : ''}
                  {r.weight})
                </td>
                <td className="py-1 pr-2 break-words">
                  <span className="text-muted-foreground">{r.alert_field}: </span>
                  {r.alert_value}
                </td>
                <td className="py-1 break-words">
                  <span className="text-muted-foreground">{r.sku_field}: </span>
                  {r.sku_value}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <div className="mb-4 grid gap-1 text-sm">
          <p className="font-medium">{t('match.evidence')}</p>
          <p>
            <span className="text-muted-foreground">{t('match.risk')}: </span>
            {a.risk_type} {a.danger}
          </p>
          <p>
            <span className="text-muted-foreground">{t('match.measures')}: </span>
            {a.measures}
          </p>
          {a.pictures.length ? (
            <p className="flex flex-wrap gap-2">
              <span className="text-muted-foreground">{t('match.pictures')}: </span>
              {a.pictures.map((p, i) => (
                <a key={p} href={p} target="_blank" rel="noreferrer noopener" className="underline">
                  {t('match.picture', { n: i + 1 })}
                </a>
              ))}
            </p>
          ) : null}
          {a.url ? (
            <p>
              <a href={a.url} target="_blank" rel="noreferrer noopener" className="underline">
                {t('match.source')}
              </a>
            </p>
          ) : null}
        </div>
        {m.status === 'open' ? (
          <div className="flex flex-col gap-2">
            <Label htmlFor={`reason-${m.id}`}>{t('match.reason')}</Label>
            <Textarea id={`reason-${m.id}`} rows={2} value={reason} onChange={(e) => setReason(e.target.value)} />
            {missing ? <p className="text-sm text-danger">{t('match.reason_needed')}</p> : null}
            <div className="flex flex-wrap gap-2">
              <Button onClick={() => run('confirm')} disabled={decide.pending}>
                {t('match.confirm')}
              </Button>
              <Button variant="secondary" onClick={() => run('dismiss')} disabled={decide.pending}>
                {t('match.dismiss')}
              </Button>
            </div>
          </div>
        ) : m.status === 'confirmed' && !m.case_id ? (
          <div className="flex flex-wrap items-end gap-2">
            <select
              aria-label={t('case.action')}
              value={caseAction}
              onChange={(e) => setCaseAction(e.target.value as 'recall' | 'withdrawal')}
              className="h-9 rounded-md border border-border bg-surface px-2 text-sm"
            >
              <option value="recall">{t('case.action.recall')}</option>
              <option value="withdrawal">{t('case.action.withdrawal')}</option>
            </select>
            <Button
              onClick={() => open.run().catch((err) => toast.error(describeError(err).title))}
              disabled={open.pending}
            >
              {t('match.open_case')}
            </Button>
          </div>
        ) : m.case_id ? (
          <Button variant="secondary" onClick={() => router.push(`/watch/cases/${m.case_id}`)}>
            {t('banner.case')}
          </Button>
        ) : (
          <p className="text-sm text-muted-foreground">{m.decision_reason}</p>
        )}
      </div>
    </Card>
  );
}

/** The alerts inbox: likely matches first, weak ones apart, decided ones last. */
export function AlertsInbox() {
  const t = useT(watchMessages);
  const q = useApiQuery<{ data: RecallMatch[]; counts: Record<string, number> }>(LIST);
  const all = q.data?.data ?? [];
  const strong = all.filter((m) => m.status === 'open' && m.strength === 'strong');
  const weak = all.filter((m) => m.status === 'open' && m.strength === 'weak');
  const decided = all.filter((m) => m.status !== 'open');
  return (
    <div>
      <FeedUpload onDone={() => void q.reload()} />
      {q.loading ? (
        <Skeleton className="h-32 w-full" />
      ) : !strong.length && !weak.length && !decided.length ? (
        <EmptyState title={t('inbox.empty')} />
      ) : (
        <>
          {strong.length ? (
            <section aria-labelledby="strong-h" className="mb-8">
              <h2 id="strong-h" className="mb-3 text-lg font-semibold">
                {t('inbox.strong')} ({strong.length})
              </h2>
              {strong.map((m) => (
                <MatchCard key={m.id} m={m} />
              ))}
            </section>
          ) : null}
          {weak.length ? (
            <section aria-labelledby="weak-h" className="mb-8">
              <h2 id="weak-h" className="mb-3 text-lg font-semibold text-muted-foreground">
                {t('inbox.weak')} ({weak.length})
              </h2>
              {weak.map((m) => (
                <MatchCard key={m.id} m={m} />
              ))}
            </section>
          ) : null}
          {decided.length ? (
            <section aria-labelledby="decided-h">
              <h2 id="decided-h" className="mb-3 text-lg font-semibold text-muted-foreground">
                {t('inbox.decided')} ({decided.length})
              </h2>
              {decided.map((m) => (
                <MatchCard key={m.id} m={m} />
              ))}
            </section>
          ) : null}
        </>
      )}
    </div>
  );
}
