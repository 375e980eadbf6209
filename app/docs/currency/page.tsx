import type { Metadata } from 'next';
import Link from 'next/link';
import { Card } from '@/components/ui/card';
import { ACTS } from '@/lib/currency/acts';
import { currencyDataInfo } from '@/lib/currency/info';

export const metadata: Metadata = {
  title: 'Evidence currency',
  description:
    'When a declaration stops proving compliance: harmonised-standard editions past their date of cessation, notified bodies that are unknown or not notified for the act, validity dates. Checked daily against the Official Journal lists and NANDO.',
};

const code = 'rounded bg-surface-muted px-1 py-0.5 font-mono text-xs';
const pre = 'overflow-x-auto bg-slate-950 px-5 py-4 font-mono text-xs leading-relaxed text-slate-100';

export const dynamic = 'force-dynamic';

export default function CurrencyDocsPage() {
  const data = currencyDataInfo();
  return (
    <main id="main" className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6 lg:py-12">
      <header className="max-w-3xl">
        <p className="text-xs font-medium text-muted-foreground">Documentation</p>
        <h1 className="mt-1 text-2xl font-semibold tracking-tight">Evidence currency</h1>
        <p className="mt-2 text-sm text-muted-foreground">
          A declaration of conformity that cites a harmonised standard gives presumption of conformity only while the
          Official Journal lists that edition. Each document shows the day it stops proving compliance and why; a daily
          job re-checks every document against the current lists and records what changed.
        </p>
      </header>

      <section className="mt-8 grid gap-3 text-sm">
        <h2 className="text-lg font-semibold">What is checked</h2>
        <ul className="list-disc space-y-1 pl-5">
          <li>
            <strong>Standard editions</strong> (declarations of conformity and certificates): each cited edition is
            looked up in the list of the acts the document cites (every act, when it cites none). Past its date of
            cessation of presumption: <code className={code}>STANDARD_PRESUMPTION_CEASED</code>, naming the replacement;
            still ahead: <code className={code}>STANDARD_PRESUMPTION_ENDS</code> (a notice, and the document&apos;s end
            date); a listed standard cited without its edition:{' '}
            <code className={code}>STANDARD_EDITION_NOT_STATED</code>.
          </li>
          <li>
            <strong>Notified bodies</strong>: the four-digit number of the <code className={code}>notified_body</code>{' '}
            fact. Not in a complete NANDO list: <code className={code}>NOTIFIED_BODY_UNKNOWN</code>; not in a partial
            one: <code className={code}>NOTIFIED_BODY_UNVERIFIED</code> (a notice: absence from a partial list proves
            nothing); notified for none of the acts the document cites that have notified bodies:{' '}
            <code className={code}>NOTIFIED_BODY_NOT_NOTIFIED_FOR_ACT</code>.
          </li>
          <li>
            <strong>The end date</strong>: the earliest of the document&apos;s own validity and the dates of cessation
            of the editions it cites, with the reason.
          </li>
        </ul>
        <p>
          Not checked: the standards of test reports (their lists mix the standards tested with those their methods
          cite), standards the list does not hold (the answer says when the list is partial), and whether the standard
          covers every essential requirement of the product.
        </p>
      </section>

      <section className="mt-8 grid gap-3 text-sm">
        <h2 className="text-lg font-semibold">Warning or blocker: what each act says</h2>
        <p>
          A finding of an accepted evidence document appears on the SKU (rule{' '}
          <code className={code}>builtin.evidence_currency</code>). A ceased edition is a warning unless the act allows
          the manufacturer&apos;s own check only on harmonised standards and the document names no notified body.
        </p>
        <Card className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead>
              <tr className="border-b border-border">
                <th className="px-3 py-2">Act</th>
                <th className="px-3 py-2">Ceased edition</th>
                <th className="px-3 py-2">Why</th>
              </tr>
            </thead>
            <tbody>
              {ACTS.map((a) => (
                <tr key={a.key} className="border-b border-border align-top">
                  <td className="px-3 py-2">{a.title}</td>
                  <td className="px-3 py-2">
                    {a.cessation === 'blocker_without_nb'
                      ? `Blocker without a notified body${a.conditionalArticles ? ` (Art. ${a.conditionalArticles.join(', ')} standards)` : ''}`
                      : 'Warning'}
                  </td>
                  <td className="px-3 py-2 text-muted-foreground">{a.cessationBasis}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </Card>
      </section>

      <section className="mt-8 grid gap-3 text-sm">
        <h2 className="text-lg font-semibold">The data in use</h2>
        <ul className="list-disc space-y-2 pl-5">
          <li>
            Harmonised standards <code className={code}>{data.standards.version}</code> ({data.standards.coverage},{' '}
            {data.standards.entries} entries): {data.standards.source}
          </li>
          <li>
            Notified bodies <code className={code}>{data.notified_bodies.version}</code> (
            {data.notified_bodies.coverage}, {data.notified_bodies.entries} bodies): {data.notified_bodies.source}
          </li>
        </ul>
        <p>
          The snapshots live in <code className={code}>lib/currency/data/</code> and are updated with{' '}
          <code className={code}>scripts/update-currency-data.ts</code> from the published sources: the Official
          Journal&apos;s list per act (its five columns: ESO, reference and title, first publication, superseded
          standard, date of cessation) as CSV, XLSX, HTML or URL, and a NANDO export of notified bodies. A deployment
          can point <code className={code}>CURRENCY_DATA_DIR</code> at a directory of newer snapshots.
        </p>
        <pre
          tabIndex={0}
          className={pre}
        >{`npx tsx scripts/update-currency-data.ts standards toys-list.xlsx --act 2009/48/EC --published 2021-11-16
npx tsx scripts/update-currency-data.ts bodies nando-toys.csv --act 2009/48/EC
npx tsx scripts/update-currency-data.ts check`}</pre>
      </section>

      <section className="mt-8 grid gap-3 text-sm">
        <h2 className="text-lg font-semibold">API</h2>
        <ul className="list-disc space-y-1 pl-5">
          <li>
            <code className={code}>GET /api/documents/{'{id}'}/currency</code>: the end date, every end, the findings
            and what was not checked, evaluated now.
          </li>
          <li>
            <code className={code}>
              GET /api/currency/findings?status=open|resolved|all&amp;severity=&amp;document_id=
            </code>
            : the recorded findings, newest first, cursor-paged; <code className={code}>raised_at</code> is when the
            daily check first found one (or found it again).
          </li>
          <li>
            <code className={code}>POST /api/currency/reevaluate</code>: run the daily check for the workspace now (a
            job; poll <code className={code}>/api/jobs/{'{id}'}</code>).
          </li>
          <li>
            <code className={code}>GET /api/currency/data</code>: the snapshots in use.
          </li>
        </ul>
        <p>
          Bearer keys need <code className={code}>documents:read</code>. Schemas:{' '}
          <Link href="/docs/api" className="font-medium text-primary underline underline-offset-2">
            API reference
          </Link>{' '}
          (tag Currency). In the app: Watch &rarr; Evidence currency (<code className={code}>/watch/currency</code>).
        </p>
      </section>
    </main>
  );
}
