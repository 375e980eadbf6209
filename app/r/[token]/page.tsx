import type { Metadata } from 'next';
import { connection } from 'next/server';
import { Providers } from '@/components/providers';
import { SupplierUploadForm } from '@/components/outreach/supplier-upload-form';
import { LINK_COPY } from '@/components/outreach/link-copy';
import { getDb } from '@/lib/db/client';
import { formatDate } from '@/lib/i18n';
import { uiLocale } from '@/lib/i18n/ui-locale';
import { lookupLink, publicRequestView } from '@/lib/outreach/responses';

type Props = { params: Promise<{ token: string }> };

export async function generateMetadata(): Promise<Metadata> {
  return {
    title: { absolute: LINK_COPY[await uiLocale()].title },
    robots: { index: false, follow: false },
    referrer: 'no-referrer',
  };
}

const fill = (s: string, p: Record<string, string>) => s.replace(/\{(\w+)\}/g, (all, k: string) => p[k] ?? all);

/**
 * /r/{token}: the supplier's page, without an account. Unknown, expired and revoked links are answered
 * 404/410 by the proxy before this renders; the notices below cover a link that closes meanwhile.
 * An open link speaks the request's language (the one its mail was written in); the notices and the
 * client parts speak the browser's UI language.
 */
export default async function SupplierLinkPage({ params }: Props) {
  await connection();
  const { token } = await params;
  const db = await getDb();
  const found = await lookupLink(db, token);
  const locale = await uiLocale();
  if (found.kind !== 'ok') {
    const t = LINK_COPY[locale];
    return (
      <main className="mx-auto w-full max-w-xl px-4 py-16">
        <h1 className="text-xl font-semibold">{found.kind === 'gone' ? t.gone : t.missing}</h1>
        <p className="mt-3 text-muted-foreground">{found.kind === 'gone' ? t.gone_body : t.missing_body}</p>
      </main>
    );
  }
  const view = await publicRequestView(db, found.row);
  const t = LINK_COPY[view.locale];
  return (
    <Providers locale={locale}>
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
          <ul className="list-disc space-y-1 pl-5" data-testid="asked-items">
            {view.items.map((i) => (
              <li key={i.key}>{i.label}</li>
            ))}
          </ul>
          {view.due_date && (
            <p className="mt-3 text-sm text-muted-foreground">
              {fill(t.due, { date: formatDate(view.due_date, view.locale) })}
            </p>
          )}
          {view.files_received > 0 && (
            <p className="mt-1 text-sm text-muted-foreground">{fill(t.received, { n: String(view.files_received) })}</p>
          )}
        </section>
        <SupplierUploadForm token={token} text={t} />
      </main>
    </Providers>
  );
}
