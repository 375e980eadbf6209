import type { Metadata } from 'next';
import Link from 'next/link';
import { Card } from '@/components/ui/card';
import { currencyDataInfo } from '@/lib/currency/info';
import { DELISTING_CHANNELS, channelName } from '@/lib/recalls/delisting';
import { FEED_LIMITS } from '@/lib/recalls/feed-types';
import { FLOOR, STRONG_AT } from '@/lib/recalls/matching';
import { NOTICE_TEMPLATE_LANGUAGES } from '@/lib/recalls/notice';

export const metadata: Metadata = {
  title: 'Market watch',
  description:
    'Recall alerts (Safety Gate, RappelConso) matched to the catalogue, the inbox decisions, a recall carried out (notice per Implementing Regulation (EU) 2024/1435, Safety Business Gateway pack, delisting files, supplier, outcome) and evidence currency.',
};

const code = 'rounded bg-surface-muted px-1 py-0.5 font-mono text-xs';
const pre = 'overflow-x-auto bg-slate-950 px-5 py-4 font-mono text-xs leading-relaxed text-slate-100';

export const dynamic = 'force-dynamic';

const SIGNALS: [string, string, string][] = [
  [
    'gtin',
    'identifying',
    'A GTIN of the alert’s barcode equals the SKU’s, compared in GTIN-14 form (a UPC-A, its EAN-13 with a leading zero and its GTIN-14 are one code). Weight 0.9. Different GTINs while the model agrees: −0.2 (another variant?).',
  ],
  [
    'brand_model',
    'identifying',
    'The SKU’s normalised model number is one of the alert’s type/model codes and the brands agree (0.8). The model alone, or with another brand, is the weaker model signal (0.45 / 0.25): model numbers repeat across makers.',
  ],
  [
    'batch',
    'supporting',
    'Where both name one (the SKU’s batch or serial scheme): the same batch +0.1, different batches −0.05 and shown as a caution.',
  ],
  ['name', 'supporting', 'Words shared by the alert’s product and name and the SKU’s product name (at most 0.15).'],
  ['category', 'supporting', 'Words shared by the categories (0.05).'],
  ['brand', 'supporting', 'The same brand without a model in common (0.15).'],
];

export default function MarketWatchDocsPage() {
  const data = currencyDataInfo();
  return (
    <main id="main" className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6 lg:py-12">
      <header className="max-w-3xl">
        <p className="text-xs font-medium text-muted-foreground">Documentation</p>
        <h1 className="mt-1 text-2xl font-semibold tracking-tight">Market watch</h1>
        <p className="mt-2 text-sm text-muted-foreground">
          Approval is a moment; the market moves on. Market watch reads the authorities&apos; recall alerts, matches
          them against the catalogue with the reasons side by side, and carries a confirmed match through to a published
          recall notice, a Safety Business Gateway pack, marketplace delisting files and a closed case with its outcome,
          every step in the audit log. Its second half, evidence currency, says when a document stops proving
          compliance. In the app: <code className={code}>/watch</code>.
        </p>
      </header>

      <section className="mt-8 grid gap-3 text-sm" id="feeds">
        <h2 className="text-lg font-semibold">Feeds</h2>
        <ul className="list-disc space-y-1 pl-5">
          <li>
            <strong>Safety Gate weekly report</strong> (<code className={code}>safety_gate</code>): the XML the
            Commission publishes each week, one <code className={code}>notifications</code> element per alert
            (reference, category, product, brand, name, type/model, batch, barcode, risk type, danger, measures,
            notifying country, pictures). Kept per reference, with the report&apos;s ISO week.
          </li>
          <li>
            <strong>RappelConso</strong> (<code className={code}>rappelconso</code>): the French recall dataset as CSV
            (semicolon or comma) or JSON; the rows of one fiche are one alert holding all its GTINs.
          </li>
          <li>
            Read from an uploaded file (<code className={code}>POST /api/recalls/feeds/imports</code>, multipart) or a
            configured URL (<code className={code}>POST /api/recalls/feeds/sources</code>) read daily at 06:20 UTC
            through the safe fetch (no private addresses), or now with{' '}
            <code className={code}>POST /api/recalls/feeds/sources/{'{id}'}/fetch</code>.
          </li>
          <li>
            Idempotent: the same file again changes nothing; an alert whose content changed is updated and matched
            again; every reading is listed with its counts (<code className={code}>GET /api/recalls/feeds/imports</code>
            ).
          </li>
          <li>
            Hostile files are refused, bounded, before anything is stored (422{' '}
            <code className={code}>UNREADABLE_FILE</code> with <code className={code}>details.reason</code>; 413 over
            the size): at most {FEED_LIMITS.maxBytes / 1024 / 1024} MB, {FEED_LIMITS.maxDepth} levels of nesting,{' '}
            {FEED_LIMITS.maxAlerts.toLocaleString('en')} alerts, {FEED_LIMITS.maxFieldChars.toLocaleString('en')}{' '}
            characters per field; a DOCTYPE (external entities, billion laughs) is refused before parsing.
          </li>
        </ul>
      </section>

      <section className="mt-8 grid gap-3 text-sm" id="matching">
        <h2 className="text-lg font-semibold">Matching and its signals</h2>
        <p>
          Every new or changed alert is matched against the whole catalogue; SKUs created or changed are matched every
          hour against the alerts of the last year (and on demand:{' '}
          <code className={code}>POST /api/recalls/rematch</code>
          ). A match needs an identifying signal (a GTIN or a model); the supporting ones only add to the score. A match
          is <strong>strong</strong> when a GTIN or brand + model agree and the score reaches {STRONG_AT}; below {FLOOR}{' '}
          nothing is kept; the rest is <strong>weak</strong> and listed apart, so the top of the inbox is what a manager
          must act on. Each match keeps its reasons side by side: the alert&apos;s field and value beside the
          SKU&apos;s, with the weight.
        </p>
        <Card className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead>
              <tr className="border-b border-border">
                <th className="px-3 py-2">Signal</th>
                <th className="px-3 py-2">Kind</th>
                <th className="px-3 py-2">When and how much</th>
              </tr>
            </thead>
            <tbody>
              {SIGNALS.map(([signal, kind, what]) => (
                <tr key={signal} className="border-b border-border align-top">
                  <td className="px-3 py-2">
                    <code className={code}>{signal}</code>
                  </td>
                  <td className="px-3 py-2">{kind}</td>
                  <td className="px-3 py-2 text-muted-foreground">{what}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </Card>
        <p>
          Measured on a labelled set (true matches, near misses, decoys) by{' '}
          <code className={code}>npx tsx bench/recall-match.ts</code>, which prints precision and recall of the strong
          group and of all matches.
        </p>
      </section>

      <section className="mt-8 grid gap-3 text-sm" id="inbox">
        <h2 className="text-lg font-semibold">Inbox decisions</h2>
        <p>
          <code className={code}>POST /api/recalls/matches/{'{id}'}/decision</code> with{' '}
          <code className={code}>{'{"decision": "confirm" | "dismiss", "reason": "…"}'}</code>: the reason is required
          and kept with the decision and in the audit log (<code className={code}>recall.match_confirmed</code>,{' '}
          <code className={code}>recall.match_dismissed</code>). A match is decided once: a second decision, even one
          sent at the same moment, is 409 <code className={code}>INVALID_STATE</code>; a re-read alert never reopens a
          dismissed match. New matches are also the <code className={code}>recall.match</code> webhook event.
        </p>
      </section>

      <section className="mt-8 grid gap-3 text-sm" id="case">
        <h2 className="text-lg font-semibold">A recall case, step by step</h2>
        <ol className="list-decimal space-y-2 pl-5">
          <li>
            <strong>Open</strong> (<code className={code}>POST /api/recalls/cases</code>, reviewers and up):{' '}
            <code className={code}>action</code> <code className={code}>recall</code> (from consumers) or{' '}
            <code className={code}>withdrawal</code> (from the market), the reason, confirmed{' '}
            <code className={code}>match_ids</code> and/or <code className={code}>skus</code> with their batches. The
            SKUs get the market status recalled or withdrawn (their compliance status is unchanged). A SKU is in at most
            one open case: a second opening is 409 <code className={code}>INVALID_STATE</code> with{' '}
            <code className={code}>details.case_id</code>, the case to carry it out in.
          </li>
          <li>
            <strong>What changes for the SKU</strong>: a banner on its page names the case; exports leave it out by
            default and say so (reason <code className={code}>recalled</code> or{' '}
            <code className={code}>market_withdrawn</code> in the dry run and the run&apos;s warnings); once the notice
            is published, the public page shows it and the GS1 resolver&apos;s{' '}
            <code className={code}>gs1:recallStatus</code> link points at{' '}
            <code className={code}>/p/{'{public_id}'}/recall</code>.
          </li>
          <li>
            <strong>The notice</strong> (below) is drafted in the languages of the SKUs&apos; markets, edited (
            <code className={code}>PUT /api/recalls/cases/{'{id}'}/notice</code>) and published (
            <code className={code}>POST …/notice/publish</code>).
          </li>
          <li>
            <strong>The Safety Business Gateway pack</strong> (<code className={code}>GET …/sbg</code> as JSON,{' '}
            <code className={code}>GET …/sbg.pdf</code>): the gateway has no API, so the pack holds every field it asks
            in its order (receiving authorities, notifier, product, hazard, corrective actions, supply chain), ready to
            copy, with the fields still missing marked.
          </li>
          <li>
            <strong>Delisting files</strong> (<code className={code}>GET …/delisting/{'{channel}'}</code>): a CSV per
            marketplace channel of the export templates that takes the SKUs down:{' '}
            {DELISTING_CHANNELS.map((c, i) => (
              <span key={c}>
                {i ? ', ' : ''}
                <code className={code}>{c}</code> ({channelName(c)})
              </span>
            ))}
            . Amazon gets <code className={code}>update_delete=Delete</code>, eBay <code className={code}>End</code>{' '}
            with <code className={code}>NotAvailable</code>, the others <code className={code}>status=offline</code>.
          </li>
          <li>
            <strong>The supplier</strong> is asked through outreach (
            <code className={code}>POST …/supplier-request</code>
            ): a request to the manufacturer with the alert and the batches, followed like any other.
          </li>
          <li>
            <strong>Close</strong> (<code className={code}>POST …/close</code>) with the outcome (what was done and with
            what effect) and, if it changed, the SKUs&apos; market status afterwards.
          </li>
        </ol>
        <p>
          Every step is audited on the case or the SKU: <code className={code}>recall.case_opened</code>,{' '}
          <code className={code}>sku.recalled</code> / <code className={code}>sku.market_withdrawn</code> (also webhook
          events), <code className={code}>recall.notice_edited</code>,{' '}
          <code className={code}>recall.notice_published</code>,{' '}
          <code className={code}>recall.sbg_pack_downloaded</code>, <code className={code}>recall.delisting_file</code>,{' '}
          <code className={code}>recall.supplier_asked</code>, <code className={code}>recall.case_closed</code>.
        </p>
      </section>

      <section className="mt-8 grid gap-3 text-sm" id="notice">
        <h2 className="text-lg font-semibold">The notice template</h2>
        <p>
          The structure of the template of Commission Implementing Regulation (EU) 2024/1435 (GPSR Art. 36): a
          &ldquo;Product safety recall&rdquo; heading; the product&apos;s name, brand, model/type, batch or serial
          numbers, barcode, picture and where it was sold; the hazard in plain words; what consumers must do (stop using
          it at once); the remedy (GPSR Art. 37: repair, replacement or refund); whom to contact (the responsible
          person, else the importer, else the manufacturer). Templates exist in {NOTICE_TEMPLATE_LANGUAGES.join(', ')};
          another market language gets the English text marked as to be translated, and publishing is refused (409,{' '}
          <code className={code}>details.missing_languages</code>) until it is. Wording Art. 36(3) forbids because it
          lessens the perceived risk (&ldquo;voluntary&rdquo;, &ldquo;precautionary&rdquo;, &ldquo;in rare
          situations&rdquo;, &ldquo;no accidents reported&rdquo; and their German and French forms) is flagged in each
          language&apos;s <code className={code}>warnings</code>.
        </p>
      </section>

      <section className="mt-8 grid gap-3 text-sm" id="currency">
        <h2 className="text-lg font-semibold">Evidence currency</h2>
        <p>
          A declaration citing a harmonised-standard edition past its date of cessation gets a warning naming the
          replacement (a blocker where the act allows the manufacturer&apos;s own check only on harmonised standards and
          no notified body is named); an unknown notified-body number, or one not notified for the act cited, is
          flagged; every document shows the date it stops proving compliance and why. A daily job re-evaluates and
          raises what changed. The rules per act:{' '}
          <Link href="/docs/currency" className="font-medium text-primary underline underline-offset-2">
            Evidence currency
          </Link>
          .
        </p>
        <ul className="list-disc space-y-1 pl-5">
          <li>
            Harmonised standards <code className={code}>{data.standards.version}</code> ({data.standards.coverage},{' '}
            {data.standards.entries} entries)
          </li>
          <li>
            Notified bodies <code className={code}>{data.notified_bodies.version}</code> (
            {data.notified_bodies.coverage}, {data.notified_bodies.entries} bodies)
          </li>
        </ul>
        <p>The snapshots are updated from the published sources by a script, then checked:</p>
        <pre
          tabIndex={0}
          className={pre}
        >{`npx tsx scripts/update-currency-data.ts standards toys-list.xlsx --act 2009/48/EC --published 2021-11-16
npx tsx scripts/update-currency-data.ts bodies nando-toys.csv --act 2009/48/EC
npx tsx scripts/update-currency-data.ts check`}</pre>
      </section>

      <section className="mt-8 grid gap-3 text-sm" id="access">
        <h2 className="text-lg font-semibold">API and MCP</h2>
        <p>
          Reading (alerts, matches, cases, packs, delisting files) takes a session or a key with{' '}
          <code className={code}>recalls:read</code>; deciding and carrying a recall out takes a session (reviewers and
          up). The MCP tools <code className={code}>list_recall_alerts</code>,{' '}
          <code className={code}>get_recall_alert</code>, <code className={code}>list_recall_matches</code>,{' '}
          <code className={code}>get_recall_match</code>, <code className={code}>list_recall_cases</code> and{' '}
          <code className={code}>get_recall_case</code> need <code className={code}>mcp:read</code> and{' '}
          <code className={code}>recalls:read</code> (
          <Link href="/docs/mcp" className="font-medium text-primary underline underline-offset-2">
            MCP
          </Link>
          ). Schemas:{' '}
          <Link href="/docs/api" className="font-medium text-primary underline underline-offset-2">
            API reference
          </Link>{' '}
          (tag Market watch).
        </p>
      </section>
    </main>
  );
}
