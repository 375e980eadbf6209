import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { notFound } from 'next/navigation';
import { connection } from 'next/server';
import { cache } from 'react';
import { getDb } from '@/lib/db/client';
import { hasPublicPassport } from '@/lib/passports/public';
import { buildPublicPageView, findPublishedRevision, pageText, uiLocaleFor } from '@/lib/publish/public-page';
import { publicRecallStatus } from '@/lib/recalls/cases';
import { withGs1JsonLd } from '@/lib/resolver/product-jsonld';
import { RecallNoticeBanner } from './recall-notice';
import { SafetyPage, StatusNotice } from './safety-page';

type Props = {
  params: Promise<{ publicId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

// One lookup per request, shared by the metadata and the page.
const lookup = cache(async (publicId: string) => findPublishedRevision(await getDb(), { rawPublicId: publicId }));
// Whether the product has a public passport (issue 37): linked from the page's head and its JSON-LD.
const passportOf = cache(async (publicId: string) => hasPublicPassport(await getDb(), { publicId }));

const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) ?? null;

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  await connection();
  const { publicId } = await params;
  const found = await lookup(publicId);
  if (found.kind !== 'ok') return { title: { absolute: pageText('en').not_found_title }, robots: { index: false } };
  const view = buildPublicPageView(found.snapshot, {
    lang: first((await searchParams).lang),
    acceptLanguage: (await headers()).get('accept-language'),
  });
  return {
    title: { absolute: view.title },
    description: view.block.product.description ?? view.block.labels.title,
    // Absolute URLs: Next joins a relative one onto a metadataBase's path.
    alternates: {
      canonical: view.canonical,
      languages: Object.fromEntries(view.alternates.map((a) => [a.hreflang, a.href])),
      // The product passport, machine-readable: <link rel="alternate" type="application/ld+json">.
      ...((await passportOf(publicId))
        ? { types: { 'application/ld+json': `${found.snapshot.public_url}/passport` } }
        : {}),
    },
    // The page is public by design; search engines may list it.
    robots: { index: true, follow: false },
  };
}

/** /p/{public_id}: the published revision's safety page, in the visitor's language. */
export default async function PublicSafetyPage({ params, searchParams }: Props) {
  await connection();
  const { publicId } = await params;
  const h = await headers();
  const found = await lookup(publicId);
  if (found.kind === 'not_found') notFound();
  if (found.kind === 'gone') {
    const text = pageText(uiLocaleFor(h.get('accept-language')));
    return <StatusNotice title={text.withdrawn_title} body={text.withdrawn_body} />;
  }
  // The JSON-LD gains the GS1 Web Vocabulary and the resolver's links (lib/resolver/product-jsonld).
  const view = withGs1JsonLd(
    buildPublicPageView(found.snapshot, {
      lang: first((await searchParams).lang),
      acceptLanguage: h.get('accept-language'),
    }),
    found.snapshot,
    { hasPassport: await passportOf(publicId) },
  );
  // A published recall notice of the product leads the page (GPSR Art. 36; the case lives in lib/recalls).
  const recall = await publicRecallStatus(await getDb(), { publicId });
  return (
    <>
      {recall?.notice ? <RecallNoticeBanner notice={recall.notice} lang={view.lang} /> : null}
      <SafetyPage view={view} nonce={h.get('x-nonce') ?? undefined} />
    </>
  );
}
