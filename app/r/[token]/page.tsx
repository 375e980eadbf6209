import type { Metadata } from 'next';
import { connection } from 'next/server';
import { LocaleProvider } from '@/components/i18n/locale-provider';
import { SupplierAnswerForm } from '@/components/outreach/supplier-answer-form';
import { SupplierUploadForm } from '@/components/outreach/supplier-upload-form';
import { getDb } from '@/lib/db/client';
import { formatDate, isLocale } from '@/lib/i18n';
import { uiLocale } from '@/lib/i18n/ui-locale';
import { LINK_COPY } from '@/lib/outreach/link-copy';
import { linkLimits, lookupLink, publicRequestView } from '@/lib/outreach/responses';

type Props = { params: Promise<{ token: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const found = await lookupLink(await getDb(), { token: (await params).token });
  const locale = found.kind !== 'not_found' && isLocale(found.row.locale) ? found.row.locale : await uiLocale();
  return {
    title: { absolute: LINK_COPY[locale].title },
    robots: { index: false, follow: false },
    referrer: 'no-referrer',
  };
}

const fill = (s: string, p: Record<string, string>) => s.replace(/\{(\w+)\}/g, (all, k: string) => p[k] ?? all);

const STATE_CLASS = {
  open: 'bg-warning-soft text-warning-soft-foreground',
  answered: 'bg-primary-soft text-foreground',
  accepted: 'bg-success-soft text-success-soft-foreground',
  rejected: 'bg-danger-soft text-danger-soft-foreground',
} as const;

/**
 * /r/{token}: the supplier's page, without an account, all in the request's language (the one its mail
 * was written in). Unknown, expired and closed links are answered 404/410 by the proxy before this
 * renders; the notices below cover a link that closes meanwhile. No client providers beyond the
 * language: the toast region injects inline styles the page's CSP refuses.
 */
export default async function SupplierLinkPage({ params }: Props) {
  await connection();
  const { token } = await params;
  const db = await getDb();
  const found = await lookupLink(db, { token });
  if (found.kind !== 'ok') {
    const t = LINK_COPY[found.kind === 'gone' && isLocale(found.row.locale) ? found.row.locale : await uiLocale()];
    const [title, body] =
      found.kind === 'not_found'
        ? [t.missing, t.missing_body]
        : found.reason === 'closed'
          ? [t.closed, t.closed_body]
          : found.reason === 'expired'
            ? [t.expired, t.expired_body]
            : [t.gone, t.gone_body];
    return (
      <main className="mx-auto w-full max-w-xl px-4 py-16">
        <h1 className="text-xl font-semibold">{title}</h1>
        <p className="mt-3 text-muted-foreground">{body}</p>
      </main>
    );
  }
  const view = await publicRequestView(db, { row: found.row });
  const t = LINK_COPY[view.locale];
  const limits = linkLimits();
  return (
    <LocaleProvider locale={view.locale === 'de' ? 'de' : 'en'}>
      <main className="mx-auto w-full max-w-xl space-y-6 px-4 py-8 sm:py-12">
        <header className="space-y-2">
          <h1 className="text-2xl font-semibold">{t.title}</h1>
          <p className="text-muted-foreground">
            {fill(t.intro, {
              requester: view.requester ?? '',
              product: `${view.product_name} (${view.sku_code}${view.gtin ? `, GTIN ${view.gtin}` : ''})`,
            })}
          </p>
        </header>
        <section aria-labelledby="asked" className="rounded-lg border border-border bg-surface p-4">
          <h2 id="asked" className="mb-2 font-medium">
            {t.asked}
          </h2>
          <ul className="space-y-2" data-testid="asked-items">
            {view.items.map((i) => (
              <li
                key={i.key}
                data-testid="asked-item"
                data-state={i.state}
                className="flex flex-wrap items-start gap-2"
              >
                <span className="min-w-0 flex-1">{i.label}</span>
                <span className={`rounded px-2 py-0.5 text-xs ${STATE_CLASS[i.state]}`}>{t[`state_${i.state}`]}</span>
                {i.state === 'rejected' && i.reason ? (
                  <span className="w-full text-sm text-danger" data-testid="asked-item-reason">
                    {i.reason}
                  </span>
                ) : null}
              </li>
            ))}
          </ul>
          {view.due_date && (
            <p className="mt-3 text-sm text-muted-foreground">
              {fill(t.due, { date: formatDate(view.due_date, view.locale) })}
            </p>
          )}
          {view.files_received > 0 && (
            <p className="mt-1 text-sm text-muted-foreground" data-testid="file-counts">
              {fill(t.counts, {
                accepted: String(view.files_accepted),
                waiting: String(view.files_waiting),
                rejected: String(view.files_rejected),
              })}
            </p>
          )}
          {view.rejected_files.length > 0 && (
            <div className="mt-3" data-testid="rejected-files">
              <h3 className="text-sm font-medium">{t.rejected_files}</h3>
              <ul className="list-disc pl-5 text-sm">
                {view.rejected_files.map((f, n) => (
                  <li key={n} className="break-all">
                    {f.filename}
                    {f.reason ? `: ${f.reason}` : ''}
                  </li>
                ))}
              </ul>
            </div>
          )}
        </section>
        {view.questions.some((q) => q.state === 'open' || q.state === 'rejected') ? (
          <SupplierAnswerForm
            token={token}
            questions={view.questions.filter((q) => q.state === 'open' || q.state === 'rejected')}
            text={t}
          />
        ) : null}
        <SupplierUploadForm
          token={token}
          text={{
            ...t,
            limits: `${t.limits} ${fill(t.total_limits, {
              files: String(limits.max_files),
              mb: String(Math.round(limits.max_bytes / 1024 / 1024)),
            })}`,
          }}
        />
      </main>
    </LocaleProvider>
  );
}
