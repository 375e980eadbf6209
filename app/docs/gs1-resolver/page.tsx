import type { Metadata } from 'next';
import Link from 'next/link';
import { Card } from '@/components/ui/card';
import { LINK_TYPES, LINK_TYPE_TITLES } from '@/lib/resolver/link-types';

export const metadata: Metadata = {
  title: 'GS1 resolver and GTIN ownership',
  description:
    'The GS1-Conformant resolver at /01/{gtin}: Digital Link syntax, link types, RFC 9264 linksets, languages, and how a GTIN resolves to the one workspace that owns it.',
};

const code = 'rounded bg-surface-muted px-1 py-0.5 font-mono text-xs';
const pre = 'overflow-x-auto bg-slate-950 px-5 py-4 font-mono text-xs leading-relaxed text-slate-100';

const TARGETS: Record<(typeof LINK_TYPES)[number], string> = {
  defaultLink: '/p/{id} – the safety page; the redirect carries ?lang= from Accept-Language',
  pip: '/p/{id}?lang={xx}, one link per published language (hreflang)',
  safetyInfo: '/p/{id}?lang={xx}#warnings, one per published language',
  instructions: 'the published manual (a document download), else /p/{id}?lang={xx}#instructions',
  certificationInfo: 'the published declarations of conformity and certificates (downloads)',
  sustainabilityInfo: '/p/{id}/passport – the digital product passport',
  recallStatus: '/p/{id}/recall (?batch= when the link carries /10/{batch})',
};

const linkset = JSON.stringify(
  {
    linkset: [
      {
        anchor: 'https://safety.example.com/01/04006381333931/10/LOT42',
        description: 'Bamboo cutting board',
        itemDescription: 'Bamboo cutting board',
        'https://gs1.org/voc/defaultLink': [
          {
            href: 'https://safety.example.com/p/7k2m9q4x1d',
            title: 'Product safety information: Bamboo cutting board',
            type: 'text/html',
          },
        ],
        'https://gs1.org/voc/pip': [
          { href: 'https://safety.example.com/p/7k2m9q4x1d?lang=de', title: '…', type: 'text/html', hreflang: ['de'] },
          { href: 'https://safety.example.com/p/7k2m9q4x1d?lang=en', title: '…', type: 'text/html', hreflang: ['en'] },
        ],
        'https://gs1.org/voc/recallStatus': [
          { href: 'https://safety.example.com/p/7k2m9q4x1d/recall?batch=LOT42', title: '…', type: 'text/html' },
        ],
      },
    ],
  },
  null,
  2,
);

export default function Gs1ResolverDocsPage() {
  return (
    <main id="main" className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6 lg:py-12">
      <header className="max-w-3xl">
        <p className="text-xs font-medium text-muted-foreground">API documentation</p>
        <h1 className="mt-1 text-2xl font-semibold tracking-tight">GS1 resolver and GTIN ownership</h1>
        <p className="mt-2 text-sm text-muted-foreground">
          Every published SKU with a GTIN has a GS1 Digital Link, <code className={code}>/01/{'{gtin}'}</code>, answered
          by a GS1-Conformant resolver. A GTIN resolves to exactly one workspace: the one that owns it. The resolver
          describes itself at <code className={code}>/.well-known/gs1resolver</code>; the operation is{' '}
          <code className={code}>gs1DigitalLink</code> in the{' '}
          <Link href="/docs/api" className="font-medium text-primary underline underline-offset-2">
            API reference
          </Link>
          .
        </p>
      </header>

      <section className="mt-8 grid max-w-3xl gap-3 text-sm">
        <h2 className="text-lg font-semibold">Digital Link syntax</h2>
        <p>
          <code className={code}>
            /01/{'{gtin}'}[/22/{'{variant}'}][/10/{'{batch}'}][/21/{'{serial}'}]
          </code>
          . The GTIN may be written with 8, 12, 13 or 14 digits; it is normalised to GTIN-14 (left-padded with zeros)
          and its check digit must be right. The key qualifiers are optional, but those present come in GS1&apos;s
          order: variant (22), then batch/lot (10), then serial (21); values are 1 to 20 characters of GS1 character set
          82, percent-encoded.
        </p>
        <p>
          A malformed link is a <strong>400</strong> saying why: an HTML page for a browser, otherwise the error
          envelope <code className={code}>GS1_DIGITAL_LINK_INVALID</code> with{' '}
          <code className={code}>details.reason</code> (<code className={code}>gtin_check_digit</code> with{' '}
          <code className={code}>expected_check_digit</code>, <code className={code}>gtin_length</code>,{' '}
          <code className={code}>qualifier_order</code>, <code className={code}>unknown_qualifier</code>,{' '}
          <code className={code}>qualifier_repeated</code>, <code className={code}>qualifier_value</code>,{' '}
          <code className={code}>odd_segments</code>).
        </p>
      </section>

      <section className="mt-8 grid max-w-3xl gap-3 text-sm">
        <h2 className="text-lg font-semibold">Link types</h2>
        <p>
          Without a link type the resolver answers <strong>307</strong> to the default link, with a{' '}
          <code className={code}>Link</code> header naming the linkset and the first link of each type.{' '}
          <code className={code}>?linkType=gs1:pip</code> (or the URI{' '}
          <code className={code}>https://gs1.org/voc/pip</code>, or{' '}
          <code className={code}>https://ref.gs1.org/voc/pip</code>) redirects to that link; a link type the product has
          no link for redirects to the default link, as the GS1-Conformant Resolver standard asks.
        </p>
        <Card className="overflow-hidden">
          <table className="w-full text-left text-sm">
            <thead className="bg-surface-muted text-xs text-muted-foreground">
              <tr>
                <th className="px-4 py-2 font-medium">Link type</th>
                <th className="px-4 py-2 font-medium">What</th>
                <th className="px-4 py-2 font-medium">Target</th>
              </tr>
            </thead>
            <tbody>
              {LINK_TYPES.map((type) => (
                <tr key={type} className="border-t border-border align-top">
                  <td className="px-4 py-2">
                    <code className={code}>gs1:{type}</code>
                  </td>
                  <td className="px-4 py-2">{LINK_TYPE_TITLES[type]}</td>
                  <td className="px-4 py-2 text-muted-foreground">{TARGETS[type]}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </Card>
        <p>
          <strong>Language.</strong> <code className={code}>?lang=xx</code> wins; otherwise the visitor&apos;s{' '}
          <code className={code}>Accept-Language</code> chooses among the languages the page was published in (the
          answer varies by <code className={code}>Accept-Language</code>). The safety page itself speaks 26 languages.
        </p>
      </section>

      <section className="mt-8 grid max-w-3xl gap-3 text-sm">
        <h2 className="text-lg font-semibold">Linkset (RFC 9264)</h2>
        <p>
          <code className={code}>?linkType=all</code> (or <code className={code}>linkset</code>) or{' '}
          <code className={code}>Accept: application/linkset+json</code> answers 200 with the linkset, media type{' '}
          <code className={code}>application/linkset+json</code>, link relations as GS1 Web Vocabulary URIs, and a{' '}
          <code className={code}>Link</code> header to the GS1 linkset context (
          <code className={code}>rel=&quot;http://www.w3.org/ns/json-ld#context&quot;</code>) that turns it into
          JSON-LD.
        </p>
        <Card className="overflow-hidden p-0">
          <pre tabIndex={0} className={pre}>
            {linkset}
          </pre>
        </Card>
      </section>

      <section className="mt-8 grid max-w-3xl gap-3 text-sm">
        <h2 className="text-lg font-semibold">GTIN ownership</h2>
        <p>A GTIN resolves to one workspace, decided in this order:</p>
        <ol className="ml-5 list-decimal grid gap-1">
          <li>
            <strong>A verified claim wins.</strong> A workspace claims its GS1 company prefixes (4 to 12 digits, GTIN-13
            form) or single GTINs in Settings &rarr; GTIN ownership (
            <code className={code}>POST /api/workspace/gtin-claims</code>). Staff verify claims against the GS1 licence.
            The GTIN then resolves only to that workspace&apos;s pages; if it has not published the GTIN yet, the
            resolver answers 404, never another workspace&apos;s page.
          </li>
          <li>
            <strong>Otherwise the only publisher.</strong> When one workspace has a live page for the GTIN, it resolves
            there.
          </li>
          <li>
            <strong>Several publishers, no verified claim</strong> (data from before ownership existed): the resolver
            sends visitors to neither. A browser gets a <strong>300</strong> page listing each page&apos;s product name
            and brand (public data of the pages only, nothing about the workspaces); an API client gets{' '}
            <code className={code}>409 GTIN_AMBIGUOUS</code> with the candidate pages. A verified claim ends the
            ambiguity.
          </li>
        </ol>
        <p>
          <strong>Publishing</strong> a SKU whose GTIN another workspace owns is refused:{' '}
          <code className={code}>409 GTIN_CLAIMED_ELSEWHERE</code> when another workspace&apos;s verified claim covers
          it, or its pending claim does and this workspace has not published the GTIN before;{' '}
          <code className={code}>409 GTIN_PUBLISHED_ELSEWHERE</code> (with the other page&apos;s address) when another
          workspace published it first. A verified claim of your own lifts both. The dry run (
          <code className={code}>?dry_run=true</code>) reports the same code as its blocking reason.
        </p>
        <p>
          <strong>Claims.</strong> Prefixes of restricted-circulation numbers (02, 04, 20–29) and the GTIN-8 range
          (00000…) cannot be claimed as prefixes. A claim overlapping another workspace&apos;s verified claim is refused
          (<code className={code}>409 GTIN_CLAIM_CONFLICT</code>); one overlapping a pending claim or another
          workspace&apos;s publication is filed and marked <em>disputed</em>.
        </p>
        <p>
          <strong>Staff.</strong> A user whose token carries <code className={code}>app_metadata.staff: true</code> is
          staff: created with <code className={code}>npm run admin -- create-user &lt;email&gt; --staff</code>, or set
          in Supabase Auth. Staff list every workspace&apos;s claims with their conflicts (
          <code className={code}>GET /api/staff/gtin-claims?status=disputed</code>) and decide them (
          <code className={code}>POST /api/staff/gtin-claims/{'{id}'}/decision</code>), also in Settings &rarr; GTIN
          ownership. Two workspaces&apos; verified claims never overlap: verifying one that would is refused. Every
          claim, withdrawal and decision is in the claiming workspace&apos;s audit log.
        </p>
      </section>
    </main>
  );
}
