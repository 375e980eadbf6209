import type { Metadata } from 'next';
import Link from 'next/link';
import { Card } from '@/components/ui/card';
import { AI_MONTHLY_TOKENS } from '@/lib/ai/budget';
import { PLANS, PLAN_IDS } from '@/lib/plans';

export const metadata: Metadata = {
  title: 'AI assistant',
  description:
    'How the AI fill, product research and sync from linked entities work: cited suggestions, human review, degraded mode, limits.',
};

const code = 'rounded bg-surface-muted px-1 py-0.5 font-mono text-xs';
const pre = 'overflow-x-auto bg-slate-950 px-5 py-4 font-mono text-xs leading-relaxed text-slate-100';

const conflict = `HTTP/1.1 409 Conflict
{ "error": "An AI fill is already processing for this SKU.",
  "job_id": "6f1c…", "status": "processing" }`;

export default function AiDocsPage() {
  return (
    <main id="main" className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 lg:py-12">
      <header>
        <p className="text-xs font-medium text-muted-foreground">API documentation</p>
        <h1 className="mt-1 text-2xl font-semibold tracking-tight">AI assistant</h1>
        <p className="mt-2 text-sm text-muted-foreground">
          AI suggestions are never compliance data until a person accepts them. Every value the assistant proposes
          carries the document, page and verbatim quote it came from; a value whose quote does not occur in the cited
          document is dropped before anyone sees it.
        </p>
      </header>

      <Card className="mt-6 grid gap-3 px-5 py-4 text-sm">
        <h2 className="font-semibold">Fill missing fields</h2>
        <p>
          <code className={code}>POST /api/skus/{'{id}'}/ai-fill</code> with an optional{' '}
          <code className={code}>{'{"fields": [...]}'}</code> queues a job and answers <code className={code}>202</code>{' '}
          at once. Without <code className={code}>fields</code> it asks for the fields the SKU&apos;s open blockers
          need. Poll <code className={code}>GET /api/skus/{'{id}'}/ai-fill/job</code>: status pending, processing,
          completed, completed_degraded, failed or cancelled, with progress, the suggestions (field_key, value,
          confidence, reasoning of at most 300 characters), their citations, the answers refused and why, the provider
          and model, and the tokens used.
        </p>
        <p>
          The job reads the text of the SKU&apos;s linked documents page by page, the facts already extracted and the
          linked operators. Text in documents is treated as data: an instruction written into a document (&ldquo;ignore
          previous instructions…&rdquo;) is never evidence. Suggestions land in the dossier&apos;s review flow (source
          AI suggestion) where they are accepted or rejected one by one or per document. Fields a linked operator
          provides are not guessed: sync them instead.
        </p>
        <p>
          Without an AI provider, or when the provider fails (error, timeout, rate limit, output that does not fit the
          schema), the rules extractor fills what it can and the job ends{' '}
          <code className={code}>completed_degraded</code> with the reason.{' '}
          <code className={code}>POST …/ai-fill/cancel</code> stops a pending or processing job; it stores nothing.
        </p>
        <p>
          While a job is pending or processing, another request answers 409 with this body (not the error envelope):
        </p>
        <pre tabIndex={0} className={pre}>
          {conflict}
        </pre>
      </Card>

      <Card className="mt-6 grid gap-3 px-5 py-4 text-sm">
        <h2 className="font-semibold">Sync from a linked operator</h2>
        <p>
          <code className={code}>
            POST /api/skus/{'{id}'}/fields/{'{fieldId}'}/sync-from-entity
          </code>{' '}
          copies the linked manufacturer&apos;s, importer&apos;s or EU responsible person&apos;s current name, postal
          address, country, email or website into the field as a confirmed value whose provenance names the entity.{' '}
          <code className={code}>?dry_run=true</code> shows the old and new value; an{' '}
          <code className={code}>Idempotency-Key</code> replays the first answer. 409{' '}
          <code className={code}>NO_LINKED_ENTITY</code> when no operator of that role is linked.
        </p>
      </Card>

      <Card className="mt-6 grid gap-3 px-5 py-4 text-sm">
        <h2 className="font-semibold">Product research</h2>
        <p>
          <code className={code}>POST /api/research/product</code> looks for the manufacturer website, product category,
          EAN and HS code in the SKU&apos;s documents, on the manufacturer&apos;s page (schema.org data, GTINs with a
          valid check digit) and, with a provider, through the model reading those sources. Each finding has a{' '}
          <code className={code}>source_url</code> you can open and a <code className={code}>source_snippet</code> that
          occurs there. Nothing is written to the dossier; answers are cached per SKU and request for a day.
        </p>
        <p>
          Web search (opt-in, <code className={code}>AI_WEB_SEARCH=true</code> with an OpenAI provider whose Responses
          API offers the <code className={code}>web_search</code> tool): for the fields the documents, the website and
          the model left open, the provider searches the web. A result is kept only when its page is one the provider
          cited, that page, fetched again by the server (public addresses only), contains the snippet, and the value
          passes the same checks (an EAN needs a valid check digit). The response&apos;s{' '}
          <code className={code}>web_search</code> says whether it ran (<code className={code}>used</code>,{' '}
          <code className={code}>skipped</code>, <code className={code}>disabled</code>,{' '}
          <code className={code}>failed</code> with a reason) and how many results were dropped; a provider error or
          timeout leaves the other sources&apos; answer, the open fields marked{' '}
          <code className={code}>search_failed</code>. Its tokens count against the same monthly allowance.
        </p>
      </Card>

      <Card className="mt-6 grid gap-3 px-5 py-4 text-sm">
        <h2 className="font-semibold">Limits</h2>
        <p>
          AI calls have their own rate limit per user or key, and a monthly allowance of tokens per plan; once it is
          spent, AI operations answer 402{' '}
          <Link className="text-primary underline underline-offset-2" href="/docs/errors#ai_budget_exhausted">
            AI_BUDGET_EXHAUSTED
          </Link>{' '}
          until the first of the next month (rules-based features keep working).
        </p>
        <ul className="grid gap-1">
          {PLAN_IDS.map((p) => (
            <li key={p}>
              {PLANS[p].label}: {AI_MONTHLY_TOKENS[p].toLocaleString('en')} tokens a month
            </li>
          ))}
        </ul>
      </Card>
    </main>
  );
}
