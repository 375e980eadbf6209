'use client';

import * as React from 'react';
import { ExternalLink, Search } from 'lucide-react';
import { apiFetch, describeError } from '@/components/api/client';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import type { ResearchField, ResearchResult } from './types';
import { RoleGate } from '@/components/team/role-gate';

const FIELDS: { key: ResearchField; label: string }[] = [
  { key: 'manufacturer_website', label: 'Manufacturer website' },
  { key: 'product_category', label: 'Product category' },
  { key: 'ean', label: 'EAN / GTIN' },
  { key: 'hs_code', label: 'HS code' },
];
const labelOf = (k: string) => FIELDS.find((f) => f.key === k)?.label ?? k;

/** Research of website, category, EAN and HS code, each finding with the source it can be checked in. */
export function ResearchPanel({ skuId }: { skuId: string }) {
  const [chosen, setChosen] = React.useState<ResearchField[]>(FIELDS.map((f) => f.key));
  const [result, setResult] = React.useState<ResearchResult | null>(null);
  const [error, setError] = React.useState<string | null>(null);
  const [busy, setBusy] = React.useState(false);

  async function run() {
    setBusy(true);
    setError(null);
    try {
      setResult(
        await apiFetch<ResearchResult>('/api/research/product', {
          method: 'POST',
          body: { sku_id: skuId, fields_to_research: chosen },
        }),
      );
    } catch (e) {
      setError(describeError(e).title);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section
      className="grid gap-3 rounded-md border border-border bg-surface-muted/40 p-3"
      aria-label="Product research"
      data-testid="ai-research"
    >
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        {FIELDS.map((f) => (
          <label key={f.key} className="flex items-center gap-1.5 text-xs">
            <Checkbox
              checked={chosen.includes(f.key)}
              onCheckedChange={(v) => setChosen((c) => (v ? [...c, f.key] : c.filter((x) => x !== f.key)))}
            />
            {f.label}
          </label>
        ))}
        <RoleGate need={'edit'}>
          <Button
            size="sm"
            variant="secondary"
            className="ml-auto h-7"
            onClick={run}
            loading={busy}
            disabled={!chosen.length}
            data-testid="ai-research-run"
          >
            <Search aria-hidden="true" />
            Research
          </Button>
        </RoleGate>
      </div>
      {error ? <Alert variant="danger" title={error} /> : null}
      {result ? (
        <div className="grid gap-2 text-xs" data-testid="ai-research-result" data-status={result.status}>
          <p className="text-muted-foreground">
            {result.findings.length
              ? `${result.findings.length} finding${result.findings.length === 1 ? '' : 's'}`
              : 'Nothing found'}
            {result.cached ? ' (from the last search)' : ''}
            {result.provider_available ? '' : ' · no AI provider configured: documents and the manufacturer page only'}
          </p>
          <ul className="grid gap-2">
            {result.findings.map((f) => (
              <li
                key={f.field}
                className="rounded-md border border-border bg-surface px-3 py-2"
                data-testid="ai-research-finding"
              >
                <div className="flex items-center justify-between gap-2">
                  <span className="text-muted-foreground">{labelOf(f.field)}</span>
                  <Badge variant="neutral">{Math.round(f.confidence * 100)} %</Badge>
                </div>
                <p className="font-medium break-words">{f.suggested_value}</p>
                <blockquote className="mt-1 border-l-2 border-border-strong pl-2 break-words text-muted-foreground">
                  {f.source_snippet}
                </blockquote>
                <a
                  href={f.source_url}
                  target="_blank"
                  rel="noopener noreferrer nofollow"
                  className="mt-1 inline-flex items-center gap-1 break-all text-primary hover:underline"
                >
                  {f.source_url}
                  <ExternalLink className="size-3 shrink-0" aria-hidden="true" />
                </a>
              </li>
            ))}
          </ul>
          {result.fields?.some((f) => f.status !== 'found') ? (
            <p className="text-muted-foreground">
              Not found:{' '}
              {result.fields
                .filter((f) => f.status !== 'found')
                .map((f) => `${labelOf(f.field)}${f.error === 'search_failed' ? ' (search failed)' : ''}`)
                .join(', ')}
            </p>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
