'use client';

import * as React from 'react';
import { ExternalLink, Search } from 'lucide-react';
import { describeError } from '@/components/api/client';
import { useApiMutation } from '@/components/api/queries/use-api-mutation';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import type { ResearchField, ResearchResult } from './types';
import { RoleGate } from '@/components/team/role-gate';
import { useT } from '@/components/i18n/locale-provider';
import { aiMessages } from '@/lib/i18n/ui/ai';

const FIELDS: readonly ResearchField[] = ['manufacturer_website', 'product_category', 'ean', 'hs_code'];

/** Research of website, category, EAN and HS code, each finding with the source it can be checked in. */
export function ResearchPanel({ skuId }: { skuId: string }) {
  const t = useT(aiMessages);
  const labelOf = (k: string) => {
    const known = FIELDS.find((f) => f === k);
    return known ? t(`research.${known}`) : k;
  };
  const [chosen, setChosen] = React.useState<ResearchField[]>([...FIELDS]);
  const [result, setResult] = React.useState<ResearchResult | null>(null);
  const research = useApiMutation<ResearchResult, ResearchField[]>({
    request: (fields) => ({
      path: '/api/research/product',
      method: 'POST',
      body: { sku_id: skuId, fields_to_research: fields },
    }),
  });
  const busy = research.pending;
  const error = research.error ? describeError(research.error).title : null;

  async function run() {
    try {
      setResult(await research.run(chosen));
    } catch {
      // Shown below through research.error.
    }
  }

  return (
    <section
      className="grid gap-3 rounded-md border border-border bg-surface-muted/40 p-3"
      aria-label={t('research.label')}
      data-testid="ai-research"
    >
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        {FIELDS.map((f) => (
          <label key={f} className="flex items-center gap-1.5 text-xs">
            <Checkbox
              checked={chosen.includes(f)}
              onCheckedChange={(v) => setChosen((c) => (v ? [...c, f] : c.filter((x) => x !== f)))}
            />
            {labelOf(f)}
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
            {t('research.run')}
          </Button>
        </RoleGate>
      </div>
      {error ? <Alert variant="danger" title={error} /> : null}
      {result ? (
        <div className="grid gap-2 text-xs" data-testid="ai-research-result" data-status={result.status}>
          <p className="text-muted-foreground">
            {result.findings.length ? t('research.findings', { count: result.findings.length }) : t('research.nothing')}
            {result.cached ? ` ${t('research.cached')}` : ''}
            {result.provider_available ? '' : ` · ${t('research.no_provider')}`}
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
              {t('research.not_found', {
                fields: result.fields
                  .filter((f) => f.status !== 'found')
                  .map((f) =>
                    f.error === 'search_failed'
                      ? t('research.search_failed', { field: labelOf(f.field) })
                      : labelOf(f.field),
                  )
                  .join(', '),
              })}
            </p>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
