'use client';

import * as React from 'react';
import { describeError } from '@/components/api/client';
import { useApiMutation } from '@/components/api/queries/use-api-mutation';
import { useApiQuery } from '@/components/api/queries/use-api-query';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { Progress } from '@/components/ui/progress';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { useLocale, useT } from '@/components/i18n/locale-provider';
import { SAFETY_INFO_LANGUAGES, languageName } from '@/lib/i18n/languages';
import { commonMessages } from '@/lib/i18n/ui/common';
import { languagesMessages } from '@/lib/i18n/ui/languages';
import type { Sku } from './types';

interface Tally {
  total: number;
  done: number;
  counts: Record<'suggested' | 'confirmed' | 'awaiting_review' | 'no_source' | 'needs_translation' | 'failed', number>;
}
interface Job {
  id: string;
  status: string;
  progress: Tally | null;
  result: Tally | null;
  error: string | null;
}

const LIVE = ['queued', 'running'];
const FIELDS = { both: undefined, warnings: ['safety_warnings'], instructions: ['instructions'] } as const;

/**
 * "Translate the warnings of these SKUs into French": one job for the selection, its progress shown
 * while it runs and its outcome when it ends. Every draft is a suggestion a person confirms on the SKU.
 */
export function BulkTranslateDialog({
  skus,
  onOpenChange,
  onDone,
}: {
  skus: Pick<Sku, 'id' | 'sku_code'>[];
  onOpenChange: (open: boolean) => void;
  onDone: (message: string) => void;
}) {
  const t = useT(languagesMessages);
  const common = useT(commonMessages);
  const locale = useLocale();
  const [language, setLanguage] = React.useState('');
  const [fields, setFields] = React.useState<keyof typeof FIELDS>('both');
  const [jobId, setJobId] = React.useState<string | null>(null);
  const startJob = useApiMutation<{ job: Job }, void>({
    request: () => ({
      path: '/api/translations/bulk',
      method: 'POST',
      body: { sku_ids: skus.map((s) => s.id), language, fields: FIELDS[fields] },
    }),
    idempotent: true,
  });
  const job = useApiQuery<{ job: Job }>(jobId ? `/api/jobs/${jobId}` : null, {
    refetchInterval: (d) => (!d || LIVE.includes(d.job.status) ? 1000 : false),
  }).data?.job;
  const tally = job?.result ?? job?.progress ?? null;
  const ended = job && !LIVE.includes(job.status);
  const languages = React.useMemo(
    () =>
      SAFETY_INFO_LANGUAGES.map((code) => ({ code, name: languageName(code, locale) })).sort((a, b) =>
        a.name.localeCompare(b.name, locale),
      ),
    [locale],
  );
  const summary = tally
    ? t('bulk.result', {
        suggested: tally.counts.suggested,
        confirmed: tally.counts.confirmed,
        awaiting: tally.counts.awaiting_review,
        person: tally.counts.needs_translation + tally.counts.no_source,
        failed: tally.counts.failed,
      })
    : '';

  async function start(e: React.FormEvent) {
    e.preventDefault();
    try {
      const r = await startJob.run();
      setJobId(r.job.id);
    } catch {
      // Shown below through startJob.error.
    }
  }

  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent data-testid="bulk-translate-dialog">
        <form onSubmit={start} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{t('bulk.title', { count: skus.length })}</DialogTitle>
            <DialogDescription>{t('bulk.description')}</DialogDescription>
          </DialogHeader>
          <div className="grid gap-1.5">
            <Label htmlFor="bulk-translate-language">{t('bulk.language')}</Label>
            <Select value={language} onValueChange={setLanguage} disabled={jobId !== null}>
              <SelectTrigger id="bulk-translate-language" aria-label={t('bulk.language')}>
                <SelectValue placeholder={t('bulk.language')} />
              </SelectTrigger>
              <SelectContent>
                {languages.map((l) => (
                  <SelectItem key={l.code} value={l.code}>
                    {l.name}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="bulk-translate-fields">{t('bulk.fields')}</Label>
            <Select value={fields} onValueChange={(v) => setFields(v as keyof typeof FIELDS)} disabled={jobId !== null}>
              <SelectTrigger id="bulk-translate-fields" aria-label={t('bulk.fields')}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value="both">{t('bulk.fields_both')}</SelectItem>
                <SelectItem value="warnings">{t('bulk.fields_warnings')}</SelectItem>
                <SelectItem value="instructions">{t('bulk.fields_instructions')}</SelectItem>
              </SelectContent>
            </Select>
          </div>
          {tally ? (
            <div className="grid gap-1.5" data-testid="bulk-translate-progress">
              <Progress
                value={tally.total ? tally.done / tally.total : 0}
                label={t('bulk.progress', { done: tally.done, total: tally.total })}
              />
              <p className="text-sm text-muted-foreground" role="status">
                {t('bulk.progress', { done: tally.done, total: tally.total })}
                {ended ? ` ${summary}` : ''}
              </p>
            </div>
          ) : null}
          {job?.status === 'failed' ? (
            <Alert variant="danger">{t('bulk.failed', { reason: job.error ?? '' })}</Alert>
          ) : null}
          {startJob.error ? <Alert variant="danger">{describeError(startJob.error).title}</Alert> : null}
          <DialogFooter>
            {ended ? (
              <Button type="button" onClick={() => onDone(summary)} data-testid="bulk-translate-close">
                {common('close')}
              </Button>
            ) : (
              <>
                <Button type="button" variant="secondary" onClick={() => onOpenChange(false)}>
                  {common('cancel')}
                </Button>
                <Button
                  type="submit"
                  loading={startJob.pending || (jobId !== null && !ended)}
                  disabled={!language || jobId !== null}
                  data-testid="bulk-translate-submit"
                >
                  {t('bulk.start')}
                </Button>
              </>
            )}
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
