'use client';

import Link from 'next/link';
import { CalendarClock } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useFormat, useLocale, useT } from '@/components/i18n/locale-provider';
import { useApiQuery } from '@/components/api/queries/use-api-query';
import { currencyMessages } from '@/lib/i18n/ui/currency';
import { docTypeLabel } from '@/lib/i18n/ui/doc-types';
import type { DocumentCurrencyJson } from '@/lib/currency/schemas';
import { endReasonText, findingText, legalBasisText, whyText } from '@/components/currency/currency-texts';

const SEVERITY_VARIANT = { blocker: 'danger', warning: 'warning', notice: 'info' } as const;

/**
 * The day the document stops proving compliance and why (its own validity, or the date of cessation of
 * a harmonised standard it cites), with the currency findings; evaluated by the server against the
 * current Official Journal and NANDO snapshots (GET /api/documents/{id}/currency).
 */
export function CurrencyCard({ documentId }: { documentId: string }) {
  const t = useT(currencyMessages);
  const f = useFormat();
  const locale = useLocale();
  const read = useApiQuery<DocumentCurrencyJson>(`/api/documents/${encodeURIComponent(documentId)}/currency`);
  const c = read.data;
  const today = new Date().toISOString().slice(0, 10);
  const day = (iso: string) => f.date(iso);
  return (
    <Card data-testid="currency-card">
      <CardHeader className="py-3">
        <CardTitle className="flex items-center gap-2">
          <CalendarClock className="size-4" aria-hidden="true" />
          {t('card.title')}
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        {!c && !read.error && <Skeleton className="h-10" aria-label={t('card.loading')} />}
        {read.error && !c && <p className="text-danger">{t('card.load_error')}</p>}
        {c && (
          <>
            <p className="font-medium" data-testid="currency-stops-on">
              {c.stops_proving_on
                ? t(c.stops_proving_on <= today ? 'card.stopped_on' : 'card.stops_on', {
                    date: f.date(c.stops_proving_on),
                  })
                : t('card.no_end')}
            </p>
            <div>
              <div className="text-xs font-medium uppercase text-subtle-foreground">{t('card.why')}</div>
              {c.ends[0] ? (
                <p data-testid="currency-why">{whyText(c.ends[0], t, day, today)}</p>
              ) : (
                <p data-testid="currency-why">{t('card.no_end_why')}</p>
              )}
            </div>
            {c.ends.length > 1 && (
              <div>
                <div className="text-xs font-medium uppercase text-subtle-foreground">{t('card.other_ends')}</div>
                <ul className="list-disc pl-5" data-testid="currency-other-ends">
                  {c.ends.slice(1).map((e) => (
                    <li key={`${e.date}|${e.reason}`}>
                      {f.date(e.date)}: {endReasonText(e, t, day, today)}
                    </li>
                  ))}
                </ul>
              </div>
            )}
            {c.findings.length > 0 && (
              <div>
                <div className="text-xs font-medium uppercase text-subtle-foreground">{t('card.findings')}</div>
                <ul className="grid gap-2">
                  {c.findings.map((x) => (
                    <li key={x.key} className="grid gap-1">
                      <span>
                        <Badge variant={SEVERITY_VARIANT[x.severity]}>{t(`severity.${x.severity}`)}</Badge>
                      </span>
                      <span data-testid="currency-finding" data-code={x.code}>
                        {findingText(x, t, day)}
                      </span>
                      <span className="text-xs text-subtle-foreground">{legalBasisText(x, t)}</span>
                    </li>
                  ))}
                </ul>
              </div>
            )}
            {c.not_checked_items.length > 0 && (
              <div>
                <div className="text-xs font-medium uppercase text-subtle-foreground">{t('card.not_checked')}</div>
                <ul className="list-disc pl-5 text-subtle-foreground">
                  {c.not_checked_items.map((n) => (
                    <li key={n.code}>
                      {n.code === 'document_type_standards'
                        ? t('card.not_checked.document_type_standards', {
                            type: docTypeLabel(n.params.document_type, locale),
                          })
                        : t('card.not_checked.partial_standards_snapshot', { version: n.params.version })}
                    </li>
                  ))}
                </ul>
              </div>
            )}
            <p className="text-xs text-subtle-foreground">
              {t('card.data', { standards: c.data_versions.standards, bodies: c.data_versions.notified_bodies })}{' '}
              {c.last_daily_check_at
                ? t('card.last_check', { date: f.dateTime(c.last_daily_check_at) })
                : t('card.never_checked')}{' '}
              <Link href="/watch/currency" className="underline">
                {t('card.watch_link')}
              </Link>
            </p>
          </>
        )}
      </CardContent>
    </Card>
  );
}
