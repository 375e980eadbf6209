import type { Metadata } from 'next';
import Link from 'next/link';
import { Link2 } from 'lucide-react';
import { ERROR_CODES } from '@/lib/errors';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';

export const metadata: Metadata = {
  title: 'Error codes',
  description: 'Every error code the API answers with: its HTTP status, whether a retry can succeed, and what to do.',
};

function statusVariant(status: number): 'danger' | 'warning' | 'info' | 'neutral' {
  if (status >= 500) return 'danger';
  if (status === 429 || status === 409) return 'warning';
  if (status === 401 || status === 403) return 'info';
  return 'neutral';
}

const envelopeFields: [string, string][] = [
  ['error.code', 'Stable machine-readable code from the table below.'],
  ['error.message', 'A sentence for people; may change between versions.'],
  ['error.details', 'Structured details, e.g. fields for validation errors or required_scope.'],
  ['error.doc_url', 'Link to the entry for this code on this page.'],
  ['error.retryable', 'Whether the same request may succeed if sent again.'],
  ['error.support_reference', 'Unique reference of the request; quote it to support.'],
  ['error_code, code', 'Lowercase mirrors of error.code for older clients.'],
  ['correlation_id', 'Same value as error.support_reference.'],
  ['support_email', 'Where to write, on 5xx responses.'],
];

const example = `{
  "error": {
    "code": "INSUFFICIENT_SCOPE",
    "message": "This API key lacks the scope skus:read.",
    "details": { "required_scope": "skus:read" },
    "doc_url": "https://app.example.com/docs/errors#insufficient_scope",
    "retryable": false,
    "support_reference": "req_01J…"
  },
  "error_code": "insufficient_scope",
  "code": "insufficient_scope",
  "correlation_id": "req_01J…"
}`;

export default function ErrorCodesPage() {
  const entries = Object.entries(ERROR_CODES) as [
    string,
    { status: number; retryable: boolean; description: string },
  ][];

  return (
    <main id="main" className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6 lg:py-12">
      <header className="max-w-3xl">
        <p className="text-xs font-medium text-muted-foreground">API documentation</p>
        <h1 className="mt-1 text-2xl font-semibold tracking-tight">Error codes</h1>
        <p className="mt-2 text-sm text-muted-foreground">
          Every failed request answers with the same JSON envelope and one of the {entries.length} codes below. Branch
          on <code className="rounded bg-surface-muted px-1 py-0.5 font-mono text-xs">error.code</code>, show{' '}
          <code className="rounded bg-surface-muted px-1 py-0.5 font-mono text-xs">error.message</code> to people, and
          retry only when{' '}
          <code className="rounded bg-surface-muted px-1 py-0.5 font-mono text-xs">error.retryable</code> is true. See
          the{' '}
          <Link href="/docs/api" className="font-medium text-primary underline underline-offset-2">
            API reference
          </Link>{' '}
          for which operation returns which status.
        </p>
      </header>

      <div className="mt-8 grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <Card className="overflow-hidden">
          <h2 className="border-b border-border px-5 py-3 text-sm font-semibold">The envelope</h2>
          <dl className="divide-y divide-border text-[0.8125rem]">
            {envelopeFields.map(([k, v]) => (
              <div key={k} className="grid grid-cols-[11rem_1fr] gap-3 px-5 py-2">
                <dt>
                  <code className="font-mono text-xs text-foreground">{k}</code>
                </dt>
                <dd className="text-muted-foreground">{v}</dd>
              </div>
            ))}
          </dl>
        </Card>
        <Card className="flex flex-col overflow-hidden">
          <h2 className="border-b border-border px-5 py-3 text-sm font-semibold">
            Example: a key without the needed scope (403)
          </h2>
          <pre
            tabIndex={0}
            className="flex-1 overflow-x-auto bg-slate-950 px-5 py-4 font-mono text-xs leading-relaxed text-slate-100"
          >
            {example}
          </pre>
        </Card>
      </div>

      <Card className="mt-6 overflow-hidden">
        <h2 className="border-b border-border px-5 py-3 text-sm font-semibold">All codes</h2>
        <Table aria-label="Error codes">
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              <TableHead className="w-64">Code</TableHead>
              <TableHead className="w-20">Status</TableHead>
              <TableHead className="w-24">Retryable</TableHead>
              <TableHead>Meaning and what to do</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {entries.map(([code, e]) => {
              const anchor = code.toLowerCase();
              return (
                <TableRow key={code} id={anchor} className="error-entry" data-testid="error-entry">
                  <TableCell className="align-top">
                    <a
                      href={`#${anchor}`}
                      className="group inline-flex items-center gap-1.5 font-mono text-xs font-medium text-foreground hover:text-primary"
                    >
                      {code}
                      <Link2
                        className="size-3 opacity-0 transition-opacity group-hover:opacity-100 group-focus-visible:opacity-100"
                        aria-hidden="true"
                      />
                      <span className="sr-only">(link to this entry)</span>
                    </a>
                  </TableCell>
                  <TableCell className="align-top">
                    <Badge variant={statusVariant(e.status)} className="font-mono tabular-nums">
                      {e.status}
                    </Badge>
                  </TableCell>
                  <TableCell className="align-top text-muted-foreground">{e.retryable ? 'Yes' : 'No'}</TableCell>
                  <TableCell className="align-top text-foreground/90">{e.description}</TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </Card>
    </main>
  );
}
